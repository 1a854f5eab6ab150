/**
 * Which command a name means, in bash's order: builtins, then the runtime's own programs (node, npm, npx,
 * git), then a path or a PATH entry in the workspace (`node_modules/.bin` links, `#!` scripts), then the
 * coreutils. The runtime's programs and coreutils answer to /usr/bin/<name>, which exists only in name.
 */
import { dirname, joinPath, resolvePath } from '../paths';
import type { ShellHost } from './host';
import { SYSTEM_BIN_DIRS } from './session';

type Resolution =
  | { kind: 'builtin' }
  | { kind: 'program' | 'coreutil'; name: string; path: string }
  | { kind: 'file'; path: string }
  /** Not runnable: what to tell the user, and the exit status (127 not found, 126 not executable). */
  | { kind: 'missing'; message: string; status: 126 | 127 };

export const BUILTIN_NAMES = [
  '.',
  ':',
  'cd',
  'clear',
  'command',
  'echo',
  'env',
  'exit',
  'export',
  'false',
  'help',
  'history',
  'printenv',
  'pwd',
  'source',
  'true',
  'type',
  'unset',
  'which',
] as const;
const BUILTINS = new Set<string>(BUILTIN_NAMES);

const NOT_HERE: Record<string, string> = {
  python: 'Python',
  python3: 'Python',
  pip: 'Python',
  pip3: 'Python',
  ruby: 'Ruby',
  go: 'Go',
  java: 'Java',
  cargo: 'Rust',
  php: 'PHP',
  deno: 'Deno',
  bun: 'Bun',
};

const systemPath = (name: string) => `/usr/bin/${name}`;

function isFile(host: ShellHost, path: string): boolean {
  return host.vfs.existsSync(path) && !host.vfs.statSync(path).isDirectory();
}

/** A command in one of the name-only system folders (e.g. /usr/bin/node). */
function systemCommand(path: string, host: ShellHost): Resolution | null {
  if (!SYSTEM_BIN_DIRS.includes(dirname(path))) return null;
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (host.programs[name]) return { kind: 'program', name, path };
  if (host.coreutils.has(name)) return { kind: 'coreutil', name, path };
  return null;
}

export function resolveCommand(name: string, env: Record<string, string>, cwd: string, host: ShellHost): Resolution {
  if (BUILTINS.has(name)) return { kind: 'builtin' };
  if (host.programs[name]) return { kind: 'program', name, path: systemPath(name) };
  if (name.includes('/')) {
    const path = resolvePath(cwd, name);
    if (isFile(host, path)) return { kind: 'file', path };
    const system = systemCommand(path, host);
    if (system) return system;
    if (host.vfs.existsSync(path)) return { kind: 'missing', message: `${name}: Is a directory`, status: 126 };
    return { kind: 'missing', message: `${name}: No such file or directory`, status: 127 };
  }
  if (name !== '') {
    for (const entry of (env.PATH ?? '').split(':')) {
      if (entry === '' || SYSTEM_BIN_DIRS.includes(resolvePath('/', entry))) continue;
      const path = joinPath(resolvePath(cwd, entry), name);
      if (isFile(host, path)) return { kind: 'file', path };
    }
  }
  if (host.coreutils.has(name)) return { kind: 'coreutil', name, path: systemPath(name) };
  const language = NOT_HERE[name];
  const message = language ? `${name}: ${language} is not available here: this runtime runs JavaScript (Node.js) only` : `${name}: command not found`;
  return { kind: 'missing', message, status: 127 };
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
