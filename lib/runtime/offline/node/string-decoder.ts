/**
 * `string_decoder` for programs: the string_decoder package (the JavaScript form of Node's decoder, whose
 * handling of split and invalid UTF-8 and UTF-16 Node's native decoder keeps), with what Node 22 adds around it:
 * base64url, TypedArray and DataView input, and Node's errors (ERR_UNKNOWN_ENCODING, ERR_INVALID_ARG_TYPE,
 * ERR_INVALID_THIS, ERR_STRING_TOO_LONG).
 */
import { StringDecoder as PackageDecoder } from 'string_decoder/';
import { nodeError } from './node-errors';
import { argTypeError, unknownEncoding } from './validators';

interface Inner {
  encoding: string;
  lastChar?: Uint8Array;
  lastNeed?: number;
  lastTotal?: number;
  write(buf: Uint8Array): string;
  end(buf?: Uint8Array): string;
  text(buf: Uint8Array, offset: number): string;
}

type BufferClass = { from(buffer: ArrayBufferLike, offset: number, length: number): Uint8Array };

const ENCODINGS: Record<string, string> = {
  utf8: 'utf8', 'utf-8': 'utf8', ucs2: 'utf16le', 'ucs-2': 'utf16le', utf16le: 'utf16le', 'utf-16le': 'utf16le',
  latin1: 'latin1', binary: 'latin1', base64: 'base64', base64url: 'base64url', hex: 'hex', ascii: 'ascii',
};
const kStringMaxLength = 2 ** 29 - 24;
const PARTIAL = new Set(['utf8', 'utf16le', 'base64', 'base64url']);

const toBase64Url = (text: string) => text.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export function stringDecoderModule(Buffer: BufferClass) {
  const inners = new WeakMap<object, Inner>();
  const innerOf = (self: unknown): Inner => {
    const inner = typeof self === 'object' && self !== null ? inners.get(self) : undefined;
    if (!inner) throw nodeError(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type StringDecoder');
    return inner;
  };
  const bytesOf = (buf: unknown): Uint8Array | string => {
    if (typeof buf === 'string') return buf;
    if (!ArrayBuffer.isView(buf)) throw argTypeError('buf', ['Buffer', 'TypedArray', 'DataView'], buf);
    if (buf.byteLength > kStringMaxLength) throw nodeError(Error, 'ERR_STRING_TOO_LONG', `Cannot create a string longer than 0x${kStringMaxLength.toString(16)} characters`);
    return Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  };

  // A function, not a class: programs (and Node's tests) call it on an object of their own, `StringDecoder.call(obj)`.
  function StringDecoder(this: object, encoding?: unknown) {
    const name = encoding === undefined || encoding === null || encoding === '' ? 'utf8' : ENCODINGS[String(encoding).toLowerCase()];
    if (!name || (encoding !== undefined && encoding !== null && typeof encoding !== 'string')) throw unknownEncoding(encoding);
    const inner = new (PackageDecoder as unknown as new (encoding: string) => Inner)(name === 'base64url' ? 'base64' : name);
    // Its carry-over bytes as a Buffer of the program's class, which its copies into it require.
    if (inner.lastChar) inner.lastChar = Buffer.from(new ArrayBuffer(inner.lastChar.length), 0, inner.lastChar.length);
    if (name === 'base64url') {
      const { write, end, text } = inner;
      Object.assign(inner, {
        encoding: 'base64url',
        write: (buf: Uint8Array) => toBase64Url(write.call(inner, buf)),
        end: (buf?: Uint8Array) => toBase64Url(end.call(inner, buf)),
        text: (buf: Uint8Array, offset: number) => toBase64Url(text.call(inner, buf, offset)),
      });
    }
    inners.set(this, inner);
  }
  const field = (key: 'encoding' | 'lastChar' | 'lastNeed' | 'lastTotal') => ({ get(this: object) { return innerOf(this)[key]; }, enumerable: true, configurable: true });
  Object.defineProperties(StringDecoder.prototype, { encoding: field('encoding'), lastChar: field('lastChar'), lastNeed: field('lastNeed'), lastTotal: field('lastTotal') });
  Object.assign(StringDecoder.prototype, {
    write(this: object, buf: unknown): string {
      const inner = innerOf(this);
      const bytes = bytesOf(buf);
      return typeof bytes === 'string' ? bytes : inner.write(bytes);
    },
    // As Node's, end() leaves the decoder ready for new input: nothing carries over past it.
    end(this: object, buf?: unknown): string {
      const inner = innerOf(this);
      const bytes = buf === undefined ? undefined : bytesOf(buf);
      const text = typeof bytes === 'string' ? bytes + inner.end() : inner.end(bytes);
      if (inner.lastNeed !== undefined) Object.assign(inner, { lastNeed: 0, lastTotal: 0 });
      return text;
    },
    text(this: object, buf: unknown, offset: number): string {
      const inner = innerOf(this);
      const bytes = bytesOf(buf);
      if (typeof bytes === 'string') return bytes;
      // The package's text() is for the encodings with partial characters; for the others it is write().
      return PARTIAL.has(inner.encoding) ? inner.text(bytes, offset) : inner.write(bytes.subarray(offset));
    },
  });
  return { StringDecoder };
}
