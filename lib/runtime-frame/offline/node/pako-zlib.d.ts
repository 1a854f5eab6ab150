// pako's zlib port, function by function (the package ships these files without types).
declare module 'pako/lib/zlib/zstream.js' {
  class ZStream {
    input: Uint8Array | null;
    next_in: number;
    avail_in: number;
    total_in: number;
    output: Uint8Array | null;
    next_out: number;
    avail_out: number;
    total_out: number;
    msg: string;
    state: Record<string, unknown> | null;
  }
  export default ZStream;
}
declare module 'pako/lib/zlib/deflate.js' {
  type Strm = import('pako/lib/zlib/zstream.js').default;
  export function deflateInit2(strm: Strm, level: number, method: number, windowBits: number, memLevel: number, strategy: number): number;
  export function deflate(strm: Strm, flush: number): number;
  export function deflateReset(strm: Strm): number;
  export function deflateEnd(strm: Strm): number;
  export function deflateSetDictionary(strm: Strm, dictionary: Uint8Array): number;
}
declare module 'pako/lib/zlib/inflate.js' {
  type Strm = import('pako/lib/zlib/zstream.js').default;
  export function inflateInit2(strm: Strm, windowBits: number): number;
  export function inflate(strm: Strm, flush: number): number;
  export function inflateReset(strm: Strm): number;
  export function inflateEnd(strm: Strm): number;
  export function inflateSetDictionary(strm: Strm, dictionary: Uint8Array): number;
}
declare module 'brotli/dec/decode.js' {
  export function BrotliDecompressBuffer(buffer: Uint8Array, outputSize?: number): Uint8Array;
  export function BrotliDecompress(
    input: { read(into: Uint8Array, at: number, count: number): number },
    output: { write(bytes: Uint8Array, count: number): number },
  ): void;
}
