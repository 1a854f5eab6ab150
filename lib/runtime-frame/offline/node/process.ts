/**
 * The `process` object one node process sees. almostnode's createProcess gives the event emitter and the
 * stdout/stderr/stdin streams; what Node programs rely on beyond that is set here: `exitCode`, `exit()` with
 * Node's code rules, a version that agrees with `node -v`, `cwd()`/`chdir()` that check the folder, argv.
 */
import type { createProcess as createAlmostProcess } from 'almostnode';
import { emitWarningFor } from './emit-warning';
import { nodeEnv } from './process-env';
import { NODE_VERSION } from '../command-line';
import { normalizePath } from '../paths';
import { colorDepth } from './terminal-colors';

type AlmostProcess = ReturnType<typeof createAlmostProcess>;

interface NodeProcessOptions {
  createProcess: typeof createAlmostProcess;
  cwd: string;
  env: Record<string, string>;
  argv: string[];
  write(text: string): void;
  writeError(text: string): void;
  /** Bytes written to stdout, where the reader takes bytes; else they are decoded and go to `write`. */
  writeBytes?(bytes: Uint8Array): void;
  isDirectory(path: string): boolean;
  /** Called by `process.exit()`; must not return (it throws to unwind the program). */
  exit(code: number): never;
}

export type NodeProcess = AlmostProcess & {
  exitCode: number | string | undefined;
  [key: string]: unknown;
};

/** Node's rule for an exit code: integers as given (modulo 256), numeric strings parsed, nothing means 0. */
export function exitCodeOf(value: unknown): number {
  if (value === undefined || value === null) return 0;
  const code = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof code === 'number' && Number.isInteger(code) ? code & 0xff : 1;
}

export function createNodeProcess(options: NodeProcessOptions): NodeProcess {
  const proc = options.createProcess({ cwd: options.cwd, env: options.env, onStdout: options.write, onStderr: options.writeError }) as NodeProcess;
  // Exactly the environment the process was given, as in Node (almostnode adds NODE_ENV, PATH and HOME of its own).
  proc.env = nodeEnv(options.env);
  let cwd = normalizePath(options.cwd);
  const version = NODE_VERSION.slice(1);
  Object.assign(proc, {
    version: NODE_VERSION,
    // Node 22.12.0's: `crypto` and `Intl` are there (the browser's WebCrypto and ICU), and packages and Node's own
    // tests ask these fields, not the modules, whether they are.
    versions: { ...(proc.versions as object), node: version, modules: '127', openssl: '3.0.15+quic', icu: '76.1', unicode: '16.0' },
    release: { name: 'node', lts: 'Jod' },
    argv: options.argv,
    argv0: 'node',
    execArgv: [],
    title: 'node',
    arch: 'x64',
    exitCode: undefined,
    config: { variables: { v8_enable_i18n_support: 1 } },
    features: { inspector: false, ipv6: true, tls: true, typescript: false },
    // Loaders read the report's glibc version to pick a build (napi-rs's, detect-libc): the runtime is linux-x64 glibc.
    report: {
      compact: false,
      directory: '',
      filename: '',
      reportOnFatalError: false,
      reportOnSignal: false,
      reportOnUncaughtException: false,
      signal: 'SIGUSR2',
      getReport: () => ({
        header: {
          reportVersion: 3,
          nodejsVersion: NODE_VERSION,
          glibcVersionRuntime: '2.36',
          glibcVersionCompiler: '2.28',
          osName: 'Linux',
          machine: 'x86_64',
          arch: 'x64',
          platform: 'linux',
          cwd,
        },
        javascriptStack: {},
        sharedObjects: [],
      }),
      writeReport: () => '',
    },
    cwd: () => cwd,
    chdir(directory: string) {
      const target = normalizePath(directory.startsWith('/') ? directory : `${cwd}/${directory}`);
      if (!options.isDirectory(target)) {
        throw Object.assign(new Error(`ENOENT: no such file or directory, chdir ${cwd} -> '${directory}'`), {
          code: 'ENOENT',
          syscall: 'chdir',
          path: directory,
        });
      }
      cwd = target;
    },
    exit(code?: number | string) {
      options.exit(exitCodeOf(code ?? proc.exitCode));
    },

    umask: () => 0o22,
    getuid: () => 1000,
    geteuid: () => 1000,
    getgid: () => 1000,
    getegid: () => 1000,
    kill: () => true,
    binding: (name: string) => {
      throw new Error(`No such module: ${name}`);
    },
  });
  for (const stream of [proc.stdout, proc.stderr, proc.stdin] as unknown as Record<string, unknown>[]) {
    // The colour depth follows the environment as Node's does (NO_COLOR, FORCE_COLOR, TERM=dumb); util.styleText asks it.
    const depth = (env?: Record<string, string | undefined>) => colorDepth(env ?? (proc.env as Record<string, string | undefined>));
    // Whether each stream is a TTY, and its size, depend on where it goes (tty.ts).
    Object.assign(stream, {
      getColorDepth: depth,
      hasColors: (count?: number | Record<string, string>, env?: Record<string, string | undefined>) =>
        typeof count === 'number' ? 2 ** depth(env) >= count : 2 ** depth(count) >= 16,
    });
  }
  // write(chunk[, encoding][, callback]) as Node takes it: bytes stay bytes for a reader that takes them (a
  // node parent reading a binary protocol), else they are decoded as UTF-8 with a character split between
  // writes kept whole; the callback comes once the chunk is handed on (programs that exit once their output is
  // flushed, as svelte-check, wait for it). The streams are descriptors 1 and 2, stdin 0, as fs sees them.
  const outputs: [unknown, (text: string) => void, ((bytes: Uint8Array) => void) | undefined][] = [
    [proc.stdout, options.write, options.writeBytes],
    [proc.stderr, options.writeError, undefined],
  ];
  for (const [stream, text, bytes] of outputs) {
    const decoder = new TextDecoder();
    (stream as { write: unknown }).write = (chunk: unknown, encoding?: unknown, callback?: unknown) => {
      const done = typeof encoding === 'function' ? encoding : callback;
      if (chunk instanceof Uint8Array) {
        if (bytes) bytes(chunk.slice());
        else {
          const decoded = decoder.decode(chunk, { stream: true });
          if (decoded !== '') text(decoded);
        }
      } else {
        const rest = decoder.decode();
        text(rest + String(chunk));
      }
      if (typeof done === 'function') queueMicrotask(() => (done as () => void)());
      return true;
    };
  }
  Object.assign(proc.stdin, { fd: 0 });
  Object.assign(proc.stdout, { fd: 1 });
  Object.assign(proc.stderr, { fd: 2 });
  proc.emitWarning = emitWarningFor(proc as never, options.writeError);
  // Node's deprecated way to start reading stdin, still used by old programs.
  (proc as unknown as { openStdin(): unknown }).openStdin = () => (proc.stdin as unknown as { resume(): unknown }).resume();
  return proc;
}
