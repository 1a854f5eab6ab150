import type { RuntimeChoice } from '@/lib/runtime/port';

const CHOICES: readonly RuntimeChoice[] = ['offline', 'webcontainer', 'auto'];

export interface BenchParams {
  choice: RuntimeChoice;
  timeoutMs?: number;
}

/** `?runtime=offline|webcontainer|auto` (default offline: the runtime that boots anywhere) and `?bootTimeoutMs=`. */
export function readBenchParams(search: string): BenchParams {
  const params = new URLSearchParams(search);
  const runtime = params.get('runtime');
  const choice = CHOICES.find((c) => c === runtime) ?? 'offline';
  const timeout = Number(params.get('bootTimeoutMs'));
  return Number.isFinite(timeout) && timeout > 0 ? { choice, timeoutMs: timeout } : { choice };
}
