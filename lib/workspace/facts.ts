/** Runtime facts derived from the workspace: installed packages from package.json, ports from the runtime. */
import type { PortEvent } from '@/lib/runtime/port';
import type { RuntimeFacts } from './types';

/**
 * dependencies + devDependencies names, sorted; [] when there is no package.json, null when it is not valid
 * JSON (half-typed while the user edits: the caller keeps the last good list rather than flapping to []).
 */
export function packageNames(packageJson: string | null): string[] | null {
  if (packageJson === null) return [];
  try {
    const parsed: unknown = JSON.parse(packageJson);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const names = new Set<string>();
    for (const field of ['dependencies', 'devDependencies'] as const) {
      const deps: unknown = (parsed as Record<string, unknown>)[field];
      if (typeof deps === 'object' && deps !== null) for (const name of Object.keys(deps)) names.add(name);
    }
    return [...names].sort();
  } catch {
    return null;
  }
}

export function applyPortEvent(facts: RuntimeFacts, event: PortEvent): RuntimeFacts {
  const ports = new Set(facts.ports);
  if (event.type === 'open') ports.add(event.port);
  else ports.delete(event.port);
  const sorted = [...ports].sort((a, b) => a - b);
  return { ...facts, ports: sorted, serverRunning: sorted.length > 0 };
}

export function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
