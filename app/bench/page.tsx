'use client';

import { useEffect, useState } from 'react';
import { readBenchParams } from './bench-params';
import { bootBenchRuntime, type BenchBooted } from './boot-bench-runtime';
import { agentBench, type AgentBench } from './agent-handle';
import { workspaceBench, type WorkspaceBench } from './workspace-handle';
import { errorMessage } from '../../lib/error-message';

/**
 * /bench: a bare page that boots one runtime and hands it to `npm run bench` (bench/run.mjs), which drives
 * it through Playwright. Nothing else is on the page, so the figures are the runtime's, not the IDE's.
 */

interface BenchFailure {
  name: string;
  code?: string;
  message: string;
  /** Time from the start of the boot call to the failure. */
  elapsedMs: number;
}

declare global {
  interface Window {
    __tabsmithBench?: BenchBooted;
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
    const params = readBenchParams(window.location.search);
    const log = (line: string) => setLines((previous) => [...previous, line]);
    const startedAt = performance.now();
    log(`runtime=${params.runtime}${params.timeoutMs ? ` bootTimeoutMs=${params.timeoutMs}` : ''}`);
    bootBenchRuntime(params, log).then(
      (booted) => {
        window.__tabsmithBench = booted;
        const { kind, bootMs, fellBack, runsIn } = booted;
        log(`ready: ${kind} (runs in ${runsIn}) booted in ${Math.round(bootMs)} ms${fellBack ? ' (fell back)' : ''}`);
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
