/**
 * fs.ReadStream / fs.WriteStream as Node builds them: streams of the `stream` module that open their file in
 * `_construct`, read and write it through the process's own `fs.open`/`read`/`write`/`close` (or an `fs`
 * option's), honour `start`/`end`/`fd`/`autoClose`/`flush`, and check their options with Node's errors. Like
 * Node's they are plain constructor functions, so `fs.ReadStream.call(this, …)` (graceful-fs) works.
 */
import { fileHandleOf, handleOperations } from './fs-file-handle';
import { argTypeError, outOfRange, validateBoolean, validateFunction, validateInteger } from './validators';

type AnyFunction = (...args: unknown[]) => unknown;
type Callback = (error?: Error | null, ...rest: unknown[]) => void;

interface FsLike {
  open(path: unknown, flags: unknown, mode: unknown, callback: Callback): void;
  read(fd: number, buffer: Uint8Array, offset: number, length: number, position: number | null | undefined, callback: Callback): void;
  write(fd: number, buffer: Uint8Array, offset: number, length: number, position: number | null | undefined, callback: Callback): void;
  close(fd: number, callback: Callback): void;
  fsync?(fd: number, callback: Callback): void;
}

export interface BufferClass {
  allocUnsafeSlow(size: number): Uint8Array;
  from(text: string): Uint8Array;
  from(buffer: ArrayBufferLike, offset: number, length: number): Uint8Array;
}

interface StreamState {
  fd: number | null;
  path: unknown;
  flags: string;
  mode: number;
  open(): void;
  pos: number | undefined;
  destroyed: boolean;
  closed?: boolean;
  flush?: boolean;
  emit(event: string, ...args: unknown[]): boolean;
  once(event: string, listener: AnyFunction): unknown;
  on(event: string, listener: AnyFunction): unknown;
  [key: symbol]: unknown;
}

const kFs = Symbol('kFs');
const kIsPerformingIO = Symbol('kIsPerformingIO');
const kIoDone = Symbol('kIoDone');

function streamOptions(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value === 'string') return { encoding: value };
  if (typeof value !== 'object') throw argTypeError('options', ['string', 'Object'], value);
  // Inherited options count too, as Node reads them by plain property access.
  const copy: Record<string, unknown> = {};
  for (const key in value) copy[key] = (value as Record<string, unknown>)[key];
  return copy;
}

function validPath(path: unknown): unknown {
  const text = path instanceof URL ? decodeURIComponent(path.pathname) : path;
  if (typeof text !== 'string' && !(text instanceof Uint8Array)) throw argTypeError('path', ['string', 'Buffer', 'URL'], path);
  return text;
}

function fdOption(fd: unknown): number | null {
  if (fd === undefined || fd === null) return null;
  const handle = fileHandleOf(fd);
  if (handle) return handle.fd;
  validateInteger(fd, 'fd', 0, 2147483647);
  return fd;
}

function commonSetup(stream: StreamState, path: unknown, options: Record<string, unknown>, defaultFlags: string, methods: string[], fs: FsLike): void {
  // A FileHandle given as `fd`: the stream reads, writes and closes through the handle's own methods.
  const handle = fileHandleOf(options.fd);
  const impl = (handle ? handleOperations(handle) : (options.fs ?? fs)) as FsLike & Record<string, unknown>;
  for (const method of methods) validateFunction(impl[method], `options.fs.${method}`);
  if (defaultFlags === 'w') {
    // Either write or writev is enough; whichever is given must be a function.
    if (!impl.write && !impl.writev) throw argTypeError('options.fs.write', 'function', impl.write);
    if (impl.write) validateFunction(impl.write, 'options.fs.write');
    if (impl.writev) validateFunction(impl.writev, 'options.fs.writev');
  }
  stream[kFs] = impl;
  options.autoDestroy = options.autoClose === undefined ? true : options.autoClose;
  stream.fd = fdOption(options.fd);
  stream.path = stream.fd === null ? validPath(path) : path;
  stream.flags = options.flags === undefined ? defaultFlags : String(options.flags);
  stream.mode = options.mode === undefined ? 0o666 : (options.mode as number);
  stream.pos = undefined;
  if (options.start !== undefined) {
    validateInteger(options.start, 'start', 0);
    stream.pos = options.start;
  }
}

/**
 * The streams' own `open`: Node's is a deprecated no-op (DEP0135, warned once). Being one of these stands for
 * "not replaced": a program that assigns its own `open` (old graceful-fs) has it called instead.
 */
const defaultOpens = new WeakSet<object>();

function deprecatedOpen(kind: string, warn: Warn): () => void {
  let warned = false;
  const open = () => {
    if (!warned) warn(`${kind}.prototype.open() is deprecated`, 'DeprecationWarning', 'DEP0135');
    warned = true;
  };
  defaultOpens.add(open);
  return open;
}

type Warn = (message: string, type: string, code: string) => void;

function openFile(stream: StreamState, callback: Callback): void {
  if (stream.fd !== null) {
    callback();
    return;
  }
  if (!defaultOpens.has(stream.open)) {
    // As Node keeps it for compatibility: the replaced open() reports through 'open' or 'error'.
    const emit = stream.emit;
    stream.emit = function (this: StreamState, event: string, ...args: unknown[]) {
      if (event === 'open' || event === 'error') {
        this.emit = emit;
        callback(event === 'error' ? (args[0] as Error) : null);
      }
      return Reflect.apply(emit, this, [event, ...args]) as boolean;
    };
    stream.open();
    return;
  }
  (stream[kFs] as FsLike).open(stream.path, stream.flags, stream.mode, (error, fd) => {
    if (error) {
      callback(error);
      return;
    }
    stream.fd = fd as number;
    callback();
    stream.emit('open', stream.fd);
    stream.emit('ready');
  });
}

function closeFile(stream: StreamState, error: Error | null, callback: Callback): void {
  if (stream.fd === null) {
    callback(error);
    return;
  }
  const fs = stream[kFs] as FsLike;
  const fd = stream.fd;
  const close = () => fs.close(fd, (closeError) => callback(closeError || error));
  stream.fd = null;
  if (stream.flush && fs.fsync) fs.fsync(fd, (syncError) => (syncError ? callback(syncError) : close()));
  else close();
}

function destroyFile(stream: StreamState, error: Error | null, callback: Callback): void {
  if (stream[kIsPerformingIO]) stream.once(kIoDone as unknown as string, (ioError: unknown) => closeFile(stream, error || (ioError as Error | null), callback));
  else closeFile(stream, error, callback);
}

function definePending(proto: object): void {
  Object.defineProperty(proto, 'pending', {
    get(this: StreamState) {
      return this.fd === null;
    },
    configurable: true,
  });
  Object.defineProperty(proto, 'autoClose', {
    get(this: { _readableState?: { autoDestroy: boolean }; _writableState?: { autoDestroy: boolean } }) {
      return (this._readableState ?? this._writableState)?.autoDestroy;
    },
    set(this: { _readableState?: { autoDestroy: boolean }; _writableState?: { autoDestroy: boolean } }, value: boolean) {
      const state = this._readableState ?? this._writableState;
      if (state) state.autoDestroy = value;
    },
    configurable: true,
  });
}

/** Makes `Class` a subclass of `Base` with the file-stream methods both kinds share, and `methods`. */
function fileStreamClass(Class: AnyFunction, Base: AnyFunction, methods: Record<string, unknown>): void {
  Object.setPrototypeOf(Class.prototype, Base.prototype);
  Object.setPrototypeOf(Class, Base);
  definePending(Class.prototype);
  Object.assign(Class.prototype, {
    _construct(this: StreamState, callback: Callback) {
      openFile(this, callback);
    },
    _destroy(this: StreamState, error: Error | null, callback: Callback) {
      destroyFile(this, error, callback);
    },
    ...methods,
  });
}

export function addFsStreams(fs: Record<string, unknown>, stream: Record<string, unknown>, Buffer: BufferClass, warn: Warn = () => undefined): void {
  const files = fs as unknown as FsLike;
  const Readable = stream.Readable as AnyFunction & { prototype: object };
  const Writable = stream.Writable as AnyFunction & { prototype: object };
  const finished = stream.finished as (stream: unknown, callback: AnyFunction) => void;

  function ReadStream(this: StreamState & { bytesRead: number; end: number; start?: number }, path: unknown, rawOptions?: unknown): unknown {
    if (!(this instanceof ReadStream)) return new (ReadStream as unknown as new (path: unknown, options: unknown) => unknown)(path, rawOptions);
    const options = streamOptions(rawOptions);
    if (options.highWaterMark === undefined) options.highWaterMark = 64 * 1024;
    commonSetup(this, path, options, 'r', ['open', 'read', 'close'], files);
    this.start = options.start as number | undefined;
    this.end = (options.end ?? Infinity) as number;
    this.bytesRead = 0;
    this[kIsPerformingIO] = false;
    if (this.end !== Infinity) {
      validateInteger(this.end, 'end', 0);
      if (this.start !== undefined && this.start > this.end) throw outOfRange('start', `<= "end" (here: ${this.end})`, this.start);
    }
    Reflect.apply(Readable, this, [options]);
    return undefined;
  }
  fileStreamClass(ReadStream, Readable, {
    _read(this: StreamState & { bytesRead: number; end: number; push(chunk: unknown): boolean; destroy(error: unknown): void }, size: number) {
      const n = this.pos !== undefined ? Math.min(this.end - this.pos + 1, size) : Math.min(this.end - this.bytesRead + 1, size);
      if (n <= 0) {
        this.push(null);
        return;
      }
      const buffer = Buffer.allocUnsafeSlow(n);
      this[kIsPerformingIO] = true;
      (this[kFs] as FsLike).read(this.fd as number, buffer, 0, n, this.pos, (error, bytesRead) => {
        this[kIsPerformingIO] = false;
        if (this.destroyed) {
          this.emit(kIoDone as unknown as string, error);
          return;
        }
        if (error) {
          this.destroy(error);
          return;
        }
        const count = bytesRead as number;
        if (count > 0) {
          if (this.pos !== undefined) this.pos += count;
          this.bytesRead += count;
          // A short read is copied to a buffer of its size, as Node's is: a view would keep the whole
          // highWaterMark-sized buffer alive for as long as the chunk is.
          const chunk = count === buffer.length ? buffer : Buffer.allocUnsafeSlow(count);
          if (chunk !== buffer) chunk.set(buffer.subarray(0, count));
          this.push(chunk);
        } else this.push(null);
      });
    },
    close(this: { destroy(): void }, callback?: AnyFunction) {
      if (typeof callback === 'function') finished(this, callback);
      this.destroy();
    },
  });

  function WriteStream(
    this: StreamState & { bytesWritten: number; start?: number; setDefaultEncoding(encoding: string): void },
    path: unknown,
    rawOptions?: unknown,
  ): unknown {
    if (!(this instanceof WriteStream)) return new (WriteStream as unknown as new (path: unknown, options: unknown) => unknown)(path, rawOptions);
    const options = streamOptions(rawOptions);
    options.decodeStrings = true;
    commonSetup(this, path, options, 'w', ['open', 'close'], files);
    if (options.flush == null) this.flush = false;
    else {
      validateBoolean(options.flush, 'options.flush');
      this.flush = options.flush;
    }
    this.start = options.start as number | undefined;
    this.bytesWritten = 0;
    this[kIsPerformingIO] = false;
    Reflect.apply(Writable, this, [options]);
    if (options.encoding) this.setDefaultEncoding(options.encoding as string);
    return undefined;
  }
  fileStreamClass(WriteStream, Writable, {
    _write(this: StreamState & { bytesWritten: number }, data: Uint8Array, _encoding: string, callback: Callback) {
      this[kIsPerformingIO] = true;
      (this[kFs] as FsLike).write(this.fd as number, data, 0, data.length, this.pos, (error, bytes) => {
        this[kIsPerformingIO] = false;
        if (this.destroyed) {
          callback(error);
          this.emit(kIoDone as unknown as string, error);
          return;
        }
        if (error) {
          callback(error);
          return;
        }
        this.bytesWritten += bytes as number;
        callback();
      });
      if (this.pos !== undefined) this.pos += data.length;
    },
    close(this: StreamState & { end(): void; destroy(): void; autoClose: boolean }, callback?: AnyFunction) {
      if (callback) {
        if (this.closed) {
          queueMicrotask(() => callback());
          return;
        }
        this.on('close', callback);
      }
      if (!this.autoClose) this.on('finish', () => this.destroy());
      this.end();
    },
    destroySoon(this: { end(): void }) {
      this.end();
    },
  });

  (ReadStream.prototype as { open: unknown }).open = deprecatedOpen('ReadStream', warn);
  (WriteStream.prototype as { open: unknown }).open = deprecatedOpen('WriteStream', warn);
  Object.assign(fs, {
    ReadStream,
    WriteStream,
    createReadStream: (path: unknown, options?: unknown) => new (ReadStream as unknown as new (path: unknown, options: unknown) => unknown)(path, options),
    createWriteStream: (path: unknown, options?: unknown) => new (WriteStream as unknown as new (path: unknown, options: unknown) => unknown)(path, options),
  });
}
