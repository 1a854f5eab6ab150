/**
 * Signatures and RSA encryption as Node computes them: RSA PKCS#1 v1.5 and PSS (node-forge), ECDSA on the NIST
 * curves and secp256k1 with DER or IEEE P1363 signatures, Ed25519 and Ed448 (@noble/curves). All synchronous,
 * as Node's are; the callback forms answer on a later turn. A signature that does not verify — wrong bytes,
 * wrong length, malformed DER — is `false`, never an exception, as under OpenSSL.
 */
import forge from 'node-forge';
import { ed25519 } from '@noble/curves/ed25519.js';
import { ed448 } from '@noble/curves/ed448.js';
import { CURVES, type KeyData, type RsaKey } from './crypto-key-codec';
import { dsaSign, dsaVerify } from './crypto-dsa';
import { concat, fromBinary, nul, octets, oid, seq, toBinary } from './crypto-der';
import { forgeDigest, hashInfo, type HashInfo } from './crypto-hashes';
import { later } from './crypto-kdf';
import type { BufferClass, KeyApi } from './crypto-keys';
import { invalidArgType, nodeError } from './node-errors';

export const RSA_PKCS1_PADDING = 1;
export const RSA_NO_PADDING = 3;
export const RSA_PKCS1_OAEP_PADDING = 4;
const RSA_PKCS1_PSS_PADDING = 6;
const RSA_PSS_SALTLEN_DIGEST = -1;
const RSA_PSS_SALTLEN_MAX_SIGN = -2;
const RSA_PSS_SALTLEN_AUTO = -2;

interface GenerationState {
  keys: { privateKey: forge.pki.rsa.PrivateKey } | null;
}
/** The parts of forge's RSA its typings leave out: raw block operations and stepwise key generation. */
export const forgeRsaRaw = forge.pki.rsa as unknown as {
  encrypt(message: string, key: object, blockType: number | boolean): string;
  decrypt(encrypted: string, key: object, usePublic: boolean, removePadding: boolean): string;
  createKeyPairGenerationState(bits: number, e: number, options: object): GenerationState;
  stepKeyPairGenerationState(state: GenerationState, milliseconds: number): boolean;
};

const big = (value: bigint | undefined) => new forge.jsbn.BigInteger((value ?? 0n).toString(16), 16);

export function forgeRsa(key: RsaKey): forge.pki.rsa.PrivateKey | forge.pki.rsa.PublicKey {
  if (key.d === undefined) return forge.pki.setRsaPublicKey(big(key.n), big(key.e));
  return forge.pki.setRsaPrivateKey(big(key.n), big(key.e), big(key.d), big(key.p), big(key.q), big(key.dp), big(key.dq), big(key.qi));
}

interface SignOptions {
  padding?: number;
  saltLength?: number;
  dsaEncoding?: string;
}
const optionsOf = (key: unknown): SignOptions =>
  typeof key === 'object' && key !== null && !ArrayBuffer.isView(key) && 'key' in key ? (key as SignOptions) : {};

const bytes = (data: unknown, name: string): Uint8Array => {
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  throw invalidArgType(name, 'an instance of Buffer, TypedArray, or DataView', data);
};

const digestInfo = (info: HashInfo, digest: Uint8Array) => seq(seq(oid(info.oid), nul()), octets(digest));
const modulusBytes = (key: RsaKey) => Math.ceil(key.n.toString(2).length / 8);

function pssScheme(info: HashInfo, saltLength: number) {
  return forge.pss.create({ md: forgeDigest(info), mgf: forge.mgf.mgf1.create(forgeDigest(info)), saltLength });
}

function usesPss(key: RsaKey, options: SignOptions) {
  return key.kind === 'rsa-pss' || options.padding === RSA_PKCS1_PSS_PADDING;
}

function rsaSign(key: RsaKey, info: HashInfo, data: Uint8Array, options: SignOptions): Uint8Array {
  const forgeKey = forgeRsa(key) as forge.pki.rsa.PrivateKey;
  if (usesPss(key, options)) {
    const emLen = Math.ceil((key.n.toString(2).length - 1) / 8);
    const salt = options.saltLength ?? RSA_PSS_SALTLEN_MAX_SIGN;
    const length = salt === RSA_PSS_SALTLEN_DIGEST ? info.outputLen : salt === RSA_PSS_SALTLEN_MAX_SIGN ? emLen - info.outputLen - 2 : salt;
    const md = forgeDigest(info).update(toBinary(data));
    return fromBinary(forgeKey.sign(md, pssScheme(info, length)));
  }
  const encoded = toBinary(digestInfo(info, info.hash(data)));
  return fromBinary(forgeRsaRaw.encrypt(encoded, forgeKey, 0x01));
}

function rsaVerify(key: RsaKey, info: HashInfo, data: Uint8Array, signature: Uint8Array, options: SignOptions): boolean {
  if (signature.length !== modulusBytes(key)) return false;
  const forgeKey = forge.pki.setRsaPublicKey(big(key.n), big(key.e));
  try {
    if (usesPss(key, options)) {
      const em = forgeRsaRaw.decrypt(toBinary(signature), forgeKey, true, false);
      const emLen = Math.ceil((key.n.toString(2).length - 1) / 8);
      const digest = toBinary(info.hash(data));
      const salt = options.saltLength ?? RSA_PSS_SALTLEN_AUTO;
      const modBits = key.n.toString(2).length;
      const lengths =
        salt === RSA_PSS_SALTLEN_DIGEST
          ? [info.outputLen]
          : salt === RSA_PSS_SALTLEN_AUTO
            ? Array.from({ length: emLen - info.outputLen - 1 }, (_, i) => i)
            : [salt];
      return lengths.some((length) => {
        try {
          return pssScheme(info, length).verify(digest, em.slice(-emLen), modBits);
        } catch {
          return false;
        }
      });
    }
    const decoded = forgeRsaRaw.decrypt(toBinary(signature), forgeKey, true, true);
    return decoded === toBinary(digestInfo(info, info.hash(data)));
  } catch {
    return false;
  }
}

const EDDSA = { ed25519, ed448 } as const;

function ecSign(key: Extract<KeyData, { kind: 'ec' }>, info: HashInfo, data: Uint8Array, options: SignOptions): Uint8Array {
  const format = options.dsaEncoding === 'ieee-p1363' ? 'compact' : 'der';
  return CURVES[key.curve].impl.sign(info.hash(data), key.priv as Uint8Array, { prehash: false, lowS: false, format });
}

function ecVerify(key: Extract<KeyData, { kind: 'ec' }>, info: HashInfo, data: Uint8Array, signature: Uint8Array, options: SignOptions): boolean {
  const format = options.dsaEncoding === 'ieee-p1363' ? 'compact' : 'der';
  try {
    return CURVES[key.curve].impl.verify(signature, info.hash(data), key.pub, { prehash: false, lowS: false, format });
  } catch {
    return false;
  }
}

function unsupportedOperation(): Error {
  return nodeError(
    Error,
    'ERR_OSSL_EVP_OPERATION_NOT_SUPPORTED_FOR_THIS_KEYTYPE',
    'error:03000096:digital envelope routines::operation not supported for this keytype',
  );
}

function signWith(algorithm: unknown, data: Uint8Array, key: KeyData, options: SignOptions): Uint8Array {
  if (key.kind === 'ed25519' || key.kind === 'ed448') return EDDSA[key.kind].sign(data, key.priv as Uint8Array);
  const info = hashInfo(algorithm ?? 'sha256');
  if (key.kind === 'rsa' || key.kind === 'rsa-pss') return rsaSign(key, info, data, options);
  if (key.kind === 'ec') return ecSign(key, info, data, options);
  if (key.kind === 'dsa') return dsaSign(key, info, data, options.dsaEncoding === 'ieee-p1363');
  throw unsupportedOperation();
}

export function verifyWith(algorithm: unknown, data: Uint8Array, key: KeyData, signature: Uint8Array, options: SignOptions): boolean {
  if (key.kind === 'ed25519' || key.kind === 'ed448') {
    try {
      return EDDSA[key.kind].verify(signature, data, key.pub);
    } catch {
      return false;
    }
  }
  const info = hashInfo(algorithm ?? 'sha256');
  if (key.kind === 'rsa' || key.kind === 'rsa-pss') return rsaVerify(key, info, data, signature, options);
  if (key.kind === 'ec') return ecVerify(key, info, data, signature, options);
  if (key.kind === 'dsa') return dsaVerify(key, info, data, signature, options.dsaEncoding === 'ieee-p1363');
  throw unsupportedOperation();
}

type Base = new () => object;

export function signFunctions(Buffer: BufferClass, keys: KeyApi, Writable: Base) {
  const out = (result: Uint8Array, encoding?: string) => {
    const buffer = Buffer.from(result);
    return encoding && encoding !== 'buffer' ? buffer.toString(encoding) : buffer;
  };
  const input = (data: unknown, encoding?: string) => (typeof data === 'string' ? Buffer.from(data, encoding ?? 'utf8') : bytes(data, 'data'));

  function sign(algorithm: unknown, data: unknown, key: unknown, callback?: (error: Error | null, signature?: Uint8Array) => void) {
    const run = () => Buffer.from(signWith(algorithm, bytes(data, 'data'), keys.privateKeyOf(key), optionsOf(key)));
    if (callback === undefined) return run();
    if (typeof callback !== 'function') throw invalidArgType('callback', 'of type function', callback);
    later(callback, run);
    return undefined;
  }

  function verify(algorithm: unknown, data: unknown, key: unknown, signature: unknown, callback?: (error: Error | null, result?: boolean) => void) {
    const run = () => verifyWith(algorithm, bytes(data, 'data'), keys.anyKeyOf(key), bytes(signature, 'signature'), optionsOf(key));
    if (callback === undefined) return run();
    if (typeof callback !== 'function') throw invalidArgType('callback', 'of type function', callback);
    later(callback, run);
    return undefined;
  }

  // Sign and Verify are writable streams in Node: written chunks are the data, as with update().
  class Streamed extends (Writable as unknown as new (options?: object) => object) {
    protected parts: Uint8Array[] = [];
    constructor(readonly algorithm: string) {
      super({});
      hashInfo(algorithm);
    }
    _write(chunk: unknown, encoding: string, callback: () => void) {
      this.update(chunk, encoding === 'buffer' ? undefined : encoding);
      callback();
    }
    update(data: unknown, encoding?: string): this {
      this.parts.push(Uint8Array.from(input(data, encoding)));
      return this;
    }
    protected data(): Uint8Array {
      return concat(this.parts);
    }
  }
  class Sign extends Streamed {
    sign(key: unknown, encoding?: string) {
      return out(signWith(this.algorithm, this.data(), keys.privateKeyOf(key), optionsOf(key)), encoding);
    }
  }
  class Verify extends Streamed {
    verify(key: unknown, signature: unknown, encoding?: string) {
      return verifyWith(this.algorithm, this.data(), keys.anyKeyOf(key), input(signature, encoding), optionsOf(key));
    }
  }

  return {
    sign,
    verify,
    Sign,
    Verify,
    createSign: (algorithm: string) => new Sign(algorithm),
    createVerify: (algorithm: string) => new Verify(algorithm),
  };
}
