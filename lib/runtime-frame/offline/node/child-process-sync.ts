/**
 * execSync, execFileSync and spawnSync, for a process that can block until its child has ended (a node
 * process in a worker waits on the synchronous channel while the runtime frame runs the child). Their results
 * and errors have Node's shape: Buffers unless an encoding is given, `status`/`signal`, and for the exec forms
 * an error carrying stdout and stderr when the child fails.
 */
import { killSignalOf, MAX_BUFFER, spawnArguments, validateMaxBuffer, validateTimeout } from './child-process-args';

interface SyncChildOptions {
  cwd: string;
  env: Record<string, string>;
  input?: string;
  timeout?: number;
}

interface SyncChildResult {
  status: number;
  stdout: string;
  stderr: string;
}

export type SyncChildRunner = (command: { argv: string[] } | { line: string }, options: SyncChildOptions) => SyncChildResult;

interface Options {
  cwd?: string | URL;
  env?: Record<string, string | undefined>;
  input?: string | Uint8Array;
  encoding?: string | null;
  stdio?: unknown;
  timeout?: number | null;
  shell?: boolean | string;
  maxBuffer?: number;
  killSignal?: unknown;
}

interface SyncParts {
  Buffer: { from(text: string): Uint8Array & { toString(encoding?: string): string } };
  run: SyncChildRunner;
  parent: { cwd(): string; env: Record<string, string | undefined>; write(text: string): void; writeError(text: string): void };
}

let nextPid = 6200;
const quote = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

export function syncChildForms(parts: SyncParts): Record<string, (...args: unknown[]) => unknown> {
  const { Buffer, parent } = parts;
  const stdioOf = (options: Options, index: number, fallback: string) => {
    const stdio = options.stdio;
    const mode = Array.isArray(stdio) ? stdio[index] : stdio;
    return typeof mode === 'string' ? mode : fallback;
  };
  const run = (command: { argv: string[] } | { line: string }, options: Options) => {
    const cwd = options.cwd == null ? parent.cwd() : options.cwd instanceof URL ? decodeURIComponent(options.cwd.pathname) : String(options.cwd);
    const env = Object.fromEntries(Object.entries(options.env ?? parent.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
    const input = options.input == null ? undefined : typeof options.input === 'string' ? options.input : new TextDecoder().decode(options.input);
    return parts.run(command, { cwd, env, input, timeout: options.timeout ?? undefined });
  };
  /** Output as the caller asked for it; 'inherit' sends it to this process's own output instead. */
  const deliver = (text: string, mode: string, options: Options, inherit: (text: string) => void) => {
    if (mode === 'inherit') {
      inherit(text);
      return null;
    }
    if (mode === 'ignore') return null;
    const encoding = options.encoding;
    return encoding && encoding !== 'buffer' ? text : Buffer.from(text);
  };
  const finish = (label: string, result: SyncChildResult, options: Options, stderrFallback: string) => {
    const stdout = deliver(result.stdout, stdioOf(options, 1, 'pipe'), options, parent.write);
    const stderr = deliver(result.stderr, stdioOf(options, 2, stderrFallback), options, parent.writeError);
    if (result.status !== 0) {
      const error = new Error(`Command failed: ${label}\n${result.stderr}`);
      throw Object.assign(error, { status: result.status, signal: null, output: [null, stdout, stderr], stdout, stderr, pid: nextPid++ });
    }
    return stdout;
  };
  const split = (args: unknown[]) => {
    const list = Array.isArray(args[0]) ? (args.shift() as unknown[]).map(String) : [];
    return { list, options: (args[0] && typeof args[0] === 'object' ? args[0] : {}) as Options };
  };
  return {
    // execSync's stderr goes to the parent's unless told otherwise, as in Node.
    execSync: (command: unknown, options: unknown = {}) =>
      finish(String(command), run({ line: String(command) }, options as Options), options as Options, 'inherit'),
    execFileSync: (file: unknown, ...args: unknown[]) => {
      const { list, options } = split(args);
      const command = options.shell ? { line: [String(file), ...list.map(quote)].join(' ') } : { argv: [String(file), ...list] };
      return finish([file, ...list].join(' '), run(command, options), options, 'pipe');
    },
    spawnSync: (fileArg: unknown, argsArg?: unknown, optionsArg?: unknown) => {
      const { file, args: list, options } = spawnArguments<Options>(fileArg, argsArg, optionsArg);
      validateTimeout(options.timeout);
      validateMaxBuffer(options.maxBuffer);
      killSignalOf(options.killSignal);
      const command = options.shell ? { line: [file, ...list].join(' ') } : { argv: [file, ...list] };
      const result = run(command, options);
      const stdout = deliver(result.stdout, stdioOf(options, 1, 'pipe'), options, parent.write);
      const stderr = deliver(result.stderr, stdioOf(options, 2, 'pipe'), options, parent.writeError);
      const pid = nextPid++;
      if (!('line' in command) && result.status === 127) {
        const error = Object.assign(new Error(`spawnSync ${String(file)} ENOENT`), {
          code: 'ENOENT',
          errno: -2,
          syscall: `spawnSync ${String(file)}`,
          path: String(file),
          spawnargs: list,
        });
        return { pid: 0, output: null, stdout, stderr, status: null, signal: null, error };
      }
      // Output past maxBuffer is ENOBUFS, as Node reports it (with the output read so far).
      const maxBuffer = options.maxBuffer ?? MAX_BUFFER;
      const bytes = (text: string) => new TextEncoder().encode(text).length;
      if (bytes(result.stdout) > maxBuffer || bytes(result.stderr) > maxBuffer) {
        const error = Object.assign(new Error(`spawnSync ${file} ENOBUFS`), {
          code: 'ENOBUFS',
          errno: -105,
          syscall: `spawnSync ${file}`,
          path: file,
          spawnargs: list,
        });
        return { pid, output: [null, stdout, stderr], stdout, stderr, status: null, signal: 'SIGTERM', error };
      }
      return { pid, output: [null, stdout, stderr], stdout, stderr, status: result.status, signal: null };
    },
  };
}
