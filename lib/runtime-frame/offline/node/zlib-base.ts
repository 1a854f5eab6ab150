/**
 * `zlib`'s stream classes as Node builds them: a Transform (`ZlibBase`) that hands each chunk to an engine with
 * a fixed-size output buffer and calls it again while the buffer fills, flushes by writing an empty chunk that
 * carries the flush flag (so flushes keep their place among writes), checks its options with Node's errors, and
 * offers `flush`, `params`, `reset`, `close` and `_processChunk`. The classes are plain functions, as in Node,
 * so older code that subclasses them with `Base.call(this)` works.
 */
import { argTypeError, outOfRange, validateNumber } from './validators';
import { nodeError } from './node-errors';
import { BrotliEngine } from './brotli-engine';
import { ZlibEngine, type CompressionHandle } from './zlib-engine';
import { C, FLUSHINESS, MAX_BROTLI_PARAM } from './zlib-constants';

type AnyFunction = (...args: unknown[]) => unknown;
type Stream = Record<string | symbol, unknown> & {
  push(chunk: unknown): boolean;
  destroy(error?: Error): void;
  write(chunk: unknown, encoding: string, callback?: AnyFunction): boolean;
  once(event: string, listener: AnyFunction): void;
  on(event: string, listener: AnyFunction): void;
  destroyed: boolean;
  writableEnded: boolean;
  writableFinished: boolean;
  writableLength: number;
};

export interface BufferClass {
  alloc(size: number): Uint8Array;
  allocUnsafe(size: number): Uint8Array;
  from(data: ArrayBufferLike | string | Uint8Array, offset?: number, length?: number): Uint8Array;
  concat(list: Uint8Array[], length?: number): Uint8Array;
}

export interface ZlibDeps {
  Transform: AnyFunction & { prototype: object };
  finished(stream: unknown, callback: AnyFunction): void;
  Buffer: BufferClass;
  nextTick(fn: AnyFunction, ...args: unknown[]): void;
  defer(fn: () => void): void;
}

const K_MAX_LENGTH = 2 ** 32;
const kFlushFlag = Symbol('kFlushFlag');
const kError = Symbol('kError');

export function bufferTooLarge(max: number): Error {
  return nodeError(RangeError, 'ERR_BUFFER_TOO_LARGE', `Cannot create a Buffer larger than ${max} bytes`);
}

function checkFiniteNumber(value: unknown, name: string): value is number {
  if (value === undefined) return false;
  if (Number.isFinite(value)) return true;
  if (Number.isNaN(value)) return false;
  validateNumber(value, name);
  throw outOfRange(name, 'a finite number', value);
}

export function checkRange(value: unknown, name: string, lower: number, upper: number, fallback?: number): number {
  if (!checkFiniteNumber(value, name)) return fallback as number;
  if (value < lower || value > upper) throw outOfRange(name, `>= ${lower} and <= ${upper}`, value);
  return value;
}

const isView = (value: unknown): value is ArrayBufferView => ArrayBuffer.isView(value);
const isAnyArrayBuffer = (value: unknown): value is ArrayBuffer =>
  value instanceof ArrayBuffer ||
  Object.prototype.toString.call(value) === '[object ArrayBuffer]' ||
  Object.prototype.toString.call(value) === '[object SharedArrayBuffer]';

export function makeZlibClasses(deps: ZlibDeps) {
  const { Transform, Buffer } = deps;
  const flushBuffers = Object.fromEntries([0, 1, 2, 3, 4, 5].map((flag) => [flag, Object.assign(Buffer.alloc(0), { [kFlushFlag]: flag })]));

  function close(self: Stream): void {
    const handle = self._handle as CompressionHandle | null;
    if (!handle) return;
    handle.close();
    self._handle = null;
  }

  function processChunkSync(self: Stream, chunk: Uint8Array, flushFlag: number): Uint8Array {
    let availInBefore = chunk.byteLength;
    let availOutBefore = (self._chunkSize as number) - (self._outOffset as number);
    let inOff = 0;
    const buffers: Uint8Array[] = [];
    let nread = 0;
    let inputRead = 0;
    const handle = self._handle as CompressionHandle;
    const chunkSize = self._chunkSize as number;
    let buffer = self._outBuffer as Uint8Array;
    let offset = self._outOffset as number;
    let error: unknown;
    self.on('error', (err: unknown) => {
      error = err;
    });
    for (;;) {
      handle.writeSync(flushFlag, chunk, inOff, availInBefore, buffer, offset, availOutBefore);
      if (error) throw error;
      if (self[kError]) throw self[kError];
      const [availOutAfter = 0, availInAfter = 0] = handle.state;
      const inDelta = availInBefore - availInAfter;
      inputRead += inDelta;
      const have = availOutBefore - availOutAfter;
      if (have > 0) {
        buffers.push(buffer.slice(offset, offset + have));
        offset += have;
        nread += have;
        if (nread > (self._maxOutputLength as number)) {
          close(self);
          throw bufferTooLarge(self._maxOutputLength as number);
        }
      }
      if (availOutAfter === 0 || offset >= chunkSize) {
        availOutBefore = chunkSize;
        offset = 0;
        buffer = Buffer.allocUnsafe(chunkSize);
      }
      if (availOutAfter !== 0) break;
      inOff += inDelta;
      availInBefore = availInAfter;
    }
    self.bytesWritten = inputRead;
    close(self);
    if (nread === 0) return Buffer.alloc(0);
    return buffers.length === 1 ? (buffers[0] as Uint8Array) : Buffer.concat(buffers, nread);
  }

  function processChunk(self: Stream, chunk: Uint8Array, flushFlag: number, cb: AnyFunction): void {
    const handle = self._handle as CompressionHandle | null;
    if (!handle) {
      deps.nextTick(cb);
      return;
    }
    let inOff = 0;
    let availInBefore = chunk.byteLength;
    let availOutBefore = (self._chunkSize as number) - (self._outOffset as number);
    handle.callback = () => {
      if (self.destroyed) return cb();
      const [availOutAfter = 0, availInAfter = 0] = handle.state;
      const inDelta = availInBefore - availInAfter;
      (self.bytesWritten as number) += inDelta;
      const have = availOutBefore - availOutAfter;
      let full = false;
      if (have > 0) {
        const out = (self._outBuffer as Uint8Array).slice(self._outOffset as number, (self._outOffset as number) + have);
        (self._outOffset as number) += have;
        full = !self.push(out);
      }
      if (self.destroyed) return cb();
      if (availOutAfter === 0 || (self._outOffset as number) >= (self._chunkSize as number)) {
        availOutBefore = self._chunkSize as number;
        self._outOffset = 0;
        self._outBuffer = Buffer.allocUnsafe(self._chunkSize as number);
      }
      if (availOutAfter === 0) {
        // The output buffer filled: go on with the rest of this chunk, once the reader wants more.
        inOff += inDelta;
        availInBefore = availInAfter;
        const again = () =>
          handle.write(flushFlag, chunk, inOff, availInBefore, self._outBuffer as Uint8Array, self._outOffset as number, self._chunkSize as number);
        if (!full) return again();
        const oldRead = self._read as AnyFunction;
        self._read = (n: number) => {
          self._read = oldRead;
          again();
          oldRead.call(self, n);
        };
        return;
      }
      // Input left with output room to spare: the compressed stream ended before the input did.
      if (availInAfter > 0) self.push(null);
      return cb();
    };
    handle.write(flushFlag, chunk, 0, availInBefore, self._outBuffer as Uint8Array, self._outOffset as number, availOutBefore);
  }

  interface Defaults {
    flush: number;
    finishFlush: number;
    fullFlush: number;
  }

  function ZlibBase(this: Stream, opts: Record<string, unknown> | null | undefined, mode: number, handle: CompressionHandle, defaults: Defaults): void {
    let chunkSize = C.Z_DEFAULT_CHUNK;
    let maxOutputLength = K_MAX_LENGTH;
    let { flush, finishFlush } = defaults;
    const bound = mode === C.BROTLI_ENCODE || mode === C.BROTLI_DECODE ? [0, 3] : [0, 5];
    let options = opts;
    if (options) {
      chunkSize = options.chunkSize as number;
      if (!checkFiniteNumber(chunkSize, 'options.chunkSize')) chunkSize = C.Z_DEFAULT_CHUNK;
      else if (chunkSize < C.Z_MIN_CHUNK) throw outOfRange('options.chunkSize', `>= ${C.Z_MIN_CHUNK}`, chunkSize);
      flush = checkRange(options.flush, 'options.flush', bound[0] as number, bound[1] as number, flush);
      finishFlush = checkRange(options.finishFlush, 'options.finishFlush', bound[0] as number, bound[1] as number, finishFlush);
      maxOutputLength = checkRange(options.maxOutputLength, 'options.maxOutputLength', 1, K_MAX_LENGTH, K_MAX_LENGTH);
      if (options.encoding || options.objectMode || options.writableObjectMode) {
        options = { ...options, encoding: null, objectMode: false, writableObjectMode: false };
      }
    }
    Transform.call(this, { autoDestroy: true, ...(typeof options === 'object' ? options : {}) });
    this[kError] = null;
    this.bytesWritten = 0;
    this._handle = handle;
    handle.onerror = (message, errno, code) => {
      const error = Object.assign(new Error(message), { errno, code });
      this.destroy(error);
      this[kError] = error;
    };
    this._outBuffer = Buffer.allocUnsafe(chunkSize);
    this._outOffset = 0;
    this._chunkSize = chunkSize;
    this._defaultFlushFlag = flush;
    this._finishFlushFlag = finishFlush;
    this._defaultFullFlushFlag = defaults.fullFlush;
    this._info = options && typeof options === 'object' ? options.info : undefined;
    this._maxOutputLength = maxOutputLength;
  }
  Object.setPrototypeOf(ZlibBase.prototype, Transform.prototype);
  Object.setPrototypeOf(ZlibBase, Transform);
  const base = ZlibBase.prototype as Record<string, unknown>;
  Object.defineProperty(base, '_closed', {
    configurable: true,
    get(this: Stream) {
      return !this._handle;
    },
  });
  Object.defineProperty(base, 'bytesRead', {
    configurable: true,
    get(this: Stream) {
      return this.bytesWritten;
    },
    set(this: Stream, value: unknown) {
      this.bytesWritten = value;
    },
  });
  Object.assign(base, {
    reset(this: Stream) {
      if (!this._handle) throw new Error('zlib binding closed');
      return (this._handle as CompressionHandle).reset();
    },
    _flush(this: Stream, callback: AnyFunction) {
      (this._transform as AnyFunction)(Buffer.alloc(0), '', callback);
    },
    _final(callback: AnyFunction) {
      callback();
    },
    flush(this: Stream, kind?: unknown, callback?: AnyFunction) {
      if (typeof kind === 'function' || (kind === undefined && !callback)) {
        callback = kind as AnyFunction | undefined;
        kind = this._defaultFullFlushFlag;
      }
      if (this.writableFinished) {
        if (callback) deps.nextTick(callback);
      } else if (this.writableEnded) {
        if (callback) this.once('end', callback);
      } else this.write(flushBuffers[kind as number], '', callback);
    },
    close(this: Stream, callback?: AnyFunction) {
      if (callback) deps.finished(this, callback);
      this.destroy();
    },
    _destroy(this: Stream, error: Error | null, callback: AnyFunction) {
      close(this);
      callback(error);
    },
    _transform(this: Stream, chunk: Uint8Array & { [kFlushFlag]?: number }, _encoding: string, cb: AnyFunction) {
      let flushFlag = this._defaultFlushFlag as number;
      if (typeof chunk[kFlushFlag] === 'number') flushFlag = chunk[kFlushFlag];
      // The last chunk also gets the finishing flush.
      if (this.writableEnded && this.writableLength === chunk.byteLength) {
        const finish = this._finishFlushFlag as number;
        flushFlag = (FLUSHINESS[flushFlag] ?? 0) > (FLUSHINESS[finish] ?? 0) ? flushFlag : finish;
      }
      processChunk(this, chunk, flushFlag, cb);
    },
    _processChunk(this: Stream, chunk: Uint8Array, flushFlag: number, cb?: AnyFunction) {
      if (typeof cb === 'function') processChunk(this, chunk, flushFlag, cb);
      else return processChunkSync(this, chunk, flushFlag);
    },
  });

  function Zlib(this: Stream, opts: Record<string, unknown> | undefined, mode: number): void {
    let windowBits = C.Z_DEFAULT_WINDOWBITS;
    let level = C.Z_DEFAULT_COMPRESSION;
    let memLevel = C.Z_DEFAULT_MEMLEVEL;
    let strategy = C.Z_DEFAULT_STRATEGY;
    let dictionary: unknown;
    if (opts) {
      // 0 lets inflate take the window size from the stream's header; deflate has no such value.
      if ((opts.windowBits == null || opts.windowBits === 0) && (mode === C.INFLATE || mode === C.GUNZIP || mode === C.UNZIP)) windowBits = 0;
      else
        windowBits = checkRange(
          opts.windowBits,
          'options.windowBits',
          C.Z_MIN_WINDOWBITS + (mode === C.GZIP ? 1 : 0),
          C.Z_MAX_WINDOWBITS,
          C.Z_DEFAULT_WINDOWBITS,
        );
      level = checkRange(opts.level, 'options.level', C.Z_MIN_LEVEL, C.Z_MAX_LEVEL, C.Z_DEFAULT_COMPRESSION);
      memLevel = checkRange(opts.memLevel, 'options.memLevel', C.Z_MIN_MEMLEVEL, C.Z_MAX_MEMLEVEL, C.Z_DEFAULT_MEMLEVEL);
      strategy = checkRange(opts.strategy, 'options.strategy', C.Z_DEFAULT_STRATEGY, C.Z_FIXED, C.Z_DEFAULT_STRATEGY);
      dictionary = opts.dictionary;
      if (dictionary !== undefined && !isView(dictionary)) {
        if (isAnyArrayBuffer(dictionary)) dictionary = Buffer.from(dictionary);
        else throw argTypeError('options.dictionary', ['Buffer', 'TypedArray', 'DataView', 'ArrayBuffer'], dictionary);
      }
    }
    const view = dictionary as ArrayBufferView | undefined;
    const bytes = view ? new Uint8Array(view.buffer, view.byteOffset, view.byteLength) : undefined;
    const handle = new ZlibEngine(mode, { windowBits, level, memLevel, strategy, dictionary: bytes }, deps.defer);
    ZlibBase.call(this, opts, mode, handle, { flush: C.Z_NO_FLUSH, finishFlush: C.Z_FINISH, fullFlush: C.Z_FULL_FLUSH });
    this._level = level;
    this._strategy = strategy;
  }
  Object.setPrototypeOf(Zlib.prototype, ZlibBase.prototype);
  Object.setPrototypeOf(Zlib, ZlibBase);
  (Zlib.prototype as Record<string, unknown>).params = function params(this: Stream, level: number, strategy: number, callback?: AnyFunction) {
    checkRange(level, 'level', C.Z_MIN_LEVEL, C.Z_MAX_LEVEL);
    checkRange(strategy, 'strategy', C.Z_DEFAULT_STRATEGY, C.Z_FIXED);
    if (this._level === level && this._strategy === strategy) {
      deps.nextTick(callback as AnyFunction);
      return;
    }
    (this.flush as AnyFunction)(C.Z_SYNC_FLUSH, () => {
      if (!this._handle) throw new Error('zlib binding closed');
      (this._handle as CompressionHandle).params(level, strategy);
      if (this.destroyed) return;
      this._level = level;
      this._strategy = strategy;
      callback?.();
    });
  };

  function Brotli(this: Stream, opts: Record<string, unknown> | undefined, mode: number): void {
    const params = new Uint32Array(MAX_BROTLI_PARAM + 1).fill(0xffffffff);
    const given = opts?.params as Record<string, unknown> | undefined;
    if (given) {
      for (const origKey of Object.keys(given)) {
        const key = +origKey;
        if (Number.isNaN(key) || key < 0 || key > MAX_BROTLI_PARAM || ((params[key] as number) | 0) !== -1) {
          throw nodeError(RangeError, 'ERR_BROTLI_INVALID_PARAM', `${origKey} is not a valid Brotli parameter`);
        }
        const value = given[origKey];
        if (typeof value !== 'number' && typeof value !== 'boolean') throw argTypeError('options.params[key]', 'number', value);
        params[key] = Number(value);
      }
    }
    const handle = new BrotliEngine(mode === C.BROTLI_ENCODE, params, deps.defer);
    if (!handle.valid()) throw nodeError(Error, 'ERR_ZLIB_INITIALIZATION_FAILED', 'Initialization failed');
    ZlibBase.call(this, opts, mode, handle, { flush: C.BROTLI_OPERATION_PROCESS, finishFlush: C.BROTLI_OPERATION_FINISH, fullFlush: C.BROTLI_OPERATION_FLUSH });
  }
  Object.setPrototypeOf(Brotli.prototype, ZlibBase.prototype);
  Object.setPrototypeOf(Brotli, ZlibBase);

  const classes: Record<string, AnyFunction> = {};
  const kinds: [string, number, typeof Zlib][] = [
    ['Deflate', C.DEFLATE, Zlib],
    ['Inflate', C.INFLATE, Zlib],
    ['Gzip', C.GZIP, Zlib],
    ['Gunzip', C.GUNZIP, Zlib],
    ['DeflateRaw', C.DEFLATERAW, Zlib],
    ['InflateRaw', C.INFLATERAW, Zlib],
    ['Unzip', C.UNZIP, Zlib],
    ['BrotliCompress', C.BROTLI_ENCODE, Brotli],
    ['BrotliDecompress', C.BROTLI_DECODE, Brotli],
  ];
  for (const [name, mode, Parent] of kinds) {
    const Class = {
      // A function expression, not a method: methods cannot be called with `new`.
      [name]: function (this: unknown, opts?: Record<string, unknown>): unknown {
        // Called without `new`, Node's classes still make an instance.
        if (!(this instanceof Class)) return new (Class as unknown as new (o?: unknown) => unknown)(opts);
        Parent.call(this as Stream, opts, mode);
        return undefined;
      },
    }[name] as AnyFunction & { prototype: object };
    Object.setPrototypeOf(Class.prototype, Parent.prototype);
    Object.setPrototypeOf(Class, Parent);
    classes[name] = Class;
  }
  return { classes, processChunkSync: (engine: unknown, chunk: Uint8Array, flush: number) => processChunkSync(engine as Stream, chunk, flush) };
}
