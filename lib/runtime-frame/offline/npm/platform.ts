/**
 * Which packages can run here, by their `os`, `cpu` and `libc` fields (npm-install-checks' rules: a `!x` entry
 * excludes x, plain entries list what is allowed). The runtime reports Linux, but no native binary can load in
 * a browser, so its CPU is `wasm32`: packages built for a real CPU are skipped and their `wasm32` variants (or
 * packages without platform fields) are chosen.
 */
export interface Platform {
  os: string;
  cpu: string;
  /** Undefined: no C library, so a package that names one does not fit. */
  libc?: string;
}

export const RUNTIME_PLATFORM: Platform = { os: 'linux', cpu: 'wasm32' };

interface PlatformFields {
  os?: readonly string[];
  cpu?: readonly string[];
  libc?: readonly string[];
}

function fits(list: readonly string[] | undefined, current: string | undefined): boolean {
  if (!list || list.length === 0) return true;
  const allowed = list.filter((entry) => !entry.startsWith('!'));
  if (current !== undefined && list.includes(`!${current}`)) return false;
  return allowed.length === 0 || (current !== undefined && allowed.includes(current));
}

/** Null when the package fits the platform, otherwise why not (e.g. `cpu x64`). */
export function platformMismatch(fields: PlatformFields, platform: Platform = RUNTIME_PLATFORM): string | null {
  if (!fits(fields.os, platform.os)) return `os ${fields.os?.join('/')}`;
  if (!fits(fields.cpu, platform.cpu)) return `cpu ${fields.cpu?.join('/')}`;
  if (!fits(fields.libc, platform.libc)) return `libc ${fields.libc?.join('/')}`;
  return null;
}
