/**
 * Node's KeyObject and the functions that make one (createPublicKey, createPrivateKey, createSecretKey), over
 * the key data of crypto-key-codec.ts. Every crypto function that takes a key accepts what Node accepts: a
 * KeyObject, PEM text (string or Buffer), DER with its `type`, a JWK, or an options object holding one of these.
 */
import { decodeKey, decodePem, encodeKey, fromJwk, isPrivate, publicPart, toJwk, type KeyData, type KeyEncoding } from './crypto-key-codec';
import { base64url, fromBase64url } from './crypto-der';
import { invalidArgType, invalidArgValue, nodeError } from './node-errors';

export interface BufferClass {
  from(data: string | Uint8Array, encoding?: string): Uint8Array & { toString(encoding?: string): string };
}

type Material = KeyData | Uint8Array;
const MATERIAL = new WeakMap<object, Material>();
const KIND = new WeakMap<object, 'secret' | 'public' | 'private'>();

export function materialOf(key: object): Material | undefined {
  return MATERIAL.get(key);
}

const isBytes = (value: unknown): value is ArrayBufferView => ArrayBuffer.isView(value);
const bytesOf = (view: ArrayBufferView) => new Uint8Array(view.buffer, view.byteOffset, view.byteLength);

interface KeyInput {
  key: unknown;
  format?: string;
  type?: string;
  encoding?: string;
  passphrase?: unknown;
}

export function createKeyApi(Buffer: BufferClass) {
  const text = (value: unknown, encoding?: string) =>
    typeof value === 'string' ? value : Buffer.from(bytesOf(value as ArrayBufferView)).toString(encoding === 'buffer' ? 'utf8' : 'utf8');

  class KeyObject {
    constructor(type: unknown, handle?: unknown) {
      if (type !== 'secret' && type !== 'public' && type !== 'private') throw invalidArgValue('type', type, 'is invalid');
      if (typeof handle !== 'object' || handle === null || !MATERIAL.has(handle)) throw invalidArgType('handle', 'of type object', handle);
      MATERIAL.set(this, MATERIAL.get(handle) as Material);
      KIND.set(this, type);
    }
    get type() {
      return KIND.get(this);
    }
    get asymmetricKeyType() {
      const data = MATERIAL.get(this);
      return data instanceof Uint8Array || !data ? undefined : data.kind;
    }
    get asymmetricKeyDetails() {
      const data = MATERIAL.get(this);
      if (data instanceof Uint8Array || !data) return undefined;
      if (data.kind === 'rsa' || data.kind === 'rsa-pss') return { modulusLength: data.n.toString(2).length, publicExponent: data.e };
      if (data.kind === 'ec') return { namedCurve: data.curve };
      if (data.kind === 'dsa') return { modulusLength: data.p.toString(2).length, divisorLength: data.q.toString(2).length };
      return {};
    }
    get symmetricKeySize() {
      const data = MATERIAL.get(this);
      return data instanceof Uint8Array ? data.length : undefined;
    }
    export(options?: { format?: string; type?: string; cipher?: unknown; passphrase?: unknown }): unknown {
      const data = MATERIAL.get(this) as Material;
      if (data instanceof Uint8Array) {
        if (options?.format === 'jwk') return { kty: 'oct', k: base64url(data) };
        return Buffer.from(data);
      }
      if (options === undefined || options === null || typeof options !== 'object') throw invalidArgType('options', 'of type object', options);
      if (options.format === 'jwk') return toJwk(data);
      if (options.format !== 'pem' && options.format !== 'der') throw invalidArgValue('options.format', options.format, 'is invalid');
      const privateKey = KIND.get(this) === 'private';
      const valid = privateKey ? ['pkcs1', 'pkcs8', 'sec1'] : ['pkcs1', 'spki'];
      if (!valid.includes(options.type as string)) throw invalidArgValue('options.type', options.type, 'is invalid');
      if (options.cipher !== undefined) {
        throw nodeError(
          Error,
          'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM',
          'The feature encrypted private key export is unavailable on the current platform, which is being used to run Node.js (a browser tab)',
        );
      }
      const encoded = encodeKey(data, options.type as KeyEncoding, options.format);
      return typeof encoded === 'string' ? encoded : Buffer.from(encoded);
    }
    equals(other: unknown): boolean {
      if (!(other instanceof KeyObject)) throw invalidArgType('otherKeyObject', 'an instance of KeyObject', other);
      if (other.type !== this.type) return false;
      const mine = MATERIAL.get(this) as Material;
      const theirs = MATERIAL.get(other) as Material;
      const flat = (value: Material) =>
        value instanceof Uint8Array
          ? base64url(value)
          : JSON.stringify(value, (_key, field) => (typeof field === 'bigint' ? field.toString(16) : field instanceof Uint8Array ? base64url(field) : field));
      return flat(mine) === flat(theirs);
    }
    get [Symbol.toStringTag]() {
      return 'KeyObject';
    }
  }

  const make = (type: 'secret' | 'public' | 'private', material: Material) => {
    const handle = {};
    MATERIAL.set(handle, material);
    return new KeyObject(type, handle);
  };
  const wrap = (data: KeyData) => make(isPrivate(data) ? 'private' : 'public', data);

  /** Reads any key input Node accepts; `wantPrivate` decides how DER/PEM without a type is read. */
  function readKey(input: unknown, wantPrivate: boolean, name = 'key'): Material {
    if (input instanceof KeyObject) return MATERIAL.get(input) as Material;
    if (typeof input === 'string' || isBytes(input)) return decodePem(text(input));
    if (typeof input !== 'object' || input === null) {
      throw invalidArgType(name, 'of type string or an instance of ArrayBuffer, Buffer, TypedArray, DataView, KeyObject, or CryptoKey', input);
    }
    const options = input as KeyInput;
    const { key, format = 'pem', type, encoding } = options;
    if (key instanceof KeyObject) return MATERIAL.get(key) as Material;
    if (format === 'jwk') {
      if (typeof key !== 'object' || key === null) throw invalidArgType('key.key', 'of type object', key);
      const jwk = key as Record<string, string>;
      if (jwk.kty === 'oct') return fromBase64url(jwk.k ?? '');
      return fromJwk(jwk, wantPrivate);
    }
    if (typeof key === 'string' && format === 'der') return decodeKey(Buffer.from(key, encoding ?? 'utf8'), type, wantPrivate);
    if (typeof key !== 'string' && !isBytes(key))
      throw invalidArgType('key.key', 'of type string or an instance of ArrayBuffer, Buffer, TypedArray, or DataView', key);
    if (format === 'der') return decodeKey(bytesOf(key as ArrayBufferView), type, wantPrivate);
    return decodePem(typeof key === 'string' ? key : text(key));
  }

  const asymmetric = (material: Material): KeyData => {
    if (material instanceof Uint8Array) throw nodeError(TypeError, 'ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE', 'Invalid key object type secret, expected private.');
    return material;
  };
  const privateKeyOf = (input: unknown): KeyData => {
    const data = asymmetric(readKey(input, true));
    if (!isPrivate(data)) throw nodeError(TypeError, 'ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE', 'Invalid key object type public, expected private.');
    return data;
  };
  const publicKeyOf = (input: unknown): KeyData => publicPart(asymmetric(readKey(input, false)));

  return {
    KeyObject,
    wrap,
    privateKeyOf,
    publicKeyOf,
    /** A key for verifying or encrypting: a private key serves as its own public half. */
    anyKeyOf: (input: unknown): KeyData => asymmetric(readKey(input, true)),
    createPublicKey: (input: unknown) => {
      const material = readKey(input, false);
      if (material instanceof Uint8Array) throw nodeError(TypeError, 'ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE', 'Invalid key object type secret, expected private.');
      return make('public', publicPart(material));
    },
    createPrivateKey: (input: unknown) => make('private', privateKeyOf(input)),
    createSecretKey: (key: unknown, encoding?: string) => {
      if (typeof key === 'string') return make('secret', Buffer.from(key, encoding ?? 'utf8'));
      if (key instanceof ArrayBuffer) return make('secret', new Uint8Array(key.slice(0)));
      if (!isBytes(key)) throw invalidArgType('key', 'of type string or an instance of ArrayBuffer, Buffer, TypedArray, or DataView', key);
      return make('secret', Uint8Array.from(bytesOf(key)));
    },
  };
}

export type KeyApi = ReturnType<typeof createKeyApi>;
