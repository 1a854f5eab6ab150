import { z } from 'zod';

/**
 * What /bench boots. The three runtime choices go through bootRuntime, as the IDE does ('offline' is the runtime
 * frame on another site). 'offline-inpage' runs the offline runtime inside the bench page itself: the old path,
 * kept only here as the baseline that the frame's cost is measured against. The IDE never boots it.
 */
const benchRuntimeSchema = z.enum(['offline', 'webcontainer', 'auto', 'offline-inpage']);
type BenchRuntime = z.infer<typeof benchRuntimeSchema>;

export interface BenchParams {
  runtime: BenchRuntime;
  timeoutMs?: number;
}

/** `?runtime=offline|webcontainer|auto|offline-inpage` (default offline: the runtime that boots anywhere) and `?bootTimeoutMs=`. */
export function readBenchParams(search: string): BenchParams {
  const params = new URLSearchParams(search);
  const parsed = benchRuntimeSchema.safeParse(params.get('runtime'));
  const runtime = parsed.success ? parsed.data : 'offline';
  const timeout = Number(params.get('bootTimeoutMs'));
  return Number.isFinite(timeout) && timeout > 0 ? { runtime, timeoutMs: timeout } : { runtime };
}
