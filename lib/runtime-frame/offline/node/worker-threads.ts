/**
 * Node's `worker_threads` on Web Workers: a thread is one more node process in a worker of its own, reaching
 * the same file system, that shares memory with its parent through what postMessage carries (SharedArrayBuffer,
 * shared WebAssembly.Memory, WebAssembly.Module are cloned by the browser as Node clones them). How a thread is
 * started is the host's business (ThreadSupport); this module is the API programs see.
 */
import type { Hold } from './hold';
import { type NodePort, type PortEnvelope, portClasses } from './message-ports';
import { invalidArgType, nodeError } from './node-errors';
import { describeReceived } from './validators';

type Emitter = new () => {
  emit(event: string, ...args: unknown[]): boolean;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  once(event: string, listener: (...args: unknown[]) => void): unknown;
  removeListener(event: string, listener: (...args: unknown[]) => void): unknown;
  listenerCount(event: string): number;
};

export type ThreadInvocation = { kind: 'file'; path: string; args: string[] } | { kind: 'eval'; code: string; print: false; args: string[] };

export interface ThreadRequest {
  invocation: ThreadInvocation;
  cwd: string;
  env: Record<string, string>;
  workerData: unknown;
}

/** How this process starts threads, and what it was given if it is one. */
export interface ThreadSupport {
  self?: { port: MessagePort; threadId: number; workerData: unknown };
  /** Names this process and its threads, to scope their BroadcastChannels. */
  family: string;
  start(request: ThreadRequest, port: MessagePort, exited: (code: number) => void): { threadId: number; stop(): void };
  /** Reports an error the thread did not catch to its Worker object; false when it is no thread. */
  reportError(error: unknown): boolean;
}

export interface WorkerThreadsParts {
  EventEmitter: Emitter;
  Readable: new (options: { read(): void }) => unknown;
  process: { cwd(): string; env: Record<string, string | undefined>; stdout: Writable; stderr: Writable };
  hold: Hold;
  threads?: ThreadSupport;
}

const SHARE_ENV = Symbol.for('nodejs.worker_threads.SHARE_ENV');

interface WorkerOptions {
  eval?: boolean;
  workerData?: unknown;
  env?: Record<string, unknown> | typeof SHARE_ENV;
  argv?: unknown[];
  transferList?: unknown[];
  name?: string;
  stdout?: boolean;
  stderr?: boolean;
}

interface Writable {
  write(chunk: unknown): unknown;
}

interface ThreadOutput {
  push(chunk: unknown): unknown;
  on(event: 'data', listener: (chunk: unknown) => void): unknown;
}

/** Node's check of `options.env`: an object, undefined, null or SHARE_ENV. */
function validateEnv(env: unknown): void {
  if (env === undefined || env === null || env === SHARE_ENV || typeof env === 'object') return;
  throw nodeError(
    TypeError,
    'ERR_INVALID_ARG_TYPE',
    `The "options.env" property must be of type object or one of undefined, null, or worker_threads.SHARE_ENV. ${describeReceived(env)}`,
  );
}

function threadInvocation(filename: unknown, options: WorkerOptions, cwd: string): ThreadInvocation {
  const args = (options.argv ?? []).map(String);
  if (options.eval) {
    if (typeof filename !== 'string') throw invalidArgType('filename', 'of type string when options.eval is true', filename);
    return { kind: 'eval', code: filename, print: false, args };
  }
  const text = filename instanceof URL ? filename.href : filename;
  if (typeof text !== 'string') throw invalidArgType('filename', 'of type string or an instance of URL', filename);
  if (text.startsWith('file:')) return { kind: 'file', path: decodeURIComponent(new URL(text).pathname), args };
  if (text.startsWith('/')) return { kind: 'file', path: text, args };
  if (text.startsWith('./') || text.startsWith('../')) return { kind: 'file', path: `${cwd}/${text}`, args };
  throw nodeError(
    TypeError,
    'ERR_WORKER_PATH',
    `The worker script or module filename must be an absolute path or a relative path starting with './' or '../'. Received "${text}"`,
  );
}

function stringEnv(env: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );
}

export function workerThreadsModule(parts: WorkerThreadsParts): Record<string, unknown> {
  const { EventEmitter, threads } = parts;
  const ports = portClasses(EventEmitter, parts.hold, threads?.family ?? 'main');
  const environmentData = new Map<unknown, unknown>();

  class Worker extends EventEmitter {
    readonly threadId: number;
    readonly resourceLimits = {};
    readonly stdin = null;
    readonly stdout = new parts.Readable({ read: () => undefined });
    readonly stderr = new parts.Readable({ read: () => undefined });
    private readonly port: MessagePort;
    private readonly stop: () => void;
    private release: (() => void) | undefined;
    private exitCode: number | undefined;

    constructor(filename: string | URL, options: WorkerOptions = {}) {
      super();
      if (!threads) {
        throw nodeError(
          Error,
          'ERR_WORKER_INIT_FAILED',
          'Worker threads need the runtime to run node processes in Web Workers, which this page cannot (it is not cross-origin isolated)',
        );
      }
      validateEnv(options.env);
      const invocation = threadInvocation(filename, options, parts.process.cwd());
      const env = options.env === SHARE_ENV || options.env == null ? parts.process.env : options.env;
      const channel = new MessageChannel();
      this.port = channel.port1;
      const started = threads.start({ invocation, cwd: parts.process.cwd(), env: stringEnv(env), workerData: options.workerData }, channel.port2, (code) =>
        this.exited(code),
      );
      this.threadId = started.threadId;
      this.stop = started.stop;
      this.release = parts.hold();
      this.port.onmessage = (event: MessageEvent<PortEnvelope>) => {
        const { k, v } = event.data ?? {};
        if (k === 'm') this.emit('message', ports.fromWire(v));
        else if (k === 'online') this.emit('online');
        else if (k === 'error') this.emit('error', v);
        else if (k === 'out') (this.stdout as ThreadOutput).push(v);
        else if (k === 'err') (this.stderr as ThreadOutput).push(v);
      };
      // A thread's output goes to the parent's own unless the program asked to read it itself (as in Node).
      if (!options.stdout) (this.stdout as ThreadOutput).on('data', (chunk) => parts.process.stdout.write(chunk));
      if (!options.stderr) (this.stderr as ThreadOutput).on('data', (chunk) => parts.process.stderr.write(chunk));
    }

    postMessage(value: unknown, transferList?: readonly unknown[]): void {
      if (this.exitCode !== undefined) return;
      const wire = ports.toWire(value, transferList);
      this.port.postMessage({ k: 'm', v: wire.value } satisfies PortEnvelope, wire.transfer);
    }

    terminate(): Promise<number> {
      if (this.exitCode !== undefined) return Promise.resolve(this.exitCode);
      return new Promise((resolve) => {
        this.once('exit', (code) => resolve(code as number));
        this.stop();
      });
    }

    ref(): void {
      if (this.exitCode === undefined) this.release ??= parts.hold();
    }

    unref(): void {
      this.release?.();
      this.release = undefined;
    }

    getHeapSnapshot(): Promise<never> {
      return Promise.reject(nodeError(Error, 'ERR_METHOD_NOT_IMPLEMENTED', 'The worker.getHeapSnapshot() method is not implemented'));
    }

    private exited(code: number): void {
      if (this.exitCode !== undefined) return;
      this.exitCode = code;
      this.unref();
      // Messages the thread sent just before it ended are delivered before 'exit', as in Node.
      setTimeout(() => {
        this.port.close();
        (this.stdout as ThreadOutput).push(null);
        (this.stderr as ThreadOutput).push(null);
        this.emit('exit', code);
      }, 0);
    }
  }

  const self = threads?.self;
  const parentPort: NodePort | null = self ? new ports.MessagePort(self.port) : null;
  return {
    isMainThread: !self,
    parentPort,
    workerData: self ? self.workerData : null,
    threadId: self?.threadId ?? 0,
    resourceLimits: {},
    Worker,
    MessageChannel: ports.MessageChannel,
    MessagePort: ports.MessagePort,
    BroadcastChannel: ports.BroadcastChannel,
    SHARE_ENV,
    // A browser port delivers only as events: what can be taken out of turn are the messages between two ports
    // of a channel made in this thread (message-ports.ts); a message that crossed threads comes as an event.
    receiveMessageOnPort: (port: unknown) => {
      if (port instanceof ports.BroadcastChannel) return port.receive();
      if (!(port instanceof ports.MessagePort)) throw invalidArgType('port', 'a MessagePort instance', port);
      return (port as unknown as { receive(): { message: unknown } | undefined }).receive();
    },
    moveMessagePortToContext: (port: unknown) => port,
    markAsUntransferable: () => undefined,
    isMarkedAsUntransferable: () => false,
    markAsUncloneable: () => undefined,
    getEnvironmentData: (key: unknown) => environmentData.get(key),
    setEnvironmentData: (key: unknown, value: unknown) => (value === undefined ? environmentData.delete(key) : environmentData.set(key, value)),
  };
}
