/**
 * Which command a name means, in bash's order: builtins, then the runtime's own programs (node, npm, npx,
 * git), then a path or a PATH entry in the workspace (`node_modules/.bin` links, `#!` scripts), then the
 * coreutils. The runtime's programs and coreutils answer to /usr/bin/<name>, which exists only in name.
 */
import { dirname, joinPath, resolvePath } from '../paths';
import type { ShellHost } from './host';
import { SYSTEM_BIN_DIRS } from './session';

export type Resolution =
  | { kind: 'builtin' }
  | { kind: 'program'; path: string }
  | { kind: 'coreutil'; path: string }
  | { kind: 'file'; path: string }
  | { kind: 'unavailable'; message: string }
  | { kind: 'missing'; message: string };

export const BUILTIN_NAMES = [
  '.', ':', 'cd', 'clear', 'command', 'echo', 'env', 'exit', 'export', 'false', 'help', 'history', 'printenv', 'pwd',
  'source', 'true', 'type', 'unset', 'which',
] as const;
const BUILTINS = new Set<string>(BUILTIN_NAMES);

const NOT_HERE: Record<string, string> = {
  python: 'Python', python3: 'Python', pip: 'Python', pip3: 'Python', ruby: 'Ruby', go: 'Go', java: 'Java',
  cargo: 'Rust', php: 'PHP', deno: 'Deno', bun: 'Bun',
};

const systemPath = (name: string) => `/usr/bin/${name}`;

function isFile(host: ShellHost, path: string): boolean {
  return host.vfs.existsSync(path) && !host.vfs.statSync(path).isDirectory();
}

/** A command in one of the name-only system folders (e.g. /usr/bin/node). */
function systemCommand(path: string, host: ShellHost): Resolution | null {
  if (!SYSTEM_BIN_DIRS.includes(dirname(path))) return null;
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (host.programs[name]) return { kind: 'program', path };
  if (host.coreutils.has(name)) return { kind: 'coreutil', path };
  return null;
}

export function resolveCommand(name: string, env: Record<string, string>, cwd: string, host: ShellHost): Resolution {
  if (BUILTINS.has(name)) return { kind: 'builtin' };
  if (host.programs[name]) return { kind: 'program', path: systemPath(name) };
  if (name.includes('/')) {
    const path = resolvePath(cwd, name);
    if (isFile(host, path)) return { kind: 'file', path };
    const system = systemCommand(path, host);
    if (system) return system;
    const reason = host.vfs.existsSync(path) ? 'Is a directory' : 'No such file or directory';
    return { kind: 'missing', message: `${name}: ${reason}` };
  }
  if (name !== '') {
    for (const entry of (env.PATH ?? '').split(':')) {
      if (entry === '' || SYSTEM_BIN_DIRS.includes(resolvePath('/', entry))) continue;
      const path = joinPath(resolvePath(cwd, entry), name);
      if (isFile(host, path)) return { kind: 'file', path };
    }
  }
  if (host.coreutils.has(name)) return { kind: 'coreutil', path: systemPath(name) };
  const language = NOT_HERE[name];
  if (language) {
    return { kind: 'unavailable', message: `${name}: ${language} is not available here: this runtime runs JavaScript (Node.js) only` };
  }
  return { kind: 'missing', message: `${name}: command not found` };
}

/** Every command name the shell knows at the moment, for Tab completion. */
export function commandNames(env: Record<string, string>, cwd: string, host: ShellHost): string[] {
  const names = new Set<string>([...BUILTINS, ...Object.keys(host.programs), ...host.coreutils.names()]);
  for (const entry of (env.PATH ?? '').split(':')) {
    const dir = resolvePath(cwd, entry || '.');
    if (entry === '' || SYSTEM_BIN_DIRS.includes(dir) || !host.vfs.existsSync(dir) || !host.vfs.statSync(dir).isDirectory()) continue;
    for (const file of host.vfs.readdirSync(dir)) if (isFile(host, joinPath(dir, file))) names.add(file);
  }
  return [...names].filter((name) => /^[\w.+-]+$/.test(name) && name !== '.').sort();
}
