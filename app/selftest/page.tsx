'use client';

/**
 * /selftest — runs the Runtime port's contract suite in this tab against a real adapter:
 * `?runtime=offline` (default), `webcontainer` or `auto`; `?bootTimeoutMs=` bounds the boot.
 * The e2e suite reads the results list and the summary line.
 */
import { useEffect, useRef, useState } from 'react';
import { bootRuntime, type BootedRuntime } from '@/lib/runtime/boot';
import { resolveBootTimeoutMs, resolveRuntimeChoice } from '@/lib/runtime/choice';
import { contractCases, runContract, type ContractResult } from '@/lib/runtime/contract';
import { errorMessage } from '../../lib/error-message';

type Phase = { kind: 'booting'; detail: string } | { kind: 'running'; runtime: string } | { kind: 'done'; runtime: string } | { kind: 'boot-failed' };

const line = (r: ContractResult) => (r.ok ? `PASS ${r.name}` : `FAIL ${r.name}: ${r.reason ?? 'failed'}`);

export default function SelftestPage() {
  const [phase, setPhase] = useState<Phase>({ kind: 'booting', detail: 'Starting…' });
  const [results, setResults] = useState<ContractResult[]>([]);
  // Run once per page load: StrictMode's second effect run must not start a second suite.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const url = new URLSearchParams(window.location.search);
    const choice = resolveRuntimeChoice({ url, envDefault: 'offline' });
    const timeoutMs = resolveBootTimeoutMs({ url });
    void (async () => {
      let booted: BootedRuntime;
      try {
        booted = await bootRuntime(choice, {
          timeoutMs,
          onStatus: (detail) => setPhase({ kind: 'booting', detail }),
        });
      } catch (error) {
        const reason = errorMessage(error);
        setResults([{ name: `boot ${choice}`, ok: false, reason, ms: 0 }]);
        setPhase({ kind: 'boot-failed' });
        return;
      }
      const runtime = `${booted.kind}${booted.fellBack ? ' (fell back)' : ''}, booted in ${booted.bootMs} ms`;
      setPhase({ kind: 'running', runtime });
      await runContract(booted.runtime, { onResult: (r) => setResults((prev) => [...prev, r]) });
      setPhase({ kind: 'done', runtime });
    })();
  }, []);

  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  const finished = phase.kind === 'done' || phase.kind === 'boot-failed';

  return (
    <main style={{ fontFamily: 'ui-monospace, monospace', padding: 16, lineHeight: 1.5 }}>
      <h1 style={{ fontSize: 18 }}>Runtime contract self-test</h1>
      <p>
        {phase.kind === 'booting' && phase.detail}
        {(phase.kind === 'running' || phase.kind === 'done') && `Runtime: ${phase.runtime}`}
        {phase.kind === 'boot-failed' && 'The runtime did not boot.'}
      </p>
      <ul aria-label="Contract results" style={{ listStyle: 'none', padding: 0 }}>
        {results.map((r) => (
          <li key={r.name} style={{ color: r.ok ? '#1a7f37' : '#cf222e' }}>
            {line(r)}
            {r.ok && <span style={{ color: '#888' }}> ({r.ms} ms)</span>}
          </li>
        ))}
      </ul>
      {finished ? (
        <p role="status">{`${passed} passed, ${failed} failed`}</p>
      ) : (
        <p>{phase.kind === 'running' ? `Running ${results.length + 1} of ${contractCases.length}…` : 'Booting…'}</p>
      )}
    </main>
  );
}
