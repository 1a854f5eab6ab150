/**
 * Key derivation and the Web Crypto parts of Node's `crypto`: pbkdf2, scrypt and hkdf from @noble/hashes
 * (audited, byte-for-byte the results Node's OpenSSL gives), `webcrypto`/`subtle` and `randomUUID` from the
 * browser's own Web Crypto, which Node's are the same standard as.
 */
import { hkdf } from '@noble/hashes/hkdf.js';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { scrypt } from '@noble/hashes/scrypt.js';
import { sha1 } from '@noble/hashes/legacy.js';
import { sha224, sha256, sha384, sha512 } from '@noble/hashes/sha2.js';
import { invalidArgType, nodeError } from './node-errors';

interface BufferClass {
  from(data: string | Uint8Array, encoding?: string): Uint8Array;
}

const HASHES = { sha1, sha224, sha256, sha384, sha512 } as const;

function hashOf(digest: unknown) {
  const name = String(digest).toLowerCase().replace('-', '') as keyof typeof HASHES;
  const hash = HASHES[name];
  if (!hash) throw nodeError(TypeError, 'ERR_CRYPTO_INVALID_DIGEST', `Invalid digest: ${String(digest)}`);
  return hash;
}

type Callback = (error: Error | null, key?: Uint8Array | ArrayBuffer) => void;

function lastCallback(args: unknown[]): Callback {
  const callback = args[args.length - 1];
  if (typeof callback !== 'function') throw invalidArgType('callback', 'of type function', callback);
  return callback as Callback;
}

interface ScryptOptions {
  N?: number;
  r?: number;
  p?: number;
  cost?: number;
  blockSize?: number;
  parallelization?: number;
  maxmem?: number;
}

/** Runs `work` on a later turn, as Node's thread pool answers later; the callback runs outside the try. */
export function later<T>(callback: (error: Error | null, result?: T) => void, work: () => T) {
  setTimeout(() => {
    let result: T;
    try {
      result = work();
    } catch (error) {
      callback(error as Error);
      return;
    }
    callback(null, result);
  }, 0);
}

export function kdfFunctions(Buffer: BufferClass) {
  const bytes = (data: unknown, name: string): Uint8Array => {
    if (typeof data === 'string') return Buffer.from(data, 'utf8');
    if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    if (data instanceof ArrayBuffer) return new Uint8Array(data);
    throw invalidArgType(name, 'of type string or an instance of ArrayBuffer, Buffer, TypedArray, or DataView', data);
  };
  const pbkdf2Sync = (password: unknown, salt: unknown, iterations: number, keylen: number, digest: string) =>
    Buffer.from(pbkdf2(hashOf(digest), bytes(password, 'password'), bytes(salt, 'salt'), { c: iterations, dkLen: keylen }));
  const scryptSync = (password: unknown, salt: unknown, keylen: number, options: ScryptOptions = {}) => {
    const N = options.N ?? options.cost ?? 16384;
    const r = options.r ?? options.blockSize ?? 8;
    const p = options.p ?? options.parallelization ?? 1;
    const maxmem = options.maxmem ?? 32 * 1024 * 1024;
    if (128 * N * r > maxmem) throw nodeError(RangeError, 'ERR_CRYPTO_INVALID_SCRYPT_PARAMS', 'Invalid scrypt params: memory limit exceeded');
    return Buffer.from(scrypt(bytes(password, 'password'), bytes(salt, 'salt'), { N, r, p, dkLen: keylen, maxmem }));
  };
  const hkdfSync = (digest: string, key: unknown, salt: unknown, info: unknown, keylen: number) => {
    const derived = hkdf(hashOf(digest), bytes(key, 'ikm'), bytes(salt, 'salt'), bytes(info, 'info'), keylen);
    return derived.buffer.slice(derived.byteOffset, derived.byteOffset + derived.byteLength);
  };
  return {
    pbkdf2Sync,
    pbkdf2: (...args: unknown[]) => {
      const callback = lastCallback(args);
      const [password, salt, iterations, keylen, digest] = args as [unknown, unknown, number, number, string];
      later(callback, () => pbkdf2Sync(password, salt, iterations, keylen, digest));
    },
    scryptSync,
    scrypt: (...args: unknown[]) => {
      const callback = lastCallback(args);
      const [password, salt, keylen, options] = args as [unknown, unknown, number, ScryptOptions | Callback];
      later(callback, () => scryptSync(password, salt, keylen, typeof options === 'function' ? {} : options));
    },
    hkdfSync,
    hkdf: (...args: unknown[]) => {
      const callback = lastCallback(args);
      const [digest, key, salt, info, keylen] = args as [string, unknown, unknown, unknown, number];
      later(callback, () => hkdfSync(digest, key, salt, info, keylen));
    },
    webcrypto: globalThis.crypto,
    subtle: globalThis.crypto?.subtle,
    getRandomValues: <T extends ArrayBufferView>(array: T) => globalThis.crypto.getRandomValues(array as unknown as Uint8Array) as unknown as T,
    randomUUID: () => globalThis.crypto.randomUUID(),
    randomFill: (buffer: ArrayBufferView, ...rest: unknown[]) => {
      const callback = lastCallback(rest);
      setTimeout(() => callback(null, globalThis.crypto.getRandomValues(new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength))), 0);
    },
  };
}
