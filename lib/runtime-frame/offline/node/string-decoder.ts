/**
 * `string_decoder` for programs, decoding as Node's native decoder does: it holds back the bytes of a character
 * cut at the end of a chunk (UTF-8, UTF-16LE, base64) and decodes everything else with Buffer's own
 * `toString`, so that the pieces of any split add up to what the whole buffer decodes to. Its state is Node's:
 * `encoding` an own property, `lastChar` (4 bytes), `lastNeed` and `lastTotal` read from it, Node's errors.
 */
import { nodeError } from './node-errors';
import { argTypeError, unknownEncoding } from './validators';

interface BufferLike extends Uint8Array {
  toString(encoding?: string): string;
}
type BufferClass = { from(bytes: Uint8Array): BufferLike; alloc(size: number): BufferLike };

const ENCODINGS: Record<string, string> = {
  utf8: 'utf8',
  'utf-8': 'utf8',
  ucs2: 'utf16le',
  'ucs-2': 'utf16le',
  utf16le: 'utf16le',
  'utf-16le': 'utf16le',
  latin1: 'latin1',
  binary: 'latin1',
  base64: 'base64',
  base64url: 'base64url',
  hex: 'hex',
  ascii: 'ascii',
};
const kStringMaxLength = 2 ** 29 - 24;
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** The decoder's state: the held bytes of a cut character, how many of them there are and how many are missing. */
interface State {
  encoding: string;
  held: BufferLike;
  buffered: number;
  missing: number;
}

function normalizeEncoding(encoding: unknown): string {
  if (encoding === undefined || encoding === null || encoding === '') return 'utf8';
  const name = typeof encoding === 'string' ? ENCODINGS[encoding.toLowerCase()] : undefined;
  if (!name) throw unknownEncoding(encoding);
  return name;
}

/** How many bytes at the end of `bytes` begin a character that is not complete yet, and how many it misses. */
function cutAtEnd(encoding: string, data: Uint8Array): { buffered: number; missing: number } {
  const length = data.length;
  const byte = (index: number) => data[index] ?? 0;
  if (encoding === 'utf8') {
    if (!(byte(length - 1) & 0x80)) return { buffered: 0, missing: 0 };
    let buffered = 0;
    for (let i = length - 1; ; i--) {
      buffered++;
      if ((byte(i) & 0xc0) === 0x80) {
        // A trailing byte: its lead is further back, unless four bytes back or the chunk's start is passed.
        if (buffered >= 4 || i === 0) return { buffered: 0, missing: 0 };
        continue;
      }
      const size = (byte(i) & 0xe0) === 0xc0 ? 2 : (byte(i) & 0xf0) === 0xe0 ? 3 : (byte(i) & 0xf8) === 0xf0 ? 4 : 0;
      // A lead byte outside UTF-8's range, or a character already complete (or invalid anyway): nothing to hold.
      if (size === 0 || buffered >= size) return { buffered: 0, missing: 0 };
      return { buffered, missing: size - buffered };
    }
  }
  if (encoding === 'utf16le') {
    if (length % 2 === 1) return { buffered: 1, missing: 1 };
    // The first half of a surrogate pair.
    if ((byte(length - 1) & 0xfc) === 0xd8) return { buffered: 2, missing: 2 };
    return { buffered: 0, missing: 0 };
  }
  if (encoding === 'base64' || encoding === 'base64url') {
    const buffered = length % 3;
    return { buffered, missing: buffered > 0 ? 3 - buffered : 0 };
  }
  return { buffered: 0, missing: 0 };
}

export function stringDecoderModule(Buffer: BufferClass) {
  const states = new WeakMap<object, State>();
  const stateOf = (self: unknown): State => {
    const state = typeof self === 'object' && self !== null ? states.get(self) : undefined;
    if (!state) throw nodeError(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type StringDecoder');
    return state;
  };
  // UTF-8 straight from the bytes, as Buffer's toString decodes it, without a copy into a Buffer first.
  const text = (bytes: Uint8Array, encoding: string) =>
    bytes.length === 0 ? '' : encoding === 'utf8' ? utf8.decode(bytes) : Buffer.from(bytes).toString(encoding);

  const decode = (state: State, input: Uint8Array): string => {
    const { encoding } = state;
    if (encoding !== 'utf8' && encoding !== 'utf16le' && encoding !== 'base64' && encoding !== 'base64url') return text(input, encoding);
    let data = input;
    let prepend = '';
    if (state.missing > 0) {
      if (encoding === 'utf8') {
        // A byte that should continue the held character but does not ends it there (as V8's decoder would)
        // and starts a new one; the continuation bytes before it still belong to the held character.
        for (let i = 0; i < data.length && i < state.missing; i++) {
          if (((data[i] ?? 0) & 0xc0) !== 0x80) {
            state.held.set(data.subarray(0, i), state.buffered);
            state.buffered += i;
            state.missing = 0;
            data = data.subarray(i);
            break;
          }
        }
      }
      const found = Math.min(data.length, state.missing);
      state.held.set(data.subarray(0, found), state.buffered);
      data = data.subarray(found);
      state.missing -= found;
      state.buffered += found;
      if (state.missing === 0) {
        prepend = text(state.held.subarray(0, state.buffered), encoding);
        state.buffered = 0;
      }
    }
    if (data.length === 0) return prepend;
    const cut = cutAtEnd(encoding, data);
    state.buffered = cut.buffered;
    state.missing = cut.missing;
    if (cut.buffered > 0) state.held.set(data.subarray(data.length - cut.buffered), 0);
    return prepend + text(data.subarray(0, data.length - cut.buffered), encoding);
  };

  const flush = (state: State): string => {
    // A lone trailing byte of UTF-16LE is dropped, as Node's decoder drops it.
    if (state.encoding === 'utf16le' && state.buffered % 2 === 1) {
      state.buffered--;
      state.missing--;
    }
    const rest = text(state.held.subarray(0, state.buffered), state.encoding);
    state.buffered = 0;
    state.missing = 0;
    return rest;
  };

  // A function, not a class: programs (and Node's tests) call it on an object of their own, `StringDecoder.call(obj)`.
  function StringDecoder(this: { encoding: string }, encoding?: unknown) {
    this.encoding = normalizeEncoding(encoding);
    states.set(this, { encoding: this.encoding, held: Buffer.alloc(4), buffered: 0, missing: 0 });
  }
  Object.defineProperties(StringDecoder.prototype, {
    lastChar: {
      get(this: object) {
        return stateOf(this).held;
      },
      configurable: true,
      enumerable: true,
    },
    lastNeed: {
      get(this: object) {
        return stateOf(this).missing;
      },
      configurable: true,
      enumerable: true,
    },
    lastTotal: {
      get(this: object) {
        const state = stateOf(this);
        return state.buffered + state.missing;
      },
      configurable: true,
      enumerable: true,
    },
  });
  function write(this: object, buf: unknown): string {
    if (typeof buf === 'string') return buf;
    if (!ArrayBuffer.isView(buf)) throw argTypeError('buf', ['Buffer', 'TypedArray', 'DataView'], buf);
    const state = stateOf(this);
    if (buf.byteLength > kStringMaxLength)
      throw nodeError(Error, 'ERR_STRING_TOO_LONG', `Cannot create a string longer than 0x${kStringMaxLength.toString(16)} characters`);
    return decode(state, new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength));
  }
  Object.assign(StringDecoder.prototype, {
    write,
    end(this: object, buf?: unknown): string {
      let result = '';
      if (buf !== undefined) result = write.call(this, buf);
      const state = stateOf(this);
      if (state.buffered > 0) result += flush(state);
      return result;
    },
    text(this: object, buf: unknown, offset: number): string {
      const state = stateOf(this);
      state.missing = 0;
      state.buffered = 0;
      const view = buf as { slice(start: number): unknown };
      return write.call(this, typeof buf === 'string' ? buf : view.slice(offset));
    },
  });
  return { StringDecoder };
}
