/**
 * The runtime's commands behind one shell (shell/): node, npm, npx and git are the runtime's own streaming
 * programs, coreutils come from just-bash over the workspace, and npm scripts run their bodies through the
 * same shell with the PATH npm gives them.
 */
import type { VirtualFS } from 'almostnode';
import type { HttpClient } from 'isomorphic-git';
import type { SecureFetch } from 'just-bash';
import { parseNodeArgs } from './command-line';
import { runGit } from './git/cli';
import type { NodeDeps } from './node-exec';
import { runNodeProcess } from './node-process';
import { runNpm, runNpx, type NpmDeps } from './npm/cli';
import type { CommandIO } from './process';
import { complete, type Completion } from './shell/complete';
import { createCoreutils } from './shell/coreutils';
import type { Program, ShellHost } from './shell/host';
import { dispatch, runLine } from './shell/interpreter';
import { commandNames } from './shell/resolve';
import { childSession, type ShellSession } from './shell/session';
import { ASSIGNMENT } from './shell/syntax';

export interface CommandDeps extends NodeDeps, NpmDeps {
  vfs: VirtualFS;
  /** How curl reaches this runtime's own servers; without it curl is not offered. */
  fetchLocal?: SecureFetch;
  /** HTTP for git's clone, fetch, pull and push, from the page hosting the runtime; without it they report no network. */
  gitHttp?: HttpClient;
}

export interface Shell {
  /** Runs a command line; with a session (the interactive shell's), `cd` and variables persist in it. */
  runLine(line: string, io: CommandIO, session?: ShellSession): Promise<number>;
  /** Runs argv as given (spawn's form): no expansion, leading NAME=value words set the environment. */
  runArgv(words: readonly string[], io: CommandIO): Promise<number>;
  complete(before: string, session: ShellSession): Completion;
}

export function createShell(deps: CommandDeps): Shell {
  const freshSession = (io: CommandIO) => childSession({ cwd: io.cwd, env: io.env, pid: 1 });
  const runCommandLine = (line: string, io: CommandIO) => runLine(line, freshSession(io), io, host);
  const runArgv = (words: readonly string[], io: CommandIO) => {
    const env = { ...io.env };
    let i = 0;
    for (; i < words.length - 1 && ASSIGNMENT.test(words[i] as string); i++) {
      const word = words[i] as string;
      env[word.slice(0, word.indexOf('='))] = word.slice(word.indexOf('=') + 1);
    }
    const session = freshSession({ ...io, env });
    return dispatch(words.slice(i), { ...io, env: session.env }, { session, host }, false);
  };
  const npmDeps = { ...deps, runCommandLine, runArgv };
  const programs: Record<string, Program> = {
    node: (args, io) => runNodeProcess(parseNodeArgs(args), io, npmDeps),
    npm: (args, io) => {
      return runNpm(args, io, npmDeps);
    },
    npx: (args, io) => runNpx(args, io, npmDeps),
    git: (args, io) => runGit(args, io, deps),
  };
  const host: ShellHost = {
    vfs: deps.vfs,
    programs,
    // A bin link or `#!…node` script is a node process like `node file`: in a worker of its own, where
    // WebAssembly compiles synchronously (a package's wasm build) and a busy program cannot stall the frame.
    runNodeFile: (path, args, io) => runNodeProcess({ kind: 'file', path, args }, io, npmDeps),
    coreutils: createCoreutils({ vfs: deps.vfs, programs, fetch: deps.fetchLocal }),
  };
  return {
    runLine: (line, io, session) => (session ? runLine(line, session, io, host) : runCommandLine(line, io)),
    runArgv,
    complete: (before, session) => complete(before, { vfs: deps.vfs, cwd: session.cwd, commandNames: () => commandNames(session.env, session.cwd, host) }),
  };
}
