/**
 * `stream` for programs. almostnode's stream classes are ES classes, which old packages cannot initialise
 * the way Node's allow (`Readable.call(this, options)` after `util.inherits`), and its legacy `Stream` pipes
 * nothing. Here each class is wrapped so it can be called as a function as well as constructed or extended,
 * and the legacy `Stream` is Node's: a plain constructor over EventEmitter with the classic `pipe`.
 */
import { withStreamOptions } from './stream-options';

type AnyFunction = (...args: unknown[]) => unknown;
type Constructor = new (...args: unknown[]) => object;
interface StreamLike {
  on(event: string, listener: AnyFunction): unknown;
  removeListener(event: string, listener: AnyFunction): unknown;
  emit(event: string, ...args: unknown[]): boolean;
  listenerCount?(event: string): number;
  listeners?(event: string): unknown[];
  write?(chunk: unknown): boolean;
  end?(): unknown;
  destroy?(): unknown;
  pause?(): unknown;
  resume?(): unknown;
  readable?: boolean;
  writable?: boolean;
}

const ordinaryHasInstance = (ctor: unknown, value: unknown) => Function.prototype[Symbol.hasInstance].call(ctor as AnyFunction, value);

/** A class that can also be called as `Class.call(this, ...args)`: it then initialises `this` in place. */
export function callableClass<T extends Constructor>(Class: T, name = Class.name): T {
  const Callable = function (this: object, ...args: unknown[]) {
    if (new.target) return Reflect.construct(Class, args, new.target);
    const instance = Reflect.construct(Class, args, this.constructor as Constructor);
    Object.defineProperties(this, Object.getOwnPropertyDescriptors(instance));
    return undefined;
  } as unknown as T;
  Object.defineProperty(Callable, 'name', { value: name });
  Callable.prototype = Class.prototype;
  Object.setPrototypeOf(Callable, Class);
  return Callable;
}

/** Node's legacy Stream.prototype.pipe: data events written to the destination, with pause/drain. */
function legacyPipe(this: StreamLike, dest: StreamLike, options?: { end?: boolean }): StreamLike {
  return pipeLegacy(this, dest, options);
}

function pipeLegacy(source: StreamLike, dest: StreamLike, options?: { end?: boolean }): StreamLike {
  const ondata = (chunk: unknown) => {
    if (dest.writable !== false && dest.write?.(chunk) === false) source.pause?.();
  };
  const ondrain = () => {
    if (source.readable !== false) source.resume?.();
  };
  let ended = false;
  const onend = () => {
    if (ended) return;
    ended = true;
    dest.end?.();
  };
  const onclose = () => {
    if (ended) return;
    ended = true;
    dest.destroy?.();
  };
  const cleanup = () => {
    source.removeListener('data', ondata);
    dest.removeListener('drain', ondrain);
    source.removeListener('end', onend);
    source.removeListener('close', onclose);
    source.removeListener('error', onerror);
    dest.removeListener('error', onerror);
    source.removeListener('end', cleanup);
    source.removeListener('close', cleanup);
    dest.removeListener('close', cleanup);
  };
  function onerror(this: StreamLike, error: unknown) {
    cleanup();
    const listeners = this.listenerCount ? this.listenerCount('error') : (this.listeners?.('error').length ?? 0);
    if (listeners === 0) throw error;
  }
  source.on('data', ondata);
  dest.on('drain', ondrain);
  if (options?.end !== false) {
    source.on('end', onend);
    source.on('close', onclose);
  }
  source.on('error', onerror);
  dest.on('error', onerror);
  source.on('end', cleanup);
  source.on('close', cleanup);
  dest.on('close', cleanup);
  dest.emit('pipe', source);
  return dest;
}

interface PipeOptions {
  end?: boolean;
}

/**
 * Node's Readable#pipe for almostnode's readables (request bodies, file streams): like almostnode's it writes
 * each chunk and ends the destination, and like Node's it tells the destination (`'pipe'` event, which legacy
 * stream libraries rely on to learn about the request), honours `{ end: false }` and back-pressure, and
 * starts the flow a tick later so the destination can get ready.
 */
function readablePipe(this: StreamLike, dest: StreamLike, options?: PipeOptions): StreamLike {
  return pipeReadable(this, dest, options);
}

function pipeReadable(source: StreamLike, dest: StreamLike, options?: PipeOptions): StreamLike {
  source.on('data', (chunk: unknown) => {
    if (dest.write?.(chunk) === false) source.pause?.();
  });
  dest.on('drain', () => source.resume?.());
  if (options?.end !== false) source.on('end', () => dest.end?.());
  dest.emit('pipe', source);
  queueMicrotask(() => source.resume?.());
  return dest;
}

/** Gives almostnode's Readable class (shared by every readable it creates) Node's pipe; once per page. */
export function fixReadablePipe(almost: Record<string, unknown>): void {
  const Readable = almost.Readable as { prototype: Record<string, unknown> } | undefined;
  if (Readable && Readable.prototype.pipe !== readablePipe) Readable.prototype.pipe = readablePipe;
}

/**
 * The module: `almost` is almostnode's stream module (its classes and helpers), `EventEmitter` the emitter
 * programs get from `events`.
 */
export function streamModule(
  almost: Record<string, unknown>,
  EventEmitter: AnyFunction,
  Buffer: { from(text: string, encoding?: string): unknown },
): Record<string, unknown> {
  const names = ['Readable', 'Writable', 'Duplex', 'Transform', 'PassThrough'].filter((name) => typeof almost[name] === 'function');
  const almostClasses = names.map((name) => almost[name] as Constructor);
  const withOptions = names.map((name, i) => withStreamOptions(almostClasses[i] as Constructor, Buffer, name === 'Transform'));
  function Stream(this: object, options?: unknown) {
    EventEmitter.call(this, options);
  }
  Stream.prototype = Object.create(EventEmitter.prototype as object, { constructor: { value: Stream, writable: true, configurable: true } });
  (Stream.prototype as Record<string, unknown>).pipe = legacyPipe;
  Object.setPrototypeOf(Stream, EventEmitter);
  // Node's Readable/Writable are Streams too; almostnode's are not related to this function by prototype.
  Object.defineProperty(Stream, Symbol.hasInstance, {
    value(this: unknown, value: unknown) {
      return ordinaryHasInstance(this, value) || (this === Stream && [almost.Stream, ...almostClasses].some((ctor) => ordinaryHasInstance(ctor, value)));
    },
  });
  const module = Stream as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(almost)) if (!(key in module)) module[key] = value;
  names.forEach((name, i) => (module[name] = callableClass(withOptions[i] as Constructor, name)));
  const Readable = module.Readable as Constructor & { from?: (input: unknown, options?: unknown) => unknown };
  const iterate = Readable.from?.bind(Readable);
  // Node's Readable.from sends a string or Buffer as one chunk; almostnode's iterates it byte by byte.
  const from = (input: unknown, options?: unknown) => {
    if (typeof input !== 'string' && !ArrayBuffer.isView(input)) return iterate?.(input, options);
    const readable = new Readable() as unknown as { push(chunk: unknown): void };
    queueMicrotask(() => {
      readable.push(input);
      readable.push(null);
    });
    return readable;
  };
  Object.defineProperty(Readable, 'from', { value: from, writable: true, configurable: true });
  module.from = from;
  module.Stream = Stream;
  module.default = Stream;
  return module;
}
