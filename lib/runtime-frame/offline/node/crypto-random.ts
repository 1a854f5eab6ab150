/**
 * `crypto.randomBytes` / `pseudoRandomBytes` as Node's: a Buffer of the programs' own Buffer class (so it
 * compares deep-equal to the Buffers they make), filled from the platform's CSPRNG, with Node's checks of `size`
 * and `callback`; with a callback, the bytes arrive on a later tick.
 */
import { validateFunction, validateNumber } from './validators';

interface BufferClass {
  allocUnsafe(size: number): Uint8Array;
}

const MAX_SIZE = 2 ** 31 - 1;
// getRandomValues fills at most this many bytes a call.
const CHUNK = 65536;

export function randomBytesFor(Buffer: BufferClass) {
  return function randomBytes(size: unknown, callback?: unknown): Uint8Array | undefined {
    validateNumber(size, 'size', 0, MAX_SIZE);
    if (callback !== undefined) validateFunction(callback, 'callback');
    const bytes = Buffer.allocUnsafe(Math.floor(size));
    for (let at = 0; at < bytes.length; at += CHUNK) crypto.getRandomValues(bytes.subarray(at, at + CHUNK));
    if (callback === undefined) return bytes;
    setTimeout(() => callback(null, bytes), 0);
    return undefined;
  };
}
