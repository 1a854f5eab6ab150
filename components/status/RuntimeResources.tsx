'use client';

import { useEffect, useState } from 'react';
import { errorMessage } from '@/lib/error-message';
import type { Runtime, RuntimeResources as Figures } from '@/lib/runtime/port';
import { resourceWarnings } from '@/lib/runtime/resource-warnings';
import { formatBytes } from '@/lib/workspace/storage';
import styles from './status.module.css';

/** Often enough to notice a stuck program within seconds, rarely enough to cost nothing. */
const POLL_MS = 3_000;
/** A runtime that does not answer within this is busy itself; its watchdog says so, this part waits. */
const ANSWER_MS = 5_000;

const HEAP_EXPLAINED =
  "The JS heap of the runtime's engine: the workspace's files as the runtime holds them, its shells and tools. Each node program runs on a thread of its own, whose memory is not counted here.";

/**
 * The status bar's runtime figures (runtimes that report them): the engine's memory, and a warning with a Stop
 * button for a program that has stopped answering (a loop that never yields), or when memory nears the limit.
 */
export function RuntimeResources({ runtime }: { runtime: Runtime }) {
  const [figures, setFigures] = useState<Figures | null>(null);
  const [stopError, setStopError] = useState<string | null>(null);

  useEffect(() => {
    const read = runtime.resources?.bind(runtime);
    if (!read) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      if (document.visibilityState === 'visible') {
        const answer = await Promise.race([read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), ANSWER_MS))]).catch(() => null);
        if (!live) return;
        if (answer) setFigures(answer);
      }
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [runtime]);

  if (!figures || !runtime.resources) return null;
  const warnings = resourceWarnings(figures);
  const stop = (id: number) => {
    setStopError(null);
    runtime.stopThread?.(id).catch((error: unknown) => setStopError(`Could not stop it: ${errorMessage(error)}`));
    // Gone from the warning at once; the next reading confirms it.
    setFigures((current) => current && { ...current, threads: current.threads.filter((thread) => thread.id !== id) });
  };

  return (
    <span className={styles.resources}>
      {figures.heapUsedBytes !== null && (
        <span title={HEAP_EXPLAINED} aria-label={`Runtime memory ${formatBytes(figures.heapUsedBytes)}`}>
          {`memory ${formatBytes(figures.heapUsedBytes)}`}
        </span>
      )}
      {warnings.busy.map((thread) => (
        <span key={thread.id} role="alert" className={styles.resourceWarning}>
          <span className={styles.figures} title={thread.command}>{`${thread.command} is not responding (busy ${Math.round(thread.busyForMs / 1000)} s)`}</span>
          <button type="button" className={styles.export} aria-label={`Stop ${thread.command}`} onClick={() => stop(thread.id)}>
            Stop
          </button>
        </span>
      ))}
      {warnings.heapShare !== null && figures.heapUsedBytes !== null && figures.heapLimitBytes !== null && (
        <span role="alert" className={styles.resourceWarning}>
          {`Runtime memory is high: ${formatBytes(figures.heapUsedBytes)} of ${formatBytes(figures.heapLimitBytes)}. Stop a program or remove large files to keep the tab responsive.`}
        </span>
      )}
      {stopError && (
        <span role="alert" className={styles.warning}>
          {stopError}
        </span>
      )}
    </span>
  );
}
