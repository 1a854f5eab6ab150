/**
 * The state a shell keeps between command lines: working folder, variables, the last exit status, history.
 * The interactive shell keeps one for its lifetime (so `cd` and `export` persist, also inside `a && b`);
 * spawn() and npm scripts get a fresh one per line, like `sh -c`.
 */
import { normalizePath, WORKSPACE_ROOT } from '../paths';

export interface ShellSession {
  cwd: string;
  previousCwd: string | null;
  /** Exported variables: the environment every command gets. */
  env: Record<string, string>;
  /** Variables set without `export`: seen by `$NAME`, not by commands. */
  vars: Record<string, string>;
  /** `$?`. */
  status: number;
  history: string[];
  /** Set by `exit`: the shell ends with this code once the line is done. */
  exitCode: number | null;
  /** `$$`. */
  pid: number;
}

/** The workspace folder is home: `~` and a bare `cd` go there, and the prompt shows it as `~`. */
export const HOME = WORKSPACE_ROOT;
/** The runtime's own commands (node, npm, coreutils) live in these folders, which exist only in name. */
export const SYSTEM_BIN_DIRS = ['/usr/local/bin', '/usr/bin', '/bin'];
const DEFAULT_PATH = SYSTEM_BIN_DIRS.join(':');

export function createSession(options: { cwd?: string; env?: Record<string, string>; pid?: number; history?: readonly string[] } = {}): ShellSession {
  const cwd = options.cwd === undefined ? WORKSPACE_ROOT : normalizePath(options.cwd);
  return {
    cwd,
    previousCwd: null,
    env: { HOME, PATH: DEFAULT_PATH, SHELL: '/bin/bash', TERM: 'xterm-256color', ...options.env, PWD: cwd },
    vars: {},
    status: 0,
    history: [...(options.history ?? [])],
    exitCode: null,
    pid: options.pid ?? 1,
  };
}

/** A copy that shares nothing: what a script body or a spawned line runs in. */
export function childSession(parent: Pick<ShellSession, 'cwd' | 'env' | 'pid'>): ShellSession {
  return createSession({ cwd: parent.cwd, env: { ...parent.env }, pid: parent.pid });
}

/** Forgets a variable, exported or not. */
export function unsetVariable(session: ShellSession, name: string): void {
  Reflect.deleteProperty(session.vars, name);
  Reflect.deleteProperty(session.env, name);
}
