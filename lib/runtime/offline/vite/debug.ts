/**
 * Vite's `DEBUG=vite:*` output, for this server: with DEBUG naming a namespace (`vite:deps`, `vite:*`, `*`,
 * comma-separated), timings of that part are written to the terminal, each with the time since the command
 * started. Off by default: users see only what real Vite prints.
 */
import type { ViteHost } from './host';

export type DebugLog = (message: string) => void;

function enabled(pattern: string | undefined, namespace: string): boolean {
  if (!pattern) return false;
  return pattern.split(/[\s,]+/).some((part) => {
    if (!part || part.startsWith('-')) return false;
    const regex = new RegExp(`^${part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    return regex.test(namespace);
  });
}

let started = performance.now();

/** Times printed from now on count from here (the start of a `vite` command). */
export function resetDebugClock(): void {
  started = performance.now();
}

export function createDebug(host: Pick<ViteHost, 'env' | 'write'>, namespace: string): DebugLog | null {
  if (!enabled(host.env.DEBUG, namespace)) return null;
  return (message) => host.write(`\x1b[2m${namespace} ${message} +${Math.round(performance.now() - started)}ms\x1b[0m\n`);
}

/** Runs `work` and, when debugging, logs how long it took. */
export async function timed<T>(debug: DebugLog | null, label: string, work: () => Promise<T> | T): Promise<T> {
  if (!debug) return work();
  const start = performance.now();
  try {
    return await work();
  } finally {
    debug(`${label} in ${Math.round(performance.now() - start)}ms`);
  }
}
