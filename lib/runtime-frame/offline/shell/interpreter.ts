/**
 * Runs parsed command lines: lists (`&&`, `||`, `;`, `&`), pipelines whose commands run at the same time
 * (node, npm, npx and git stream into the next command as they print; coreutils read their whole input),
 * redirects, assignments, and the command lookup of resolve.ts. Lines it cannot read go to just-bash whole.
 * The exit status of a line is its last pipeline's, and ends up in `$?`.
 */
import { binLinkTarget } from '../bin-link';
import { InputChannel, type CommandIO } from '../process';
import { BUILTINS, type BuiltinContext } from './builtins';
import { expandText, expandWords } from './expand';
import type { ShellHost } from './host';
import { filtersLines, runLineFilter } from './line-filters';
import { resolveCommand } from './resolve';
import { applyRedirects } from './redirects';
import { childSession, type ShellSession } from './session';
import { readAll, whenAborted, type Sink } from './streams';
import { runScript } from './script';
import { parseLine, type ListItem, type SimpleCommand } from './syntax';

interface Context {
  session: ShellSession;
  host: ShellHost;
}

const ABORTED = 130;

const errorSink = (io: CommandIO): Sink => io.writeError ?? io.write;

/** Runs one command line in the session; resolves with its exit status (also left in session.status). */
export async function runLine(line: string, session: ShellSession, io: CommandIO, host: ShellHost): Promise<number> {
  const parsed = parseLine(line);
  const ctx = { session, host };
  if (parsed.kind === 'script') session.status = await runScript(line, session, io, host);
  else await runList(parsed.items, io, ctx);
  if (io.signal.aborted) session.status = ABORTED;
  return session.status;
}

/** Runs shell text (a sourced file, a `#!/bin/sh` script) line by line; a line that is not complete on its own runs the text whole in just-bash. */
async function runText(text: string, session: ShellSession, io: CommandIO, host: ShellHost): Promise<number> {
  const lines = text.split('\n').filter((line, i) => !(i === 0 && line.startsWith('#!')));
  if (lines.some((line) => /\\$/.test(line) || parseLine(line).kind === 'script')) return runScript(text, session, io, host);
  for (const line of lines) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    await runLine(line, session, io, host);
    if (session.exitCode !== null || io.signal.aborted) break;
  }
  return session.status;
}

async function runList(items: readonly ListItem[], io: CommandIO, ctx: Context): Promise<void> {
  const { session } = ctx;
  const background: Promise<number>[] = [];
  let skip = false;
  for (const item of items) {
    if (io.signal.aborted || session.exitCode !== null) break;
    if (!skip) {
      if (item.then === '&') {
        // No job control here: a background command runs alongside the rest, and the line waits for it.
        background.push(runPipeline(item.pipeline, io, ctx));
        session.status = 0;
      } else {
        session.status = await runPipeline(item.pipeline, io, ctx);
      }
    }
    skip = (item.then === '&&' && session.status !== 0) || (item.then === '||' && session.status === 0);
  }
  await Promise.all(background);
}

async function runPipeline(commands: readonly SimpleCommand[], io: CommandIO, ctx: Context): Promise<number> {
  const pipes = commands.slice(1).map(() => new InputChannel());
  const runs = commands.map(async (command, i) => {
    const stdin = i === 0 ? io.stdin : (pipes[i - 1] as InputChannel);
    const pipe = pipes[i];
    const write: Sink = pipe ? (text) => pipe.push(text) : io.write;
    try {
      // A pipe carries a node program's bytes as they are (`node a | node b`); readers of text decode them.
      const writeBytes = pipe ? (bytes: Uint8Array) => pipe.push(bytes) : io.writeBytes;
      return await runSimple(command, { ...io, stdin, write, writeBytes, ...(pipe ? { stdoutIsTerminal: false } : {}) }, ctx, i > 0);
    } catch (error) {
      errorSink(io)(`${error instanceof Error ? error.message : String(error)}\n`);
      return 1;
    } finally {
      pipe?.end();
    }
  });
  const codes = await Promise.all(runs);
  return codes[codes.length - 1] ?? 0;
}

async function runSimple(command: SimpleCommand, io: CommandIO, ctx: Context, piped: boolean): Promise<number> {
  const { session, host } = ctx;
  const assignments = command.assignments.map((word) => {
    const text = expandText(word.text, session);
    const eq = text.indexOf('=');
    return [text.slice(0, eq), text.slice(eq + 1)] as const;
  });
  const argv = expandWords(command.words, session, host.vfs);
  const redirected = applyRedirects(command.redirects, io, session, host.vfs);
  if ('error' in redirected) {
    errorSink(io)(redirected.error);
    return 1;
  }
  try {
    if (argv.length === 0) {
      for (const [name, value] of assignments) {
        if (name in session.env) session.env[name] = value;
        else session.vars[name] = value;
      }
      return 0;
    }
    const env = { ...session.env, ...Object.fromEntries(assignments) };
    return await dispatch(argv, { ...redirected.io, cwd: session.cwd, env }, ctx, piped || redirected.stdinIsData);
  } finally {
    redirected.close();
  }
}

function builtinContext(ctx: Context): BuiltinContext {
  return {
    ...ctx,
    dispatch: (argv, io) => dispatch(argv, io, ctx, false),
    runText: (text, io) => runText(text, ctx.session, io, ctx.host),
  };
}

/** Runs argv (already expanded) as one command; `stdinIsData` says stdin is a pipe or file, not the terminal. */
export async function dispatch(argv: string[], io: CommandIO, ctx: Context, stdinIsData: boolean): Promise<number> {
  const [name = '', ...args] = argv;
  const found = resolveCommand(name, io.env, io.cwd, ctx.host);
  switch (found.kind) {
    case 'builtin':
      return BUILTINS[name as keyof typeof BUILTINS](args, io, builtinContext(ctx));
    case 'program': {
      const program = ctx.host.programs[found.name];
      return program ? program(args, io) : 127;
    }
    case 'file':
      return runFile(found.path, name, args, io, ctx);
    case 'coreutil':
      return runCoreutil([found.name, ...args], io, ctx, stdinIsData);
    case 'missing':
      errorSink(io)(`${found.message}\n`);
      return found.status;
  }
}

async function runCoreutil(argv: string[], io: CommandIO, ctx: Context, stdinIsData: boolean): Promise<number> {
  if (stdinIsData && filtersLines(argv)) return runLineFilter(argv, io, ctx.host.coreutils);
  // A coreutil reading the terminal would wait for an end of input that never comes: it gets none.
  const stdin = stdinIsData ? await readAll(io.stdin, io.signal) : '';
  if (io.signal.aborted) return ABORTED;
  const options = { cwd: io.cwd, env: io.env, stdin, signal: io.signal };
  const result = await Promise.race([ctx.host.coreutils.run(argv, options), whenAborted(io.signal)]);
  if (result === 'aborted') return ABORTED;
  io.write(result.stdout);
  errorSink(io)(result.stderr);
  return result.exitCode;
}

/** A file run as a command: a bin link or `#!…node` script runs with node, a `#!…sh` script with this shell. */
async function runFile(path: string, name: string, args: string[], io: CommandIO, ctx: Context): Promise<number> {
  const text = ctx.host.vfs.readFileSync(path, 'utf8');
  const target = binLinkTarget(path, text);
  if (target) return ctx.host.runNodeFile(target, args, io);
  const shebang = /^#!(.*)/.exec(text)?.[1] ?? '';
  if (/\bnode\b/.test(shebang)) return ctx.host.runNodeFile(path, args, io);
  if (/\b(?:ba|da)?sh\b/.test(shebang)) {
    const session = childSession({ cwd: io.cwd, env: io.env, pid: ctx.session.pid });
    session.vars = Object.fromEntries(args.map((arg, i) => [String(i + 1), arg]));
    return runText(text, session, io, ctx.host);
  }
  errorSink(io)(`${name}: cannot execute: this runtime runs JavaScript files with node (node ${name}) and #! scripts for node or sh\n`);
  return 126;
}
