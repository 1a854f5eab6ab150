'use client';

import { useEffect, useState } from 'react';
import { bootRuntime } from '@/lib/runtime/boot';
import type { Runtime, RuntimeKind } from '@/lib/runtime/port';
import { readBenchParams } from './bench-params';
import { agentBench, type AgentBench } from './agent-handle';
import { workspaceBench, type WorkspaceBench } from './workspace-handle';
import { errorMessage } from '../../lib/error-message';

/**
 * /bench: a bare page that boots one runtime and hands it to `npm run bench` (bench/run.mjs), which drives
 * it through Playwright. Nothing else is on the page, so the figures are the runtime's, not the IDE's.
 */

interface BenchHandle {
  runtime: Runtime;
  kind: RuntimeKind;
  bootMs: number;
  fellBack: boolean;
}

interface BenchFailure {
  name: string;
  code?: string;
  message: string;
  /** Time from the start of the boot call to the failure. */
  elapsedMs: number;
}

declare global {
  interface Window {
    __tabsmithBench?: BenchHandle;
    __tabsmithBenchError?: BenchFailure;
    /** The workspace modules (persistence, zip, locks, open), for bench/cases/workspace-*.mjs. */
    __tabsmithWorkspace?: WorkspaceBench;
    /** The agent executor + tool client, for bench/cases/agent-executor.mjs. */
    __tabsmithAgent?: AgentBench;
  }
}

export default function BenchPage() {
  const [lines, setLines] = useState<string[]>(['Booting…']);

  useEffect(() => {
    window.__tabsmithWorkspace = workspaceBench;
    window.__tabsmithAgent = agentBench;
    const { choice, timeoutMs } = readBenchParams(window.location.search);
    const log = (line: string) => setLines((previous) => [...previous, line]);
    const startedAt = performance.now();
    log(`runtime=${choice}${timeoutMs ? ` bootTimeoutMs=${timeoutMs}` : ''}`);
    bootRuntime(choice, { timeoutMs, onStatus: log }).then(
      ({ runtime, kind, bootMs, fellBack }) => {
        window.__tabsmithBench = { runtime, kind, bootMs, fellBack };
        log(`ready: ${kind} booted in ${Math.round(bootMs)} ms${fellBack ? ' (fell back)' : ''}`);
      },
      (error: unknown) => {
        const failure: BenchFailure = {
          name: error instanceof Error ? error.name : 'Error',
          code: typeof error === 'object' && error && 'code' in error ? String(error.code) : undefined,
          message: errorMessage(error),
          elapsedMs: performance.now() - startedAt,
        };
        window.__tabsmithBenchError = failure;
        log(`failed: ${failure.message}`);
      },
    );
  }, []);

  return (
    <main style={{ fontFamily: 'monospace', padding: 16 }}>
      <h1>Tabsmith bench</h1>
      <pre role="log" aria-label="Bench log">
        {lines.join('\n')}
      </pre>
    </main>
  );
}
