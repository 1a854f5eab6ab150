/**
 * `child_process` for programs: spawn, exec, execFile and fork run their command in the runtime's own shell
 * (node, npm, package bins in node_modules/.bin, coreutils), as another process of this machine. The child
 * has Node's shape: stdin/stdout/stderr streams ('pipe'), or the parent's output ('inherit'), or nothing
 * ('ignore'); 'spawn', 'exit' (code, signal), then 'close' once its output has ended; kill() with a signal.
 * The synchronous forms need a process that can block while its child runs (one in a worker, see
 * child-process-sync.ts); a process on the runtime frame's thread cannot, and gets Node's error for a feature
 * the platform lacks.
 */
import { InputChannel, type CommandIO } from '../process';
import { execFileArguments, forkArguments, killSignalOf, MAX_BUFFER, SIGNALS, spawnArguments, validateTimeout } from './child-process-args';
import { syncChildForms, type SyncChildRunner } from './child-process-sync';
import { codedError } from './http-headers';
import { attachIpc, type IpcEnd, type IpcTarget, type Serialization } from './ipc-channel';
import { isSendableHandle } from './process-ipc';
import type { InheritedTerminal } from './tty';
import { validateAbortSignal, validateOneOf, validateString } from './validators';

type AnyFunction = (...args: unknown[]) => unknown;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Constructor = new (...args: any[]) => any;
type Stdio = 'pipe' | 'inherit' | 'ignore' | 'overlapped' | 'ipc' | number | null | undefined;

export interface ChildRunner {
  /** argv as given (no shell). */
  argv(words: string[], io: CommandIO): Promise<number>;
  /** A command line through the shell (`shell: true`, exec). */
  line(line: string, io: CommandIO): Promise<number>;
  /** Runs a command to its end while this process blocks, where the process can block. */
  sync?: SyncChildRunner;
}

interface ChildProcessParts {
  EventEmitter: Constructor;
  Readable: Constructor;
  Writable: Constructor;
  Buffer: { from(data: string | Uint8Array): Uint8Array; concat(list: Uint8Array[]): Uint8Array & { toString(encoding?: string): string } };
  runner: ChildRunner;
  /** The parent process: its cwd and env are the child's defaults, its output is what 'inherit' means. */
  parent: {
    cwd(): string;
    env: Record<string, string | undefined>;
    write(text: string): void;
    writeError(text: string): void;
    terminal?(): InheritedTerminal | undefined;
  };
  /**
   * Keeps the parent running until the child has ended; `stop` ends the child when the parent ends first. What
   * it returns lets the child go on without holding the parent (unref) and hold it again (ref).
   */
  holdParent(work: Promise<unknown>, stop: () => void): (held: boolean) => void;
}

interface SpawnOptions {
  cwd?: string | URL;
  env?: Record<string, string | undefined>;
  stdio?: Stdio | Stdio[];
  shell?: boolean | string;
  signal?: AbortSignal;
  timeout?: number;
  killSignal?: string;
  encoding?: string;
  maxBuffer?: number;
  serialization?: Serialization;
}

let nextPid = 4200;
/** How long a parent still takes messages from a child that has exited before it closes their channel. */
const CHANNEL_DRAIN_MS = 100;
/** Streams given to a child as its stdio. */
const usedAsStdio = new WeakSet<object>();

function unavailable(feature: string): never {
  throw codedError(
    `The feature ${feature} is unavailable on the current platform, which is being used to run Node.js: every process of this runtime shares the tab's one thread, so none can wait synchronously for another. Use the asynchronous form (spawn, exec or execFile).`,
    'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM',
    TypeError,
  );
}

const quote = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

export function childProcessModule(parts: ChildProcessParts): Record<string, unknown> {
  const { EventEmitter, Readable, Writable, Buffer, runner, parent } = parts;

  class ChildProcess extends EventEmitter {
    pid: number | undefined = undefined;
    exitCode: number | null = null;
    signalCode: string | null = null;
    killed = false;
    connected = false;
    spawnfile = '';
    spawnargs: string[] = [];
    stdin: InstanceType<Constructor> | null = null;
    stdout: InstanceType<Constructor> | null = null;
    stderr: InstanceType<Constructor> | null = null;
    private readonly controller = new AbortController();

    get stdio() {
      return [this.stdin, this.stdout, this.stderr];
    }

    kill(signal: string | number = 'SIGTERM') {
      if (this.exitCode !== null || this.signalCode !== null || this.controller.signal.aborted) return false;
      const name = typeof signal === 'number' ? (Object.keys(SIGNALS).find((key) => SIGNALS[key] === signal) ?? 'SIGTERM') : signal;
      if (SIGNALS[name] === undefined && name !== '0') throw codedError(`Unknown signal: ${name}`, 'ERR_UNKNOWN_SIGNAL', TypeError);
      if (name === '0') return true;
      this.killed = true;
      this.controller.abort(name);
      return true;
    }

    private ipc: IpcEnd | null = null;

    private holding: (held: boolean) => void = () => undefined;

    // A child that is unref'd no longer keeps its parent alive (esbuild's service waits for requests that way);
    // it still ends with the parent.
    ref() {
      this.holding(true);
    }
    unref() {
      this.holding(false);
    }

    start(file: string, args: string[], options: SpawnOptions) {
      this.spawnfile = file;
      this.spawnargs = [file, ...args];
      const stdio = Array.isArray(options.stdio) ? options.stdio : [options.stdio, options.stdio, options.stdio];
      for (const entry of stdio as unknown[]) if (typeof entry === 'object' && entry !== null) usedAsStdio.add(entry);
      // A number is one of the parent's descriptors: its own 0, 1 and 2 are what 'inherit' passes.
      const [inMode, outMode, errMode] = [0, 1, 2].map((i) => (typeof stdio[i] === 'number' ? 'inherit' : (stdio[i] ?? 'pipe'))) as Stdio[];
      const input = new InputChannel();
      if (inMode === 'pipe' || inMode === 'overlapped') {
        this.stdin = new Writable({
          // Bytes stay bytes (a child reading a binary protocol); strings the stream was told not to decode stay text.
          write: (chunk: unknown, _encoding: unknown, done: AnyFunction) => (input.push(chunk instanceof Uint8Array ? chunk.slice() : String(chunk)), done()),
          final: (done: AnyFunction) => (input.end(), done()),
        });
      } else if (inMode === 'ignore') input.end();
      const output = (mode: Stdio, inherit: (text: string) => void) => {
        if (mode === 'inherit') return { stream: null, write: inherit };
        if (mode === 'ignore') return { stream: null, write: () => undefined, writeBytes: () => undefined };
        const stream = new Readable({ read() {} });
        return {
          stream,
          write: (text: string) => void stream.push(Buffer.from(text)),
          writeBytes: (bytes: Uint8Array) => void stream.push(Buffer.from(bytes)),
        };
      };
      const out = output(outMode, (text) => parent.write(text));
      const err = output(errMode, (text) => parent.writeError(text));
      this.stdout = out.stream;
      this.stderr = err.stream;
      const signal = this.controller.signal;
      // Aborting kills the child and reports an AbortError whose cause is the signal's reason, as Node does;
      // a signal aborted already does so once the caller has had a chance to listen.
      const abortWith = (given: AbortSignal) => {
        if (!this.kill(options.killSignal ?? 'SIGTERM')) return;
        this.emit('error', Object.assign(new Error('The operation was aborted', { cause: given.reason }), { name: 'AbortError', code: 'ABORT_ERR' }));
      };
      const given = options.signal;
      if (given?.aborted) queueMicrotask(() => abortWith(given));
      else given?.addEventListener('abort', () => abortWith(given), { once: true });
      if (options.timeout && options.timeout > 0) setTimeout(() => this.kill(options.killSignal ?? 'SIGTERM'), options.timeout);
      const cwd = options.cwd == null ? parent.cwd() : options.cwd instanceof URL ? decodeURIComponent(options.cwd.pathname) : String(options.cwd);
      const env = Object.fromEntries(Object.entries(options.env ?? parent.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
      // With 'inherit', a child of a process in a terminal is in that terminal too: it reads its keys and sees a TTY.
      const tty = parent.terminal?.();
      const io: CommandIO = {
        cwd,
        env,
        signal,
        stdin: inMode === 'inherit' && tty ? tty.stdin : input,
        write: out.write,
        writeBytes: out.writeBytes,
        writeError: err.write,
        stdoutIsTerminal: outMode === 'inherit' && tty?.stdoutIsTerminal !== false,
        stderrIsTerminal: errMode === 'inherit' && tty?.stderrIsTerminal !== false,
        terminal: tty?.terminal,
      };
      if (stdio.includes('ipc')) {
        const channel = new MessageChannel();
        const serialization = options.serialization ?? 'json';
        this.ipc = attachIpc(
          this as unknown as IpcTarget,
          { port: channel.port1, serialization },
          { defer: (callback) => queueMicrotask(callback), holdsWhileListened: false, isHandle: isSendableHandle },
        );
        io.ipc = { port: channel.port2, serialization };
      }
      this.pid = nextPid++;
      const shell = options.shell;
      const run = (async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
        this.emit('spawn');
        // Killed before it could run: there is nothing to start.
        if (signal.aborted) return 1;
        return shell ? runner.line([file, ...args].join(' '), io) : runner.argv([file, ...args], io);
      })();
      const ended = run.then(
        (code) => this.finish(code, shell ? null : file),
        (error: unknown) => {
          err.write(`${error instanceof Error ? error.message : String(error)}\n`);
          this.finish(1, null);
        },
      );
      this.holding = parts.holdParent(ended, () => this.kill('SIGTERM'));
      return this;
    }

    private finish(code: number, file: string | null) {
      const signal = this.controller.signal.aborted ? String(this.controller.signal.reason) : null;
      // The shell's 127 is "command not found": Node reports that as a spawn error, not an exit.
      if (file !== null && code === 127 && !signal) {
        this.emit(
          'error',
          Object.assign(codedError(`spawn ${file} ENOENT`, 'ENOENT'), { errno: -2, syscall: `spawn ${file}`, path: file, spawnargs: this.spawnargs.slice(1) }),
        );
      }
      this.exitCode = signal ? null : code;
      this.signalCode = signal;
      this.emit('exit', this.exitCode, this.signalCode);
      // 'close' comes once the child's output streams have closed and its channel has disconnected, as in Node.
      const closes: Promise<unknown>[] = [];
      for (const stream of [this.stdout, this.stderr]) {
        if (!stream) continue;
        if (!stream.destroyed) closes.push(new Promise((resolve) => stream.once('close', resolve)));
        // Like a socket, a child's output closes once it has ended.
        stream.once('end', () => queueMicrotask(() => stream.destroyed || stream.destroy()));
        stream.push(null);
        // Node reads output nobody else will, so that its 'end' and 'close' still come; a stream another child
        // was given as its stdio is that child's to read.
        if (!usedAsStdio.has(stream)) queueMicrotask(() => stream.resume());
      }
      if (this.connected) {
        closes.push(new Promise((resolve) => this.once('disconnect', resolve)));
        // What the child sent last may still be on its way; its own 'disconnect' normally comes with it.
        const ipc = this.ipc;
        setTimeout(() => ipc?.close(), CHANNEL_DRAIN_MS);
      }
      void Promise.all(closes).then(() => setTimeout(() => this.emit('close', this.exitCode, this.signalCode), 0));
    }
  }

  const normalize = (args: unknown[]) => {
    const rest = [...args];
    const callback = typeof rest[rest.length - 1] === 'function' ? (rest.pop() as AnyFunction) : undefined;
    const list = Array.isArray(rest[0]) ? (rest.shift() as unknown[]).map(String) : [];
    const options = (rest[0] && typeof rest[0] === 'object' ? rest[0] : {}) as SpawnOptions;
    return { list, options, callback };
  };

  const spawn = (file: unknown, args?: unknown, options?: unknown) => {
    const given = spawnArguments<SpawnOptions>(file, args, options);
    validateTimeout(given.options.timeout);
    validateAbortSignal(given.options.signal, 'options.signal');
    killSignalOf(given.options.killSignal);
    if (given.options.serialization !== undefined) validateOneOf(given.options.serialization, 'options.serialization', ['json', 'advanced']);
    return new ChildProcess().start(given.file, given.args, given.options);
  };

  /**
   * Runs to the end collecting output, then calls back as exec/execFile do. Output past maxBuffer (counted in
   * bytes, or in the stream's encoding once one is set) ends the child and is a RangeError, as in Node.
   */
  const collect = (child: ChildProcess, command: string, options: SpawnOptions, callback?: AnyFunction) => {
    const maxBuffer = options.maxBuffer ?? MAX_BUFFER;
    let exceeded: Error | null = null;
    const gather = (name: 'stdout' | 'stderr') => {
      const chunks: (Uint8Array | string)[] = [];
      let length = 0;
      child[name]?.on('data', (chunk: Uint8Array | string) => {
        if (exceeded) return;
        const size = typeof chunk === 'string' ? new TextEncoder().encode(chunk).length : chunk.length;
        length += size;
        if (length <= maxBuffer) return void chunks.push(chunk);
        chunks.push(chunk.slice(0, maxBuffer - (length - size)));
        exceeded = codedError(`${name} maxBuffer length exceeded`, 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER', RangeError);
        child.kill(options.killSignal ?? 'SIGTERM');
      });
      return () => {
        if (chunks.some((chunk) => typeof chunk === 'string')) return chunks.join('');
        const joined = Buffer.concat(chunks as Uint8Array[]);
        return options.encoding === 'buffer' || options.encoding === null ? joined : joined.toString(options.encoding ?? 'utf8');
      };
    };
    const stdoutText = gather('stdout');
    const stderrText = gather('stderr');
    child.on('close', (code: number | null, signal: string | null) => {
      const stdout = stdoutText();
      const stderr = stderrText();
      if (!exceeded && code === 0 && signal === null) return void callback?.(null, stdout, stderr);
      const error = exceeded ?? Object.assign(new Error(`Command failed: ${command}\n${String(stderr)}`), { code, killed: child.killed, signal });
      callback?.(Object.assign(error, { cmd: command, stdout, stderr }), stdout, stderr);
    });
    child.on('error', (error: Error) => callback?.(error, '', ''));
    return child;
  };

  const exec = (command: unknown, ...args: unknown[]) => {
    validateString(command, 'command');
    const { options, callback } = normalize(args);
    const child = new ChildProcess().start(command, [], { ...options, shell: options.shell ?? true, stdio: 'pipe' });
    return collect(child, command, options, callback);
  };

  const execFile = (...values: unknown[]) => {
    const given = execFileArguments(values[0], values[1], values[2], values[3]);
    const { file, args: list, options } = spawnArguments<SpawnOptions>(given.file, given.args, given.options);
    const child = new ChildProcess().start(file, options.shell ? list.map(quote) : list, { ...options, stdio: 'pipe' });
    return collect(child, [file, ...list].join(' '), options, given.callback);
  };

  /** fork's stdio as Node makes it: a string (`'pipe'`, as test runners pass) is that for the three streams
   * plus the IPC channel every fork has; without one, `silent` pipes the streams, else they are inherited. */
  const forkStdio = (stdio: unknown, silent: boolean | undefined): unknown => {
    if (stdio === undefined || stdio === null) return silent ? ['pipe', 'pipe', 'pipe', 'ipc'] : ['inherit', 'inherit', 'inherit', 'ipc'];
    if (typeof stdio !== 'string') return stdio;
    if (!['pipe', 'inherit', 'ignore', 'overlapped'].includes(stdio)) {
      throw codedError(`The argument 'stdio' is invalid. Received '${stdio}'`, 'ERR_INVALID_ARG_VALUE', TypeError);
    }
    return [stdio, stdio, stdio, 'ipc'];
  };

  const fork = (modulePath: unknown, args?: unknown, optionsArg?: unknown) => {
    const { list, options } = forkArguments<SpawnOptions>(modulePath, args, optionsArg);
    const path = modulePath instanceof URL ? decodeURIComponent(modulePath.pathname) : String(modulePath);
    const execArgv = ((options as { execArgv?: string[] }).execArgv ?? []).map(String);
    const { stdio, silent } = options as { stdio?: unknown; silent?: boolean };
    // A forked child has an IPC channel by definition: a stdio list without one is Node's error.
    if (Array.isArray(stdio) && !stdio.includes('ipc')) {
      throw codedError("Forked processes must have an IPC channel, missing value 'ipc' in options.stdio", 'ERR_CHILD_PROCESS_IPC_REQUIRED');
    }
    if (options.serialization !== undefined) validateOneOf(options.serialization, 'options.serialization', ['json', 'advanced']);
    const { execPath } = options as { execPath?: string };
    // fork never runs its module through a shell, whatever options.shell says.
    return new ChildProcess().start(execPath ?? 'node', [...execArgv, path, ...list], {
      ...options,
      shell: false,
      stdio: forkStdio(stdio, silent),
    } as SpawnOptions);
  };

  const promised =
    (run: (...args: never[]) => unknown) =>
    (...args: unknown[]) =>
      new Promise((resolve, reject) => {
        (run as (...all: unknown[]) => unknown)(...args, (error: Error | null, stdout: unknown, stderr: unknown) =>
          error ? reject(error) : resolve({ stdout, stderr }),
        );
      });
  const custom = Symbol.for('nodejs.util.promisify.custom');
  Object.assign(exec, { [custom]: promised(exec) });
  Object.assign(execFile, { [custom]: promised(execFile) });

  const module: Record<string, unknown> = {
    ChildProcess,
    spawn,
    exec,
    execFile,
    fork,
    execSync: () => unavailable('child_process.execSync'),
    execFileSync: () => unavailable('child_process.execFileSync'),
    spawnSync: () => unavailable('child_process.spawnSync'),
    ...(runner.sync ? syncChildForms({ Buffer: Buffer as never, run: runner.sync, parent }) : {}),
    _forkChild: () => undefined,
  };
  module.default = module;
  return module;
}
