/**
 * Boots what /bench measures. Every real choice goes through bootRuntime, exactly as the IDE boots it; the
 * in-page baseline calls the offline runtime's own factory in this page, timed the same way (call to ready,
 * lazy import included), so the two figures differ only by the frame and its message port.
 */
import { bootRuntime } from '@/lib/runtime/boot';
import type { Runtime, RuntimeKind } from '@/lib/runtime/port';
import type { BenchParams } from './bench-params';

export interface BenchBooted {
  runtime: Runtime;
  kind: RuntimeKind;
  bootMs: number;
  fellBack: boolean;
  /** Where the user's code runs: the runtime frame on another site, this page, or WebContainer's frame. */
  runsIn: 'runtime-frame' | 'this-page' | 'webcontainer';
}

export async function bootBenchRuntime({ runtime, timeoutMs }: BenchParams, onStatus: (text: string) => void): Promise<BenchBooted> {
  if (runtime === 'offline-inpage') {
    onStatus('Starting the offline runtime in this page (baseline)…');
    const started = performance.now();
    const { createOfflineRuntime } = await import('@/lib/runtime-frame/offline');
    const inPage = await createOfflineRuntime();
    return { runtime: inPage, kind: 'offline', bootMs: Math.round(performance.now() - started), fellBack: false, runsIn: 'this-page' };
  }
  const booted = await bootRuntime(runtime, { timeoutMs, onStatus });
  return { ...booted, runsIn: booted.kind === 'offline' ? 'runtime-frame' : 'webcontainer' };
}
