/**
 * UTF-8 and base64 through the browser's own codecs, where Node uses native code too. The buffer package does both
 * in JavaScript, a byte at a time, and Buffer.from(text) encodes its text twice (once to measure it): a dev server
 * serving a megabyte of modules, with their source maps inlined as base64, spent a few hundred milliseconds there.
 * The results are Node's: TextEncoder writes a lone surrogate as U+FFFD (EF BF BD) as Node does, encodeInto
 * stops before a character that does not fit as Node's write does, and toBase64 pads as Node's 'base64' does.
 */
const encoder = new TextEncoder();

/** Whether `encoding` names UTF-8 for Buffer (no encoding at all included). */
export function isUtf8Encoding(encoding: unknown): boolean {
  return encoding === undefined || encoding === null || encoding === '' || (typeof encoding === 'string' && /^utf-?8$/i.test(encoding));
}

export function utf8Encode(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Bytes `text` takes in UTF-8, without encoding it. */
export function utf8ByteLength(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) continue;
    if (unit < 0x800) bytes += 1;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair: two units, four bytes.
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}

/** Writes `text` into `target` from `offset`, at most `length` bytes and whole characters only; returns bytes written. */
export function utf8Write(target: Uint8Array, text: string, offset: number, length: number): number {
  return encoder.encodeInto(text, new Uint8Array(target.buffer, target.byteOffset + offset, length)).written;
}

type Base64Capable = Uint8Array & { toBase64?: () => string };
/** Whether this browser encodes base64 itself (Uint8Array#toBase64). */
export const nativeBase64 = typeof (Uint8Array.prototype as Base64Capable).toBase64 === 'function';

/** `bytes` in padded base64, or undefined where this browser has no Uint8Array#toBase64. */
export function base64Encode(bytes: Uint8Array): string | undefined {
  return nativeBase64 ? (bytes as Base64Capable).toBase64?.() : undefined;
}
