/**
 * Diffie-Hellman as Node offers it: DiffieHellman (own prime, or a generated safe prime), the RFC 2409/3526
 * MODP groups of getDiffieHellman, ECDH on the NIST curves and secp256k1 (@noble/curves), and the stateless
 * crypto.diffieHellman({ privateKey, publicKey }) for EC, X25519/X448 and DH KeyObjects. Shared secrets are
 * padded to the prime's or field's length, as Node's are.
 */
import { x25519 } from '@noble/curves/ed25519.js';
import { x448 } from '@noble/curves/ed448.js';
import { CURVES, curveName, modPow, type CurveName, type KeyData } from './crypto-key-codec';
import { bigintToBytes, bytesToBigint } from './crypto-der';
import { probablyPrime, safePrime } from './crypto-keygen';
import type { BufferClass, KeyApi } from './crypto-keys';
import { invalidArgType, nodeError } from './node-errors';

type Bytes = Uint8Array & { toString(encoding?: string): string };

/** floor(2^bits · π), by Machin's formula in fixed point with guard bits: the MODP primes are built from it. */
function piBits(bits: number): bigint {
  const guard = 32n;
  const one = 1n << (BigInt(bits) + guard);
  const arctanInverse = (x: bigint) => {
    let sum = 0n;
    let term = one / x;
    for (let k = 1n; term !== 0n; k += 2n) {
      sum += ((k - 1n) / 2n) % 2n === 0n ? term / k : -(term / k);
      term /= x * x;
    }
    return sum;
  };
  return (16n * arctanInverse(5n) - 4n * arctanInverse(239n)) >> guard;
}

// p = 2^n - 2^(n-64) - 1 + 2^64 · (floor(2^(n-130) · π) + k), as RFC 2409 and RFC 3526 define each group.
const MODP: Record<string, [number, number]> = {
  modp1: [768, 149686],
  modp2: [1024, 129093],
  modp5: [1536, 741804],
  modp14: [2048, 124476],
  modp15: [3072, 1690314],
  modp16: [4096, 240904],
  modp17: [6144, 929484],
  modp18: [8192, 4743158],
};
const modpCache = new Map<string, bigint>();
function modpPrime(group: string): bigint | undefined {
  const entry = MODP[group];
  if (!entry) return undefined;
  const [n, k] = entry;
  const size = BigInt(n);
  const prime = modpCache.get(group) ?? (1n << size) - (1n << (size - 64n)) - 1n + (1n << 64n) * (piBits(n - 130) + BigInt(k));
  modpCache.set(group, prime);
  return prime;
}

// Miller-Rabin rounds by size, as OpenSSL picks them: large primes need few rounds for the same certainty.
const roundsFor = (n: bigint) => (n.toString(2).length >= 1024 ? 5 : n.toString(2).length >= 512 ? 8 : 12);

const isProbablePrime = (n: bigint) => probablyPrime(n, roundsFor(n));

export function dhFunctions(Buffer: BufferClass, keys: KeyApi) {
  const out = (bytes: Uint8Array, encoding?: string) => {
    const buffer = Buffer.from(bytes) as Bytes;
    return encoding && encoding !== 'buffer' ? buffer.toString(encoding) : buffer;
  };
  const input = (value: unknown, encoding: string | undefined, name: string): Uint8Array => {
    if (typeof value === 'string') return Buffer.from(value, encoding ?? 'utf8');
    if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    if (value instanceof ArrayBuffer) return new Uint8Array(value);
    throw invalidArgType(name, 'of type string or an instance of ArrayBuffer, Buffer, TypedArray, or DataView', value);
  };

  class DiffieHellman {
    #prime: bigint;
    #generator: bigint;
    #pub?: bigint;
    #priv?: bigint;
    readonly verifyError: number;
    constructor(prime: unknown, primeEncoding?: unknown, generator?: unknown, generatorEncoding?: unknown, known = false) {
      if (typeof prime === 'number') {
        this.#prime = safePrime(prime);
        generator = primeEncoding;
      } else {
        const encoding = typeof primeEncoding === 'string' ? primeEncoding : undefined;
        if (typeof primeEncoding !== 'string') [generator, generatorEncoding] = [primeEncoding, generator];
        this.#prime = bytesToBigint(input(prime, encoding, 'sizeOrKey'));
      }
      const g = generator ?? 2;
      this.#generator = typeof g === 'number' ? BigInt(g) : bytesToBigint(input(g, generatorEncoding as string | undefined, 'generator'));
      const p = this.#prime;
      if (known) this.verifyError = 0;
      else if (!isProbablePrime(p)) this.verifyError = 1;
      else if (!isProbablePrime((p - 1n) / 2n)) this.verifyError = 2;
      else if (this.#generator <= 1n || this.#generator >= p - 1n) this.verifyError = 8;
      else this.verifyError = 0;
    }
    private size() {
      return Math.ceil(this.#prime.toString(2).length / 8);
    }
    generateKeys(encoding?: string) {
      if (this.#priv === undefined) {
        const random = bytesToBigint(globalThis.crypto.getRandomValues(new Uint8Array(this.size())));
        this.#priv = (random % (this.#prime - 3n)) + 2n;
      }
      this.#pub = modPow(this.#generator, this.#priv, this.#prime);
      return out(bigintToBytes(this.#pub), encoding);
    }
    computeSecret(other: unknown, inputEncoding?: string, outputEncoding?: string) {
      const peer = bytesToBigint(input(other, inputEncoding, 'key'));
      if (peer <= 1n || peer >= this.#prime - 1n) throw nodeError(Error, 'ERR_CRYPTO_INVALID_KEYLEN', 'Supplied key is too small');
      if (this.#priv === undefined) throw nodeError(Error, 'ERR_CRYPTO_INVALID_STATE', 'Private key is not set');
      return out(bigintToBytes(modPow(peer, this.#priv, this.#prime), this.size()), outputEncoding);
    }
    getPrime = (encoding?: string) => out(bigintToBytes(this.#prime), encoding);
    getGenerator = (encoding?: string) => out(bigintToBytes(this.#generator), encoding);
    getPublicKey(encoding?: string) {
      if (this.#pub === undefined) throw nodeError(Error, 'ERR_CRYPTO_INVALID_STATE', 'No public key - did you forget to generate one?');
      return out(bigintToBytes(this.#pub), encoding);
    }
    getPrivateKey(encoding?: string) {
      if (this.#priv === undefined) throw nodeError(Error, 'ERR_CRYPTO_INVALID_STATE', 'No private key - did you forget to generate one?');
      return out(bigintToBytes(this.#priv), encoding);
    }
    setPublicKey(key: unknown, encoding?: string) {
      this.#pub = bytesToBigint(input(key, encoding, 'key'));
      return this;
    }
    setPrivateKey(key: unknown, encoding?: string) {
      this.#priv = bytesToBigint(input(key, encoding, 'key'));
      return this;
    }
  }

  const getDiffieHellman = (group: unknown) => {
    const prime = modpPrime(String(group));
    if (prime === undefined) throw nodeError(Error, 'ERR_CRYPTO_UNKNOWN_DH_GROUP', 'Unknown DH group');
    const dh = new DiffieHellman(Buffer.from(bigintToBytes(prime)), undefined, undefined, undefined, true);
    // A named group's keys come from the group: Node's DiffieHellmanGroup has no setters.
    Object.defineProperties(dh, { setPublicKey: { value: undefined }, setPrivateKey: { value: undefined } });
    return dh;
  };

  const formatOf = (format: unknown) => {
    if (format === undefined || format === 'uncompressed') return false;
    if (format === 'compressed') return true;
    if (format === 'hybrid') return 'hybrid' as const;
    throw nodeError(TypeError, 'ERR_CRYPTO_ECDH_INVALID_FORMAT', `Invalid ECDH format: ${String(format)}`);
  };
  const pointOf = (curve: CurveName, bytes: Uint8Array, message: string, code?: string) => {
    try {
      return CURVES[curve].impl.Point.fromBytes(bytes);
    } catch {
      throw code ? nodeError(Error, code, message) : new Error(message);
    }
  };
  const encodePoint = (curve: CurveName, bytes: Uint8Array, format: unknown) => {
    const kind = formatOf(format);
    const point = pointOf(curve, bytes, 'Failed to convert Buffer to EC_POINT');
    if (kind !== 'hybrid') return point.toBytes(kind);
    const raw = point.toBytes(false);
    raw[0] = 6 | ((raw[raw.length - 1] ?? 0) & 1);
    return raw;
  };
  const checkCurve = (curve: unknown): CurveName => {
    if (typeof curve !== 'string') throw invalidArgType('curve', 'of type string', curve);
    const name = curveName(curve);
    if (!name) throw nodeError(TypeError, 'ERR_CRYPTO_INVALID_CURVE', 'Invalid EC curve name');
    return name;
  };

  class ECDHState {
    #curve: CurveName;
    #priv?: Uint8Array;
    #pub?: Uint8Array;
    constructor(curve: unknown) {
      this.#curve = checkCurve(curve);
    }
    generateKeys(encoding?: string, format?: unknown) {
      this.setPrivateKey(CURVES[this.#curve].impl.utils.randomSecretKey());
      return this.getPublicKey(encoding, format);
    }
    computeSecret(other: unknown, inputEncoding?: string, outputEncoding?: string) {
      const { impl, size } = CURVES[this.#curve];
      const peer = pointOf(
        this.#curve,
        input(other, inputEncoding, 'key'),
        'Public key is not valid for specified curve',
        'ERR_CRYPTO_ECDH_INVALID_PUBLIC_KEY',
      );
      if (!this.#priv) throw new Error('Failed to get ECDH private key');
      if (this.#pub && !impl.Point.fromBytes(impl.getPublicKey(this.#priv, false)).equals(impl.Point.fromBytes(this.#pub))) {
        throw nodeError(Error, 'ERR_CRYPTO_INVALID_KEYPAIR', 'Invalid key pair');
      }
      const shared = impl.getSharedSecret(this.#priv, peer.toBytes(true), true).subarray(1);
      return out(shared.subarray(shared.length - size), outputEncoding);
    }
    getPublicKey(encoding?: string, format?: unknown) {
      if (!this.#pub) throw new Error('Failed to get ECDH public key');
      return out(encodePoint(this.#curve, this.#pub, format), encoding);
    }
    getPrivateKey(encoding?: string) {
      if (!this.#priv) throw new Error('Failed to get ECDH private key');
      return out(this.#priv, encoding);
    }
    setPrivateKey(key: unknown, encoding?: string) {
      const { impl, size } = CURVES[this.#curve];
      const raw = input(key, encoding, 'key');
      const value = bytesToBigint(raw);
      if (value === 0n || value >= impl.Point.CURVE().n) throw nodeError(Error, 'ERR_CRYPTO_INVALID_KEYTYPE', 'Private key is not valid for specified curve.');
      this.#priv = bigintToBytes(value, size);
      this.#pub = impl.getPublicKey(this.#priv, false);
      return this;
    }
    setPublicKey(key: unknown, encoding?: string) {
      this.#pub = pointOf(this.#curve, input(key, encoding, 'key'), 'Failed to convert Buffer to EC_POINT').toBytes(false);
      return this;
    }
  }
  // Node's ECDH may be called with or without `new`.
  const ECDH = function ECDH(curve: unknown) {
    return new ECDHState(curve);
  } as unknown as { new (curve: unknown): ECDHState; (curve: unknown): ECDHState; prototype: ECDHState; convertKey: unknown };
  ECDH.prototype = ECDHState.prototype;
  ECDH.convertKey = (key: unknown, curve: unknown, inputEncoding?: string, outputEncoding?: string, format?: unknown) => {
    if (typeof key !== 'string' && !ArrayBuffer.isView(key))
      throw invalidArgType('key', 'of type string or an instance of ArrayBuffer, Buffer, TypedArray, or DataView', key);
    const name = checkCurve(curve);
    formatOf(format);
    return out(encodePoint(name, input(key, inputEncoding, 'key'), format), outputEncoding);
  };

  /** crypto.diffieHellman: the secret of two KeyObjects of one type. */
  function diffieHellman(options: { privateKey?: unknown; publicKey?: unknown }) {
    if (typeof options !== 'object' || options === null) throw invalidArgType('options', 'of type object', options);
    const priv = keys.privateKeyOf(options.privateKey);
    const pub: KeyData = keys.publicKeyOf(options.publicKey);
    if (priv.kind !== pub.kind)
      throw nodeError(Error, 'ERR_CRYPTO_INCOMPATIBLE_KEY', 'Incompatible key types for Diffie-Hellman: ' + `${priv.kind} and ${pub.kind}`);
    if (priv.kind === 'x25519' || priv.kind === 'x448') {
      const fn = priv.kind === 'x25519' ? x25519 : x448;
      return Buffer.from(fn.getSharedSecret(priv.priv as Uint8Array, (pub as { pub: Uint8Array }).pub));
    }
    if (priv.kind === 'ec' && pub.kind === 'ec') {
      const state = new ECDHState(priv.curve).setPrivateKey(priv.priv as Uint8Array);
      return state.computeSecret(pub.pub) as Uint8Array;
    }
    if (priv.kind === 'dh' && pub.kind === 'dh') {
      return Buffer.from(bigintToBytes(modPow(pub.pub, priv.priv as bigint, priv.prime), Math.ceil(priv.prime.toString(2).length / 8)));
    }
    throw nodeError(Error, 'ERR_CRYPTO_INCOMPATIBLE_KEY', `Incompatible key types for Diffie-Hellman: ${priv.kind}`);
  }

  const DiffieHellmanGroup = function DiffieHellmanGroup(group: unknown) {
    return getDiffieHellman(group);
  };

  return {
    DiffieHellman,
    DiffieHellmanGroup,
    createDiffieHellman: (...args: [unknown, unknown?, unknown?, unknown?]) => new DiffieHellman(...args),
    getDiffieHellman,
    createDiffieHellmanGroup: getDiffieHellman,
    ECDH,
    createECDH: (curve: unknown) => new ECDHState(curve),
    diffieHellman,
    getCurves: () => ['prime256v1', 'secp256k1', 'secp384r1', 'secp521r1'],
  };
}
