/**
 * Coreutils (ls, cat, grep, sed, …) and whole bash scripts through one just-bash interpreter over the
 * workspace. node, npm, npx and git stay the runtime's own: inside just-bash they are custom commands that
 * call back into the runtime and hand over their output when they finish. curl reaches only this runtime's
 * own servers.
 */
import type { VirtualFS } from 'almostnode';
import type { SecureFetch } from 'just-bash';
import { Bash, defineCommand, getCommandNames, getNetworkCommandNames } from 'just-bash/browser';
import { quoteWords } from '../command-line';
import { InputChannel } from '../process';
import type { BufferedOptions, Coreutils, Program } from './host';
import { VirtualFsAdapter } from './vfs-adapter';
import { withCurlDefaultScheme } from './curl-urls';

/** Builtins of just-bash's interpreter that are worth reaching one command at a time. */
const INTERPRETER_BUILTINS = ['test', '[', 'printf', 'read', 'eval', 'set', 'shopt', 'declare', 'let', 'alias', 'getopts', 'readonly', 'hash'];

function programCommand(name: string, program: Program) {
  return defineCommand(name, async (args, ctx) => {
    let stdout = '';
    let stderr = '';
    const stdin = new InputChannel();
    stdin.push(ctx.stdin);
    stdin.end();
    const exitCode = await program(args, {
      cwd: ctx.cwd,
      env: ctx.exportedEnv ?? Object.fromEntries(ctx.env),
      signal: ctx.signal ?? new AbortController().signal,
      stdin,
      write: (text) => void (stdout += text),
      writeError: (text) => void (stderr += text),
    });
    return { stdout, stderr, exitCode };
  });
}

interface CoreutilsOptions {
  vfs: VirtualFS;
  programs: Readonly<Record<string, Program>>;
  /** curl's way out: requests to this runtime's own servers; anything else is refused by it. */
  fetch?: SecureFetch;
}

export function createCoreutils({ vfs, programs, fetch }: CoreutilsOptions): Coreutils {
  // Built on first use, so a runtime that never runs a coreutil does not pay for just-bash's set-up.
  let bash: Bash | null = null;
  const interpreter = () =>
    (bash ??= new Bash({
      fs: new VirtualFsAdapter(vfs),
      cwd: '/',
      // just-bash's defence patches globals (timers, Function) while it runs; user programs share this page.
      defenseInDepth: false,
      fetch,
      customCommands: Object.entries(programs).map(([name, program]) => programCommand(name, program)),
    }));
  const names = [...new Set([...getCommandNames(), ...(fetch ? getNetworkCommandNames() : []), ...INTERPRETER_BUILTINS])]
    .filter((name) => !(name in programs))
    .sort();
  const known = new Set(names);
  const exec = (line: string, options: BufferedOptions, args?: string[]) =>
    interpreter().exec(line, { cwd: options.cwd, env: options.env, replaceEnv: true, stdin: options.stdin, signal: options.signal, args });
  return {
    has: (name) => known.has(name),
    names: () => names,
    run: async ([name = '', ...args], options) => {
      const { stdout, stderr, exitCode } = await exec(quoteWords([name]), options, name === 'curl' ? withCurlDefaultScheme(args) : args);
      return { stdout, stderr, exitCode };
    },
    script: async (line, options) => {
      const { stdout, stderr, exitCode, env } = await exec(line, options);
      return { stdout, stderr, exitCode, env };
    },
  };
}
