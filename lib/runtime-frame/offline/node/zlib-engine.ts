/**
 * The compression engine behind each of `zlib`'s streams, with the shape of Node's native handle: `write`
 * takes a flush flag, an input window and an output window, runs the codec until one of them is used up, and
 * leaves [output space left, input left] in `state`; the async form answers on a later turn of the event loop
 * (Node's runs on its thread pool), the sync form at once. zlib's formats run on pako, a line-by-line port of
 * zlib, driven call by call as Node drives zlib: dictionaries, resets, level and strategy changes mid-stream,
 * gzip members one after another, and zlib's own error messages. fflate, kept for the workspace's zip files
 * (pako has no zip format), cannot stand in for pako here: it offers no zlib stream to drive window by window,
 * no full or block flush, no `params` or `reset` mid-stream, and none of zlib's error codes.
 */
import ZStream from 'pako/lib/zlib/zstream.js';
import * as zDeflate from 'pako/lib/zlib/deflate.js';
import * as zInflate from 'pako/lib/zlib/inflate.js';
import { C } from './zlib-constants';

const Z_OK = 0;
const Z_STREAM_END = 1;
const Z_NEED_DICT = 2;
const Z_FINISH = 4;
const Z_BUF_ERROR = -5;

export const ZLIB_CODES: Record<number, string> = {
  0: 'Z_OK',
  1: 'Z_STREAM_END',
  2: 'Z_NEED_DICT',
  [-1]: 'Z_ERRNO',
  [-2]: 'Z_STREAM_ERROR',
  [-3]: 'Z_DATA_ERROR',
  [-4]: 'Z_MEM_ERROR',
  [-5]: 'Z_BUF_ERROR',
  [-6]: 'Z_VERSION_ERROR',
};

/** What the streams see of an engine; `onerror` and `callback` are set by the stream that owns it. */
export interface CompressionHandle {
  readonly state: Uint32Array;
  onerror: (message: string, errno: number, code: string) => void;
  callback: () => void;
  write(flush: number, input: Uint8Array, inOff: number, inLen: number, out: Uint8Array, outOff: number, outLen: number): void;
  writeSync(flush: number, input: Uint8Array, inOff: number, inLen: number, out: Uint8Array, outOff: number, outLen: number): void;
  reset(): void;
  params(level: number, strategy: number): void;
  close(): void;
}

type Defer = (fn: () => void) => void;

/** A codec's failure as Node's handle reports it: [message, errno, code]. */
export type CodecError = [string, number, string];

/** The part every engine shares: deferring async writes and dropping them once closed, as Node's handle does. */
export abstract class EngineBase implements CompressionHandle {
  readonly state = new Uint32Array(2);
  onerror: CompressionHandle['onerror'] = () => undefined;
  callback: () => void = () => undefined;
  protected closed = false;
  constructor(protected readonly defer: Defer) {}

  /** Runs the codec; answers an error as [message, errno, code], or null. */
  protected abstract run(flush: number, input: Uint8Array, inOff: number, inLen: number, out: Uint8Array, outOff: number, outLen: number): CodecError | null;
  abstract reset(): void;
  params(_level: number, _strategy: number): void {}

  write(...args: Parameters<CompressionHandle['write']>): void {
    this.defer(() => {
      if (this.closed) return;
      const error = this.run(...args);
      if (error) this.onerror(...error);
      else this.callback();
    });
  }

  writeSync(...args: Parameters<CompressionHandle['write']>): void {
    const error = this.run(...args);
    if (error) this.onerror(...error);
  }

  close(): void {
    this.closed = true;
  }
}

// zlib's table of compression parameters by level (good_length, max_lazy, nice_length, max_chain), which
// deflateParams applies when the level changes; pako keeps it private.
const LEVELS: [number, number, number, number][] = [
  [0, 0, 0, 0],
  [4, 4, 8, 4],
  [4, 5, 16, 8],
  [4, 6, 32, 32],
  [4, 4, 16, 16],
  [8, 16, 32, 32],
  [8, 16, 128, 128],
  [8, 32, 128, 256],
  [32, 128, 258, 1024],
  [32, 258, 258, 4096],
];

export interface ZlibInit {
  windowBits: number;
  level: number;
  memLevel: number;
  strategy: number;
  dictionary?: Uint8Array;
}

export class ZlibEngine extends EngineBase {
  private strm = new ZStream();
  private mode: number;
  private readonly dictionary: Uint8Array | undefined;

  constructor(
    mode: number,
    private readonly init: ZlibInit,
    defer: Defer,
  ) {
    super(defer);
    this.mode = mode;
    this.dictionary = init.dictionary ? new Uint8Array(init.dictionary.buffer, init.dictionary.byteOffset, init.dictionary.byteLength).slice() : undefined;
    this.start();
  }

  private get deflating(): boolean {
    return this.mode === C.DEFLATE || this.mode === C.GZIP || this.mode === C.DEFLATERAW;
  }

  private start(): void {
    const { windowBits, level, memLevel, strategy } = this.init;
    const bits =
      {
        [C.GZIP]: windowBits + 16,
        [C.GUNZIP]: windowBits + 16,
        [C.UNZIP]: windowBits + 32,
        [C.DEFLATERAW]: -windowBits,
        [C.INFLATERAW]: -windowBits,
      }[this.mode] ?? windowBits;
    if (this.deflating) zDeflate.deflateInit2(this.strm, level, 8, bits, memLevel, strategy);
    else zInflate.inflateInit2(this.strm, bits);
    this.setDictionary();
  }

  private setDictionary(): void {
    if (!this.dictionary) return;
    if (this.mode === C.DEFLATE || this.mode === C.DEFLATERAW) zDeflate.deflateSetDictionary(this.strm, this.dictionary);
    else if (this.mode === C.INFLATERAW) zInflate.inflateSetDictionary(this.strm, this.dictionary);
  }

  protected run(flush: number, input: Uint8Array, inOff: number, inLen: number, out: Uint8Array, outOff: number, outLen: number): CodecError | null {
    const strm = this.strm;
    Object.assign(strm, { input, next_in: inOff, avail_in: inLen, output: out, next_out: outOff, avail_out: outLen, msg: '' });
    let err: number;
    if (this.deflating) err = zDeflate.deflate(strm, flush);
    else {
      // Unzip reads either header; a gzip one makes the rest of the stream gzip's, members and all.
      if (this.mode === C.UNZIP && inLen > 0) this.mode = input[inOff] === 0x1f ? C.GUNZIP : C.INFLATE;
      err = zInflate.inflate(strm, flush);
      if (this.mode !== C.INFLATERAW && err === Z_NEED_DICT && this.dictionary) {
        err = zInflate.inflateSetDictionary(strm, this.dictionary);
        if (err === Z_OK) err = zInflate.inflate(strm, flush);
        else if (err === -3) err = Z_NEED_DICT;
      }
      // More bytes after a gzip member: another member, unless they are zero padding.
      while (strm.avail_in > 0 && this.mode === C.GUNZIP && err === Z_STREAM_END && input[strm.next_in] !== 0) {
        zInflate.inflateReset(strm);
        err = zInflate.inflate(strm, flush);
      }
    }
    this.state[0] = strm.avail_out;
    this.state[1] = strm.avail_in;
    strm.input = null;
    strm.output = null;
    return this.check(err, flush);
  }

  private check(err: number, flush: number): [string, number, string] | null {
    const fail = (fallback: string, errno = err): [string, number, string] => [this.strm.msg || fallback, errno, ZLIB_CODES[errno] ?? 'Z_UNKNOWN'];
    switch (err) {
      case Z_OK:
      case Z_BUF_ERROR:
        if (this.strm.avail_out !== 0 && flush === Z_FINISH) return [`unexpected end of file`, Z_BUF_ERROR, 'Z_BUF_ERROR'];
        return null;
      case Z_STREAM_END:
        return null;
      case Z_NEED_DICT:
        return fail(this.dictionary ? 'Bad dictionary' : 'Missing dictionary');
      default:
        return fail('Zlib error');
    }
  }

  reset(): void {
    if (this.deflating) zDeflate.deflateReset(this.strm);
    else zInflate.inflateReset(this.strm);
    this.setDictionary();
  }

  /** zlib's deflateParams after Node's sync flush: the pending input is all compressed, so only the settings change. */
  params(level: number, strategy: number): void {
    if (!this.deflating) return;
    const s = this.strm.state as Record<string, number>;
    const wanted = level === -1 ? 6 : level;
    if (s.level !== wanted) {
      // Leaving stored mode: the hash of the stored bytes is stale.
      if (s.level === 0 && s.matches) {
        (s.head as unknown as Uint16Array).fill(0);
        s.matches = 0;
      }
      const [good, lazy, nice, chain] = LEVELS[wanted] as [number, number, number, number];
      Object.assign(s, { level: wanted, good_match: good, max_lazy_match: lazy, nice_match: nice, max_chain_length: chain });
    }
    s.strategy = strategy;
  }

  close(): void {
    super.close();
    if (this.deflating) zDeflate.deflateEnd(this.strm);
    else zInflate.inflateEnd(this.strm);
  }
}
