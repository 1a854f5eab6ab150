/**
 * The options of Node's stat calls the shim ignored: `bigint: true` gives BigIntStats (every number a bigint,
 * and the times in nanoseconds as well, `atimeNs` …), and `throwIfNoEntry: false` makes a missing path answer
 * undefined instead of throwing ENOENT.
 */
type Fn = (...args: unknown[]) => unknown;

const TIMES = ['atime', 'mtime', 'ctime', 'birthtime'];

function toBigIntStats(stats: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stats)) out[key] = typeof value === 'number' ? BigInt(Math.floor(value)) : value;
  for (const time of TIMES) {
    const ms = stats[`${time}Ms`];
    if (typeof ms === 'number') out[`${time}Ns`] = BigInt(Math.floor(ms)) * 1000000n + BigInt(Math.round((ms % 1) * 1e6));
  }
  return out;
}

export function addStatOptions(fs: Record<string, unknown>): void {
  for (const name of ['statSync', 'lstatSync', 'fstatSync']) {
    const original = fs[name] as Fn;
    fs[name] = (target: unknown, options?: { bigint?: boolean; throwIfNoEntry?: boolean }) => {
      let stats: Record<string, unknown>;
      try {
        stats = original(target) as Record<string, unknown>;
      } catch (error) {
        if (options?.throwIfNoEntry === false && (error as { code?: string }).code === 'ENOENT' && name !== 'fstatSync') return undefined;
        throw error;
      }
      return options?.bigint ? toBigIntStats(stats) : stats;
    };
  }
}
