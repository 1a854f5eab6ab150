/**
 * `crypto` for programs: almostnode's createHash/createHmac return made-up digests, which breaks everything
 * that compares hashes (ETags, lock files, caches, integrity checks). Real SHA-1/2 come from sha.js, MD5
 * from md5.ts; key derivation and Web Crypto from crypto-kdf.ts; keys, signatures, RSA encryption and key
 * generation from crypto-keys/-sign/-rsa/-keygen.ts, Diffie-Hellman from crypto-dh.ts, ciphers from crypto-cipher.ts; the rest of almostnode's crypto shim is kept.
 */
import sha from 'sha.js';
import { sha3_224, sha3_256, sha3_384, sha3_512 } from '@noble/hashes/sha3.js';
import { certificateClass } from './crypto-certificate';
import { cipherFunctions } from './crypto-cipher';
import { dhFunctions } from './crypto-dh';
import { kdfFunctions } from './crypto-kdf';
import { createKeyApi } from './crypto-keys';
import { keygenFunctions } from './crypto-keygen';
import { randomBytesFor } from './crypto-random';
import { rsaFunctions } from './crypto-rsa';
import { signFunctions } from './crypto-sign';
import { md5 } from './md5';
import { unavailableFunction } from './node-errors';

interface BufferLike extends Uint8Array {
  toString(encoding?: string): string;
}
interface BufferClass {
  from(data: string | Uint8Array, encoding?: string): BufferLike;
  concat(list: Uint8Array[]): BufferLike;
}

const ALGORITHMS: Record<string, { name: string; block: number }> = {
  md5: { name: 'md5', block: 64 },
  sha1: { name: 'sha1', block: 64 },
  sha224: { name: 'sha224', block: 64 },
  sha256: { name: 'sha256', block: 64 },
  sha384: { name: 'sha384', block: 128 },
  sha512: { name: 'sha512', block: 128 },
  'sha3-224': { name: 'sha3-224', block: 144 },
  'sha3-256': { name: 'sha3-256', block: 136 },
  'sha3-384': { name: 'sha3-384', block: 104 },
  'sha3-512': { name: 'sha3-512', block: 72 },
};
const SHA3: Record<string, (data: Uint8Array) => Uint8Array> = { 'sha3-224': sha3_224, 'sha3-256': sha3_256, 'sha3-384': sha3_384, 'sha3-512': sha3_512 };

const UNAVAILABLE = ['generateKey', 'generateKeySync', 'generatePrime', 'generatePrimeSync', 'checkPrime', 'checkPrimeSync'];

function algorithm(name: string) {
  const lower = name.toLowerCase();
  const found = ALGORITHMS[lower] ?? ALGORITHMS[lower.replace(/^rsa-/, '').replace('-', '')];
  if (!found) throw Object.assign(new Error(`Digest method not supported: ${name}`), { code: 'ERR_CRYPTO_INVALID_DIGEST' });
  return found;
}

interface TransformLike {
  push(chunk: unknown): boolean;
}
/** stream.Transform: Node's Hash and Hmac are streams too (written data is hashed, the digest is read at the end). */
type TransformClass = new (options?: object) => TransformLike;
export interface StreamClasses {
  Transform: TransformClass;
  Writable: new () => object;
}

export function cryptoModule(almost: Record<string, unknown>, Buffer: BufferClass, stream: StreamClasses): Record<string, unknown> {
  const { Transform } = stream;
  const bytes = (data: unknown, encoding?: string): Uint8Array => {
    if (typeof data === 'string') return Buffer.from(data, encoding ?? 'utf8');
    if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    if (data instanceof ArrayBuffer) return new Uint8Array(data);
    throw Object.assign(new TypeError('The "data" argument must be of type string or an instance of Buffer, TypedArray, or DataView.'), {
      code: 'ERR_INVALID_ARG_TYPE',
    });
  };
  const digestOf = (name: string, parts: Uint8Array[]): Uint8Array => {
    const whole = Buffer.concat(parts);
    if (name === 'md5') return md5(whole);
    const sha3 = SHA3[name];
    if (sha3) return sha3(whole);
    return sha(name).update(whole).digest();
  };
  const output = (digest: Uint8Array, encoding?: string) => {
    const buffer = Buffer.from(digest);
    return encoding && encoding !== 'buffer' ? buffer.toString(encoding) : buffer;
  };

  class Hash extends Transform {
    protected parts: Uint8Array[] = [];
    protected done = false;
    readonly name: string;
    constructor(name: string) {
      super();
      this.name = algorithm(name).name;
    }
    _transform(chunk: unknown, encoding: string, callback: () => void) {
      this.update(chunk, encoding === 'buffer' ? undefined : encoding);
      callback();
    }
    // The stream's end reads the digest without finishing the Hash, so digest() may still be called once.
    _flush(callback: () => void) {
      this.push(Buffer.from(this.result()));
      callback();
    }
    update(data: unknown, encoding?: string): this {
      if (this.done) throw Object.assign(new Error('Digest already called'), { code: 'ERR_CRYPTO_HASH_FINALIZED' });
      this.parts.push(bytes(data, encoding));
      return this;
    }
    digest(encoding?: string): unknown {
      this.done = true;
      return output(this.result(), encoding);
    }
    copy(): Hash {
      const copy = new Hash(this.name);
      copy.parts = [...this.parts];
      return copy;
    }
    protected result(): Uint8Array {
      return digestOf(this.name, this.parts);
    }
  }

  class Hmac extends Hash {
    private readonly key: Uint8Array;
    constructor(name: string, key: unknown) {
      super(name);
      const block = algorithm(name).block;
      let raw = bytes(key);
      if (raw.length > block) raw = digestOf(this.name, [raw]);
      this.key = new Uint8Array(block);
      this.key.set(raw);
    }
    protected result(): Uint8Array {
      const pad = (value: number) => this.key.map((byte) => byte ^ value);
      const inner = digestOf(this.name, [pad(0x36), ...this.parts]);
      return digestOf(this.name, [pad(0x5c), inner]);
    }
  }

  // Node functions with no implementation here (ciphers, key pairs, Diffie-Hellman) say so in Node's words.
  const missing = Object.fromEntries(
    UNAVAILABLE.filter((name) => typeof almost[name] !== 'function').map((name) => [
      name,
      unavailableFunction(`crypto.${name}`, name.endsWith('Sync') || name.startsWith('create') ? 'sync' : 'callback'),
    ]),
  );
  const keys = createKeyApi(Buffer);
  const { wrap: _wrap, privateKeyOf: _privateKeyOf, publicKeyOf: _publicKeyOf, anyKeyOf: _anyKeyOf, ...keyFunctions } = keys;
  return {
    ...missing,
    ...almost,
    ...kdfFunctions(Buffer),
    ...keyFunctions,
    ...signFunctions(Buffer, keys, stream.Writable),
    ...rsaFunctions(Buffer, keys),
    ...keygenFunctions(Buffer, keys),
    ...dhFunctions(Buffer, keys),
    ...cipherFunctions(Buffer, Transform),
    Certificate: certificateClass(Buffer),
    randomBytes: randomBytesFor(Buffer as never),
    pseudoRandomBytes: randomBytesFor(Buffer as never),
    createHash: (name: string) => new Hash(name),
    createHmac: (name: string, key: unknown) => new Hmac(name, key),
    hash: (name: string, data: unknown, encoding = 'hex') => new Hash(name).update(data).digest(encoding),
    getHashes: () => Object.keys(ALGORITHMS),
    getFips: () => 0,
    Hash,
    Hmac,
  };
}
