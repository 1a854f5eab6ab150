import * as stream from 'node:stream';
import * as realZlib from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { zlibModule } from '@/lib/runtime-frame/offline/node/zlib-streams';

// The tab loads brotli-wasm's web build (compiled from a fetched .wasm file); Node's build is the same encoder.
vi.mock('brotli-wasm', async () => {
  const { createRequire } = await import('node:module');
  return { default: Promise.resolve(createRequire(import.meta.url)('brotli-wasm')) };
});

type AnyFunction = (...args: unknown[]) => unknown;
interface Zlib {
  constants: { Z_DEFAULT_STRATEGY: number; BROTLI_PARAM_QUALITY: number };
  createGzip(options?: object): ZStream;
  createBrotliCompress(options?: object): ZStream;
  DeflateRaw: AnyFunction & { prototype: object };
  Gzip: AnyFunction;
  gunzipSync(data: unknown, options?: object): Buffer;
  inflateSync(data: unknown, options?: object): Buffer;
  deflateSync(data: unknown, options?: object): Buffer;
  brotliCompressSync(data: unknown, options?: object): Buffer;
  brotliDecompressSync(data: unknown, options?: object): Buffer;
  brotliCompress(data: unknown, options: object, callback: (error: unknown, result: Buffer) => void): void;
}
const zlib = zlibModule(stream as never, Buffer as never, { nextTick: process.nextTick, defer: (fn) => void setImmediate(fn) }) as unknown as Zlib;
const z = zlib;
type ZStream = stream.Transform & { flush(kind?: unknown, cb?: () => void): void; params(l: number, s: number, cb: () => void): void; reset(): void };
const create = (name: string, options?: object) => ((zlib as unknown as Record<string, AnyFunction>)[`create${name}`] as AnyFunction)(options) as ZStream;

function collect(source: stream.Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    source.on('data', (chunk: Buffer) => chunks.push(chunk));
    source.on('error', reject);
    source.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

describe('zlib as Node has it', () => {
  it('gunzips gzip members one after another, in one buffer or split across writes', async () => {
    const data = Buffer.concat([realZlib.gzipSync('abc'), realZlib.gzipSync('def')]);
    expect(z.gunzipSync(data).toString()).toBe('abcdef');
    const gunzip = create('Gunzip');
    const out = collect(gunzip);
    gunzip.write(data.subarray(0, 25));
    gunzip.end(data.subarray(25));
    expect((await out).toString()).toBe('abcdef');
  });

  it('flush() gives out what was written so far; params() changes the level mid-stream; reset() starts over', async () => {
    const deflate = create('Deflate', { level: 9 });
    const inflate = create('Inflate');
    deflate.pipe(inflate);
    const out = collect(inflate);
    let given = 0;
    deflate.on('data', (chunk: Buffer) => (given += chunk.length));
    deflate.write('hello ');
    await new Promise<void>((resolve) => deflate.flush(resolve));
    expect(given).toBeGreaterThan(0);
    await new Promise<void>((resolve) => deflate.params(0, zlib.constants.Z_DEFAULT_STRATEGY, resolve));
    deflate.end('world');
    expect((await out).toString()).toBe('hello world');
    const fresh = create('Deflate');
    fresh.reset();
    expect(
      realZlib
        .inflateSync(
          await new Promise<Buffer>((resolve) => {
            const o = collect(fresh);
            fresh.end('again');
            void o.then(resolve);
          }),
        )
        .toString(),
    ).toBe('again');
  });

  it('inflates with the dictionary the data was deflated with', async () => {
    const dictionary = Buffer.from('HTTP/1.1 200 OK Content-Length');
    const packed = realZlib.deflateSync('HTTP/1.1 200 OK', { dictionary });
    expect(z.inflateSync(packed, { dictionary }).toString()).toBe('HTTP/1.1 200 OK');
    expect(() => z.inflateSync(packed)).toThrow(expect.objectContaining({ code: 'Z_NEED_DICT', message: 'Missing dictionary' }));
  });

  it('checks its arguments with Node errors', () => {
    expect(() => zlib.createGzip({ flush: 'foobar' })).toThrow(
      expect.objectContaining({ code: 'ERR_INVALID_ARG_TYPE', message: expect.stringContaining('"options.flush" property must be of type number') }),
    );
    expect(() => zlib.createGzip({ flush: 10000 })).toThrow(
      expect.objectContaining({ code: 'ERR_OUT_OF_RANGE', message: expect.stringContaining('>= 0 and <= 5. Received 10000') }),
    );
    expect(() => z.deflateSync(null)).toThrow(expect.objectContaining({ code: 'ERR_INVALID_ARG_TYPE' }));
    expect(() => zlib.createBrotliCompress({ params: { 10000: 0 } })).toThrow(
      expect.objectContaining({ code: 'ERR_BROTLI_INVALID_PARAM', message: '10000 is not a valid Brotli parameter' }),
    );
    expect(() => zlib.createBrotliCompress({ params: { 4: 42 } })).toThrow(expect.objectContaining({ code: 'ERR_ZLIB_INITIALIZATION_FAILED' }));
    expect(() => z.gunzipSync(Buffer.from('not gzip'))).toThrow(expect.objectContaining({ code: 'Z_DATA_ERROR', message: 'incorrect header check' }));
  });

  it('makes instances when called as plain functions, as older subclasses do', () => {
    function Sub(this: object) {
      zlib.DeflateRaw.call(this);
    }
    Object.setPrototypeOf(Sub.prototype, zlib.DeflateRaw.prototype);
    const made = new (Sub as unknown as new () => ZStream)();
    expect(typeof made.flush).toBe('function');
    expect(zlib.Gzip()).toBeInstanceOf(zlib.Gzip);
  });

  it('compresses brotli at the quality asked, in a form Node decompresses, and decompresses synchronously', async () => {
    const text = Buffer.from('brotli '.repeat(2000) + Array.from({ length: 500 }, (_, i) => i * 7919).join(','));
    const compress = (options: object) =>
      new Promise<Buffer>((resolve, reject) =>
        zlib.brotliCompress(text, options, (error: unknown, result: Buffer) => (error ? reject(error) : resolve(result))),
      );
    const fast = await compress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } });
    const best = await compress({});
    expect(best.length).toBeLessThan(fast.length);
    expect(realZlib.brotliDecompressSync(best).equals(text)).toBe(true);
    // Once the encoder has loaded, the sync form works too.
    expect(realZlib.brotliDecompressSync(z.brotliCompressSync(text)).equals(text)).toBe(true);
    expect(z.brotliDecompressSync(realZlib.brotliCompressSync(text)).equals(text)).toBe(true);
    expect(() => z.brotliDecompressSync(realZlib.brotliCompressSync(text), { maxOutputLength: 64 })).toThrow(
      expect.objectContaining({ code: 'ERR_BUFFER_TOO_LARGE' }),
    );
  });
});
