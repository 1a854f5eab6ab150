/**
 * Node's `zlib` for programs: the stream classes and their `create…` factories (zlib-base.ts), the one-shot
 * functions in callback and sync form made from them as Node makes them (so both check their input and honour
 * `maxOutputLength`, `info` and every stream option), `crc32`, `constants` and `codes`.
 */
import { argTypeError, validateUint32 } from './validators';
import { bufferTooLarge, makeZlibClasses, type BufferClass, type ZlibDeps } from './zlib-base';
import { C, zlibCodes } from './zlib-constants';

type Module = Record<string, unknown>;
type AnyFunction = (...args: unknown[]) => unknown;
type Engine = Module & {
  on(event: string, listener: AnyFunction): void;
  removeAllListeners(event: string): void;
  end(chunk: unknown): void;
  close(): void;
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(data: unknown, value: unknown = 0): number {
  if (typeof data !== 'string' && !ArrayBuffer.isView(data)) throw argTypeError('data', ['Buffer', 'TypedArray', 'DataView', 'string'], data);
  validateUint32(value, 'value');
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  let crc = (value ^ 0xffffffff) >>> 0;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const isAnyArrayBuffer = (value: unknown) => ['[object ArrayBuffer]', '[object SharedArrayBuffer]'].includes(Object.prototype.toString.call(value));

function toBytes(Buffer: BufferClass, buffer: unknown): Uint8Array {
  if (typeof buffer === 'string') return Buffer.from(buffer);
  if (ArrayBuffer.isView(buffer)) return buffer instanceof Uint8Array ? buffer : Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  if (isAnyArrayBuffer(buffer)) return Buffer.from(buffer as ArrayBuffer);
  throw argTypeError('buffer', ['string', 'Buffer', 'TypedArray', 'DataView', 'ArrayBuffer'], buffer);
}

function convenience(Buffer: BufferClass, Class: AnyFunction, processChunkSync: (engine: unknown, chunk: Uint8Array, flush: number) => Uint8Array) {
  const make = (opts: unknown) => new (Class as unknown as new (o: unknown) => Engine)(opts);
  const sync = (buffer: unknown, opts?: unknown) => {
    const bytes = toBytes(Buffer, buffer);
    const engine = make(opts);
    const result = processChunkSync(engine, bytes, engine._finishFlushFlag as number);
    return engine._info ? { buffer: result, engine } : result;
  };
  const callbackForm = (buffer: unknown, opts: unknown, callback?: unknown) => {
    if (typeof opts === 'function') {
      callback = opts;
      opts = {};
    }
    if (typeof callback !== 'function') throw argTypeError('callback', 'function', callback);
    const cb = callback as AnyFunction;
    const engine = make(opts);
    const chunks: Uint8Array[] = [];
    let nread = 0;
    engine.on('data', (chunk: unknown) => {
      chunks.push(chunk as Uint8Array);
      nread += (chunk as Uint8Array).length;
      if (nread > (engine._maxOutputLength as number)) {
        engine.close();
        engine.removeAllListeners('end');
        cb(bufferTooLarge(engine._maxOutputLength as number));
      }
    });
    engine.on('error', (error: unknown) => {
      engine.removeAllListeners('end');
      cb(error);
    });
    engine.on('end', () => {
      const result = nread === 0 ? Buffer.alloc(0) : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, nread);
      engine.close();
      cb(null, engine._info ? { buffer: result, engine } : result);
    });
    const bytes =
      ArrayBuffer.isView(buffer) && !(buffer instanceof Uint8Array)
        ? Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength)
        : isAnyArrayBuffer(buffer)
          ? Buffer.from(buffer as ArrayBuffer)
          : buffer;
    engine.end(bytes);
  };
  return { sync, callbackForm };
}

const NAMES: [string, string][] = [
  ['Deflate', 'deflate'],
  ['Inflate', 'inflate'],
  ['Gzip', 'gzip'],
  ['Gunzip', 'gunzip'],
  ['DeflateRaw', 'deflateRaw'],
  ['InflateRaw', 'inflateRaw'],
  ['Unzip', 'unzip'],
  ['BrotliCompress', 'brotliCompress'],
  ['BrotliDecompress', 'brotliDecompress'],
];

export function zlibModule(stream: Module, Buffer: BufferClass, timing: Pick<ZlibDeps, 'nextTick' | 'defer'>): Module {
  const deps: ZlibDeps = { Transform: stream.Transform as ZlibDeps['Transform'], finished: stream.finished as ZlibDeps['finished'], Buffer, ...timing };
  const { classes, processChunkSync } = makeZlibClasses(deps);
  const zlib: Module = { crc32, constants: Object.freeze({ ...C }), codes: zlibCodes() };
  for (const [className, fn] of NAMES) {
    const Class = classes[className] as AnyFunction;
    const { sync, callbackForm } = convenience(Buffer, Class, processChunkSync);
    zlib[className] = Class;
    zlib[`create${className}`] = (options?: unknown) => new (Class as unknown as new (o: unknown) => unknown)(options);
    zlib[fn] = callbackForm;
    zlib[`${fn}Sync`] = sync;
  }
  return zlib;
}
