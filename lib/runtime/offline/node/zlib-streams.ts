/**
 * What almostnode's `zlib` lacks: the stream classes (`createGunzip()`, `Gzip`, `Inflate`, … — tar
 * extractors and template downloaders pipe through them), `unzip`, and `crc32`, made with pako, the zlib port
 * the shim's one-shot functions already use. Brotli and Zstandard streams throw Node's error for a feature the
 * platform lacks.
 */
import pako from 'pako';
import { unavailable } from './node-errors';

type Module = Record<string, unknown>;
type Constructor = new (...args: unknown[]) => Record<string, unknown>;

interface BufferClass {
  from(data: Uint8Array): Uint8Array;
  concat(list: Uint8Array[]): Uint8Array;
}

interface Engine {
  push(data: Uint8Array, flush: boolean): boolean;
  onData(chunk: Uint8Array): void;
  onEnd(status: number): void;
  err: number;
  msg: string;
}

type ZlibOptions = pako.DeflateFunctionOptions & pako.InflateFunctionOptions;

// Node's codes for zlib's errors (Z_DATA_ERROR is -3 and so on).
const ERROR_CODES: Record<number, string> = { 2: 'Z_NEED_DICT', [-2]: 'Z_STREAM_ERROR', [-3]: 'Z_DATA_ERROR', [-4]: 'Z_MEM_ERROR', [-5]: 'Z_BUF_ERROR' };

function zlibError(engine: Engine): Error {
  return Object.assign(new Error(engine.msg || 'zlib error'), { errno: engine.err, code: ERROR_CODES[engine.err] ?? 'Z_DATA_ERROR' });
}

const KINDS = {
  Deflate: (o: ZlibOptions) => new pako.Deflate({ ...o }),
  Inflate: (o: ZlibOptions) => new pako.Inflate({ windowBits: o.windowBits }),
  DeflateRaw: (o: ZlibOptions) => new pako.Deflate({ ...o, raw: true }),
  InflateRaw: (o: ZlibOptions) => new pako.Inflate({ windowBits: o.windowBits, raw: true }),
  Gzip: (o: ZlibOptions) => new pako.Deflate({ ...o, gzip: true }),
  Gunzip: () => new pako.Inflate({ windowBits: 15 + 16 }),
  // Unzip takes either header: zlib's automatic detection.
  Unzip: () => new pako.Inflate({ windowBits: 15 + 32 }),
} as const;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(data: string | Uint8Array, value = 0): number {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  let crc = (value ^ 0xffffffff) >>> 0;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export function zlibModule(almost: Module, stream: Module, Buffer: BufferClass): Module {
  const Transform = stream.Transform as Constructor;
  const classes: Module = {};
  const factories: Module = {};
  for (const [name, create] of Object.entries(KINDS)) {
    class ZlibStream extends Transform {
      readonly engine: Engine;
      bytesWritten = 0;
      constructor(options: ZlibOptions = {}) {
        super(options);
        this.engine = create(options) as unknown as Engine;
        this.engine.onData = (chunk) => (this.push as (chunk: unknown) => void)(Buffer.from(chunk));
      }
      _transform(chunk: Uint8Array, _encoding: string, done: (error?: Error | null) => void) {
        this.bytesWritten += chunk.length;
        this.engine.push(chunk, false);
        done(this.engine.err ? zlibError(this.engine) : null);
      }
      _flush(done: (error?: Error | null) => void) {
        this.engine.push(new Uint8Array(0), true);
        done(this.engine.err ? zlibError(this.engine) : null);
      }
      close(callback?: () => void) {
        (this.destroy as () => void)();
        if (callback) setTimeout(callback, 0);
      }
    }
    Object.defineProperty(ZlibStream, 'name', { value: name });
    classes[name] = ZlibStream;
    factories[`create${name}`] = (options?: ZlibOptions) => new ZlibStream(options);
  }
  const notHere = (feature: string) => () => {
    throw unavailable(`zlib.${feature}`);
  };
  const unzipSync = (data: Uint8Array) => Buffer.from(pako.inflate(data));
  return {
    ...almost,
    ...classes,
    ...factories,
    unzipSync,
    unzip: (data: Uint8Array, ...rest: unknown[]) => {
      const callback = rest[rest.length - 1] as (error: Error | null, result?: Uint8Array) => void;
      setTimeout(() => {
        try {
          callback(null, unzipSync(data));
        } catch (error) {
          callback(error as Error);
        }
      }, 0);
    },
    crc32,
    BrotliCompress: notHere('BrotliCompress'),
    BrotliDecompress: notHere('BrotliDecompress'),
    createBrotliCompress: notHere('createBrotliCompress'),
    createBrotliDecompress: notHere('createBrotliDecompress'),
  };
}
