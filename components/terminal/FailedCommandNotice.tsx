'use client';

import { useEffect, useState } from 'react';
import type { Runtime } from '@/lib/runtime/port';
import type { TerminalRequests } from '../../lib/terminal/terminal-requests';
import styles from './terminal.module.css';

/** Exit codes of commands the user stopped (Ctrl+C, Stop all): not failures worth fixing. */
const STOPPED = new Set([0, 130, 143]);

/**
 * When a command the user typed fails, says so under the terminal and offers to hand it to the agent.
 * Commands the agent ran itself are not offered: their failures already went back to the model.
 */
export function FailedCommandNotice({ runtime, requests, onFix }: { runtime: Runtime; requests: TerminalRequests; onFix: (text: string) => void }) {
  const [failure, setFailure] = useState<{ command: string; exitCode: number } | null>(null);

  useEffect(() => {
    const typed = new Set<string>();
    const offTyped = requests.onCommand((command) => typed.add(command));
    const offExit = runtime.onProcessExit(({ command, exitCode }) => {
      if (!typed.has(command)) return;
      typed.delete(command);
      setFailure(STOPPED.has(exitCode) ? null : { command, exitCode });
    });
    return () => {
      offTyped();
      offExit();
    };
  }, [runtime, requests]);

  if (!failure) return null;
  return (
    <div role="status" aria-label="Failed command" className={styles.failure}>
      <span>
        <code>{failure.command}</code> failed with exit code {failure.exitCode}.
      </span>
      <button
        type="button"
        className={styles.failureButton}
        onClick={() => {
          onFix(
            `The command \`${failure.command}\` failed with exit code ${failure.exitCode}. Look at its output in the terminal and the files involved, and fix the cause.`,
          );
          setFailure(null);
        }}
      >
        Fix with agent
      </button>
      <button type="button" className={styles.failureButton} onClick={() => setFailure(null)}>
        Dismiss
      </button>
    </div>
  );
}
