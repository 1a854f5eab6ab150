/**
 * Brotli for `zlib`'s BrotliCompress/BrotliDecompress. Decoding runs on brotli.js's decoder, plain JavaScript,
 * so it is synchronous as in Node. Encoding runs on brotli-wasm (Google's encoder in WebAssembly), which a tab
 * can only compile asynchronously: the first Brotli stream starts loading it, the callback and stream forms
 * wait for it, and a synchronous compression before it has loaded fails with Node's error for a feature the
 * platform lacks. Neither codec streams here, so the engine gathers its input and codes it whole when the
 * stream finishes; until then it gives no output (a `flush()` has nothing to show).
 */
import { concatBytes } from '../../../bytes';
import { unavailable } from './node-errors';
import { EngineBase, type CodecError } from './zlib-engine';

const OPERATION_FINISH = 2;
const PARAM = { QUALITY: 1, DISABLE_LITERAL_CONTEXT_MODELING: 4 };
const UNSET = 0xffffffff;

interface Encoder {
  compress(buffer: Uint8Array, options?: { quality?: number }): Uint8Array;
}

let encoder: Encoder | null = null;
let encoderFailed: unknown = null;
let loading: Promise<void> | null = null;

/** Starts loading the encoder (once). */
function loadBrotliEncoder(): Promise<void> {
  loading ??= import('brotli-wasm')
    .then(async (module) => {
      encoder = (await module.default) as Encoder;
    })
    .catch((error: unknown) => {
      encoderFailed = error;
    });
  return loading;
}

class GrowingOutput {
  buffer = new Uint8Array(1 << 16);
  pos = 0;
  write(bytes: Uint8Array, count: number): number {
    if (this.pos + count > this.buffer.length) {
      const bigger = new Uint8Array(Math.max(this.buffer.length * 2, this.pos + count));
      bigger.set(this.buffer.subarray(0, this.pos));
      this.buffer = bigger;
    }
    this.buffer.set(bytes.subarray(0, count), this.pos);
    this.pos += count;
    return count;
  }
}

type BrotliDecoder = typeof import('brotli/dec/decode.js');
let decoder: BrotliDecoder | null = null;

/**
 * brotli.js's decoder, loaded at the first decompression: loading it decompresses its 120 KB dictionary, which
 * every node process (each a worker) would otherwise pay at start, Brotli or not. It must be synchronous, as
 * `zlib.brotliDecompressSync` is, hence a require the bundler resolves and runs on first call.
 */
function brotliDecoder(): BrotliDecoder {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- evaluated on first use, see above
  decoder ??= require('brotli/dec/decode.js') as BrotliDecoder;
  return decoder;
}

function decompress(input: Uint8Array): Uint8Array {
  const source = {
    buffer: input,
    pos: 0,
    read(into: Uint8Array, at: number, count: number) {
      const n = Math.min(count, this.buffer.length - this.pos);
      into.set(this.buffer.subarray(this.pos, this.pos + n), at);
      this.pos += n;
      return n;
    },
  };
  const output = new GrowingOutput();
  brotliDecoder().BrotliDecompress(source, output);
  return output.buffer.subarray(0, output.pos);
}

export class BrotliEngine extends EngineBase {
  private input: Uint8Array[] = [];
  private output: Uint8Array | null = null;
  private outAt = 0;

  constructor(
    private readonly encoding: boolean,
    private readonly settings: Uint32Array,
    defer: (fn: () => void) => void,
  ) {
    super(defer);
    if (encoding) void loadBrotliEncoder();
  }

  /** The async form waits for the encoder, polling on the event loop so the process stays alive meanwhile. */
  write(...args: Parameters<EngineBase['write']>): void {
    if (!this.encoding || encoder || encoderFailed) return super.write(...args);
    this.defer(() => this.write(...args));
  }

  /** Whether brotli accepts the parameters, as BrotliEncoderSetParameter/BrotliDecoderSetParameter judge them. */
  valid(): boolean {
    const set = [...this.settings.entries()].filter(([, value]) => value !== UNSET);
    if (!this.encoding) return set.every(([key]) => key === 0 || key === 1);
    return set.every(([key, value]) => key !== PARAM.DISABLE_LITERAL_CONTEXT_MODELING || value <= 1);
  }

  private param(key: number, fallback: number): number {
    const value = this.settings[key] as number;
    return value === UNSET ? fallback : value;
  }

  protected run(flush: number, input: Uint8Array, inOff: number, inLen: number, out: Uint8Array, outOff: number, outLen: number): CodecError | null {
    if (inLen > 0) this.input.push(input.slice(inOff, inOff + inLen));
    if (flush === OPERATION_FINISH && !this.output) {
      if (this.encoding && !encoder) {
        const error = unavailable(
          'zlib.brotliCompressSync before the Brotli encoder has loaded (a tab compiles it in the background; the callback and stream forms wait for it)',
        );
        return [encoderFailed ? `Brotli encoder failed to load: ${String(encoderFailed)}` : error.message, -1, 'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM'];
      }
      const whole = concatBytes(this.input);
      this.input = [];
      if (encoder && this.encoding) {
        const quality = Math.min(11, Math.max(0, this.param(PARAM.QUALITY, 11)));
        this.output = encoder.compress(whole, { quality });
      } else {
        try {
          this.output = decompress(whole);
        } catch {
          // brotli.js says only that the data is not valid brotli, not which of the decoder's checks failed.
          return ['Decompression failed', -31, 'ERR__ERROR_UNREACHABLE'];
        }
      }
    }
    const pending = this.output ? this.output.subarray(this.outAt) : new Uint8Array(0);
    const count = Math.min(pending.length, outLen);
    out.set(pending.subarray(0, count), outOff);
    this.outAt += count;
    this.state[0] = outLen - count;
    this.state[1] = 0;
    return null;
  }

  reset(): void {
    this.input = [];
    this.output = null;
    this.outAt = 0;
  }
}
