/**
 * createCipheriv and createDecipheriv on @noble/ciphers: AES-128/192/256 in CBC, ECB, CTR, CFB and GCM, and
 * ChaCha20-Poly1305. Cipher and Decipher are Transform streams with Node's update/final/setAutoPadding/
 * setAAD/getAuthTag/setAuthTag. CBC and ECB hand back whole blocks as they come and CTR every byte at once,
 * as OpenSSL does; CFB and the authenticated modes hand everything back from final(), since their results
 * are only known (or, when decrypting, only trustworthy) once all the input is in.
 */
import { cbc, cfb, ctr, ecb, gcm } from '@noble/ciphers/aes.js';
import { chacha20poly1305 } from '@noble/ciphers/chacha.js';
import { concat } from './crypto-der';
import type { BufferClass } from './crypto-keys';
import { materialOf } from './crypto-keys';
import { invalidArgType, nodeError } from './node-errors';

type Mode = 'cbc' | 'ecb' | 'ctr' | 'cfb' | 'gcm' | 'chacha20-poly1305';
interface CipherInfo {
  mode: Mode;
  keyLength: number;
  ivLength: number;
}

const CIPHERS: Record<string, CipherInfo> = { 'chacha20-poly1305': { mode: 'chacha20-poly1305', keyLength: 32, ivLength: 12 } };
for (const bits of [128, 192, 256]) {
  for (const mode of ['cbc', 'ecb', 'ctr', 'cfb', 'gcm'] as const) {
    CIPHERS[`aes-${bits}-${mode}`] = { mode, keyLength: bits / 8, ivLength: mode === 'ecb' ? 0 : mode === 'gcm' ? 12 : 16 };
  }
  CIPHERS[`aes${bits}`] = { mode: 'cbc', keyLength: bits / 8, ivLength: 16 };
  CIPHERS[`id-aes${bits}-gcm`] = { mode: 'gcm', keyLength: bits / 8, ivLength: 12 };
}
const cipherNames = () => Object.keys(CIPHERS).sort();

const badDecrypt = () => nodeError(Error, 'ERR_OSSL_BAD_DECRYPT', 'error:1C800064:Provider routines::bad decrypt');

/** The counter block `blocks` blocks after `iv`, as CTR mode counts (the whole IV is one big-endian number). */
function counterAfter(iv: Uint8Array, blocks: number): Uint8Array {
  const next = Uint8Array.from(iv);
  let carry = blocks;
  for (let i = next.length - 1; i >= 0 && carry > 0; i -= 1) {
    const sum = (next[i] ?? 0) + (carry % 256);
    next[i] = sum & 0xff;
    carry = Math.floor(carry / 256) + (sum >> 8);
  }
  return next;
}

type Base = new (options?: object) => { push(chunk: unknown): boolean };

export function cipherFunctions(Buffer: BufferClass, Transform: Base) {
  const bytesOf = (value: unknown, encoding: string | undefined, name: string): Uint8Array => {
    if (typeof value === 'string') return Buffer.from(value, encoding && encoding !== 'buffer' ? encoding : 'utf8');
    if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    if (value instanceof ArrayBuffer) return new Uint8Array(value);
    throw invalidArgType(name, 'of type string or an instance of ArrayBuffer, Buffer, TypedArray, or DataView', value);
  };
  const keyOf = (key: unknown): Uint8Array => {
    const material = typeof key === 'object' && key !== null ? materialOf(key) : undefined;
    if (material instanceof Uint8Array) return material;
    return bytesOf(key, undefined, 'key');
  };
  const out = (bytes: Uint8Array, encoding?: string) => {
    const buffer = Buffer.from(bytes);
    return encoding && encoding !== 'buffer' ? buffer.toString(encoding) : buffer;
  };

  class CipherBase extends Transform {
    #info: CipherInfo;
    #key: Uint8Array;
    #iv: Uint8Array;
    #pending: Uint8Array[] = [];
    #offset = 0;
    #padding = true;
    #aad = new Uint8Array(0);
    #tag?: Uint8Array;
    #done = false;
    constructor(
      readonly decrypt: boolean,
      algorithm: unknown,
      key: unknown,
      iv: unknown,
      options?: object,
    ) {
      super(options);
      if (typeof algorithm !== 'string') throw invalidArgType('cipher', 'of type string', algorithm);
      const info = CIPHERS[algorithm.toLowerCase()];
      if (!info) throw nodeError(TypeError, 'ERR_CRYPTO_UNKNOWN_CIPHER', 'Unknown cipher');
      this.#info = info;
      this.#key = Uint8Array.from(keyOf(key));
      if (this.#key.length !== info.keyLength) throw nodeError(RangeError, 'ERR_CRYPTO_INVALID_KEYLEN', 'Invalid key length');
      this.#iv = iv === null || iv === undefined ? new Uint8Array(0) : Uint8Array.from(bytesOf(iv, undefined, 'iv'));
      const aead = info.mode === 'gcm' || info.mode === 'chacha20-poly1305';
      const ivOk = info.mode === 'gcm' ? this.#iv.length > 0 : this.#iv.length === info.ivLength || (aead && this.#iv.length > 0);
      if (!ivOk) throw nodeError(TypeError, 'ERR_CRYPTO_INVALID_IV', 'Invalid initialization vector');
    }
    _transform(chunk: unknown, encoding: string, callback: (error?: Error | null, data?: unknown) => void) {
      try {
        callback(null, this.update(chunk, encoding));
      } catch (error) {
        callback(error as Error);
      }
    }
    _flush(callback: (error?: Error | null, data?: unknown) => void) {
      try {
        callback(null, this.final());
      } catch (error) {
        callback(error as Error);
      }
    }
    update(data: unknown, inputEncoding?: string, outputEncoding?: string) {
      if (this.#done) throw nodeError(Error, 'ERR_CRYPTO_INVALID_STATE', 'Invalid state for operation update');
      const input = bytesOf(data, typeof data === 'string' ? inputEncoding : undefined, 'data');
      return out(this.#process(Uint8Array.from(input)), outputEncoding);
    }
    final(outputEncoding?: string) {
      if (this.#done) throw nodeError(Error, 'ERR_CRYPTO_INVALID_STATE', 'Invalid state for operation final');
      this.#done = true;
      return out(this.#finish(), outputEncoding);
    }
    setAutoPadding(autoPadding = true) {
      this.#padding = Boolean(autoPadding);
      return this;
    }
    setAAD(buffer: unknown) {
      this.#aad = Uint8Array.from(bytesOf(buffer, undefined, 'buffer'));
      return this;
    }
    getAuthTag() {
      if (this.decrypt || !this.#done || !this.#tag) throw nodeError(Error, 'ERR_CRYPTO_INVALID_STATE', 'Invalid state for operation getAuthTag');
      return Buffer.from(this.#tag);
    }
    setAuthTag(tag: unknown) {
      if (!this.decrypt || this.#done) throw nodeError(Error, 'ERR_CRYPTO_INVALID_STATE', 'Invalid state for operation setAuthTag');
      this.#tag = Uint8Array.from(bytesOf(tag, undefined, 'buffer'));
      return this;
    }

    #process(input: Uint8Array): Uint8Array {
      const { mode } = this.#info;
      if (mode === 'ctr') {
        const start = this.#offset % 16;
        const stream = ctr(this.#key, counterAfter(this.#iv, Math.floor(this.#offset / 16))).encrypt(new Uint8Array(start + input.length));
        this.#offset += input.length;
        return input.map((byte, i) => byte ^ (stream[start + i] ?? 0));
      }
      this.#pending.push(input);
      if (mode !== 'cbc' && mode !== 'ecb') return new Uint8Array(0);
      const all = concat(this.#pending);
      // A decipher keeps the last whole block back: it may hold the padding final() has to check and remove.
      let usable = all.length - (all.length % 16);
      if (this.decrypt && this.#padding && usable === all.length) usable -= 16;
      if (usable <= 0) return new Uint8Array(0);
      this.#pending = [all.subarray(usable)];
      return this.#blocks(all.subarray(0, usable));
    }
    #blocks(data: Uint8Array): Uint8Array {
      const options = { disablePadding: true };
      if (this.#info.mode === 'ecb') return this.decrypt ? ecb(this.#key, options).decrypt(data) : ecb(this.#key, options).encrypt(data);
      const result = this.decrypt ? cbc(this.#key, this.#iv, options).decrypt(data) : cbc(this.#key, this.#iv, options).encrypt(data);
      this.#iv = Uint8Array.from((this.decrypt ? data : result).subarray(-16));
      return result;
    }
    #finish(): Uint8Array {
      const { mode } = this.#info;
      const rest = concat(this.#pending);
      this.#pending = [];
      if (mode === 'ctr') return new Uint8Array(0);
      if (mode === 'cfb') return this.decrypt ? cfb(this.#key, this.#iv).decrypt(rest) : cfb(this.#key, this.#iv).encrypt(rest);
      if (mode === 'gcm' || mode === 'chacha20-poly1305') {
        const aead = mode === 'gcm' ? gcm(this.#key, this.#iv, this.#aad) : chacha20poly1305(this.#key, this.#iv, this.#aad);
        if (!this.decrypt) {
          const sealed = aead.encrypt(rest);
          this.#tag = sealed.slice(-16);
          return sealed.slice(0, -16);
        }
        if (!this.#tag) throw nodeError(Error, 'ERR_CRYPTO_INVALID_STATE', 'Unsupported state or unable to authenticate data');
        try {
          return aead.decrypt(concat([rest, this.#tag]));
        } catch {
          throw new Error('Unsupported state or unable to authenticate data');
        }
      }
      if (!this.decrypt) {
        if (!this.#padding) {
          if (rest.length % 16) throw nodeError(Error, 'ERR_OSSL_WRONG_FINAL_BLOCK_LENGTH', 'error:1C80006B:Provider routines::wrong final block length');
          return this.#blocks(rest);
        }
        const pad = 16 - (rest.length % 16);
        return this.#blocks(concat([rest, new Uint8Array(pad).fill(pad)]));
      }
      if (rest.length % 16) throw nodeError(Error, 'ERR_OSSL_WRONG_FINAL_BLOCK_LENGTH', 'error:1C80006B:Provider routines::wrong final block length');
      const plain = this.#blocks(rest);
      if (!this.#padding) return plain;
      const pad = plain[plain.length - 1] ?? 0;
      if (pad < 1 || pad > 16 || plain.length < pad || plain.subarray(plain.length - pad).some((byte) => byte !== pad)) throw badDecrypt();
      return plain.subarray(0, plain.length - pad);
    }
  }

  class Cipheriv extends CipherBase {
    constructor(algorithm: unknown, key: unknown, iv: unknown, options?: object) {
      super(false, algorithm, key, iv, options);
    }
  }
  class Decipheriv extends CipherBase {
    constructor(algorithm: unknown, key: unknown, iv: unknown, options?: object) {
      super(true, algorithm, key, iv, options);
    }
  }

  return {
    Cipheriv,
    Decipheriv,
    createCipheriv: (algorithm: unknown, key: unknown, iv: unknown, options?: object) => new Cipheriv(algorithm, key, iv, options),
    createDecipheriv: (algorithm: unknown, key: unknown, iv: unknown, options?: object) => new Decipheriv(algorithm, key, iv, options),
    getCiphers: cipherNames,
    getCipherInfo: (name: unknown) => {
      const info = typeof name === 'string' ? CIPHERS[name.toLowerCase()] : undefined;
      if (!info) return undefined;
      const blockSize = info.mode === 'cbc' || info.mode === 'ecb' ? 16 : 1;
      return {
        mode: info.mode === 'chacha20-poly1305' ? 'stream' : info.mode,
        name: String(name).toLowerCase(),
        keyLength: info.keyLength,
        blockSize,
        ...(info.ivLength ? { ivLength: info.ivLength } : {}),
      };
    },
  };
}
