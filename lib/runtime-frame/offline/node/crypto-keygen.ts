/**
 * generateKeyPair and generateKeyPairSync for rsa, rsa-pss, ec, ed25519, ed448, x25519, x448 and dh. Key
 * generation must be synchronous for generateKeyPairSync, so RSA primes come from node-forge's stepwise
 * generator (run to the end at once, or in slices between turns for the callback form so timers still fire)
 * and curve keys from @noble/curves. Results are KeyObjects, or PEM/DER/JWK when an encoding is asked for.
 */
import forge from 'node-forge';
import { ed25519, x25519 } from '@noble/curves/ed25519.js';
import { ed448, x448 } from '@noble/curves/ed448.js';
import { CURVES, curveName, encodeKey, fromPkcs8, modPow, publicPart, toJwk, type KeyData, type KeyEncoding, type RsaKey } from './crypto-key-codec';
import { bigintToBytes, bytesToBigint } from './crypto-der';
import type { BufferClass, KeyApi } from './crypto-keys';
import { forgeRsaRaw } from './crypto-sign';
import { invalidArgType, invalidArgValue, nodeError } from './node-errors';

interface Encoding {
  type?: string;
  format?: string;
  cipher?: unknown;
}
interface KeyPairOptions {
  modulusLength?: number;
  publicExponent?: number;
  namedCurve?: string;
  primeLength?: number;
  prime?: ArrayBufferView;
  generator?: number;
  publicKeyEncoding?: Encoding;
  privateKeyEncoding?: Encoding;
}

const TYPES = ['rsa', 'rsa-pss', 'ec', 'ed25519', 'ed448', 'x25519', 'x448', 'dh'];
const OKP_KEYS = { ed25519, ed448, x25519, x448 } as const;

const prng = { getBytesSync: (count: number) => forge.util.binary.raw.encode(globalThis.crypto.getRandomValues(new Uint8Array(count))) };
const toBig = (value: forge.jsbn.BigInteger) => BigInt(`0x${value.toString(16)}`);

function rsaState(options: KeyPairOptions) {
  const bits = options.modulusLength;
  if (typeof bits !== 'number') throw invalidArgType('options.modulusLength', 'of type number', bits);
  const e = options.publicExponent ?? 0x10001;
  if (typeof e !== 'number') throw invalidArgType('options.publicExponent', 'of type number', e);
  return forgeRsaRaw.createKeyPairGenerationState(bits, e, { prng });
}

async function nativeRsa(options: KeyPairOptions): Promise<RsaKey> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('no Web Crypto');
  const exponent = bigintToBytes(BigInt(options.publicExponent ?? 0x10001));
  const algorithm = { name: 'RSASSA-PKCS1-v1_5', modulusLength: options.modulusLength ?? 0, publicExponent: exponent, hash: 'SHA-256' };
  const generated = (await subtle.generateKey(algorithm, true, ['sign', 'verify'])) as CryptoKeyPair;
  const key = fromPkcs8(new Uint8Array(await subtle.exportKey('pkcs8', generated.privateKey)));
  if (key.kind !== 'rsa') throw new Error('unexpected key type');
  return key;
}

function rsaFromState(kind: 'rsa' | 'rsa-pss', state: ReturnType<typeof forgeRsaRaw.createKeyPairGenerationState>): RsaKey {
  const key = state.keys?.privateKey as forge.pki.rsa.PrivateKey;
  return {
    kind,
    n: toBig(key.n),
    e: toBig(key.e),
    d: toBig(key.d),
    p: toBig(key.p),
    q: toBig(key.q),
    dp: toBig(key.dP),
    dq: toBig(key.dQ),
    qi: toBig(key.qInv),
  };
}

const SMALL_PRIMES = Array.from({ length: 2000 }, (_, i) => i + 2)
  .filter((n) => Array.from({ length: Math.floor(Math.sqrt(n)) - 1 }, (_, i) => i + 2).every((d) => n % d !== 0))
  .map(BigInt);

/** Miller-Rabin with random bases, after trial division by the primes below 2000. */
export function probablyPrime(n: bigint, rounds = 20): boolean {
  if (n < 2n) return false;
  for (const p of SMALL_PRIMES) if (n % p === 0n) return n === p;
  let d = n - 1n;
  let s = 0;
  while (!(d & 1n)) {
    d >>= 1n;
    s += 1;
  }
  const width = Math.ceil(n.toString(2).length / 8);
  for (let round = 0; round < rounds; round += 1) {
    const a = (bytesToBigint(globalThis.crypto.getRandomValues(new Uint8Array(width))) % (n - 3n)) + 2n;
    let x = modPow(a, d, n);
    if (x === 1n || x === n - 1n) continue;
    let composite = true;
    for (let i = 1; i < s && composite; i += 1) {
      x = (x * x) % n;
      if (x === n - 1n) composite = false;
    }
    if (composite) return false;
  }
  return true;
}

/** A safe prime p = 2q + 1 of `bits` bits with p ≡ 23 (mod 24), as OpenSSL picks for generator 2. */
export function safePrime(bits: number): bigint {
  for (;;) {
    const raw = bytesToBigint(globalThis.crypto.getRandomValues(new Uint8Array(Math.ceil(bits / 8)))) & ((1n << BigInt(bits)) - 1n);
    let p = raw | (1n << BigInt(bits - 1));
    p += (23n - (p % 24n) + 24n) % 24n;
    for (let tries = 0; tries < 4096 && p.toString(2).length === bits; tries += 1, p += 24n) {
      const q = p >> 1n;
      if (SMALL_PRIMES.some((small) => (q % small === 0n && q !== small) || (p % small === 0n && p !== small))) continue;
      if (probablyPrime(q, 2) && probablyPrime(p, 2) && probablyPrime(q) && probablyPrime(p)) return p;
    }
  }
}

function dhKey(options: KeyPairOptions): KeyData {
  const generator = BigInt(options.generator ?? 2);
  let prime: bigint;
  if (options.prime !== undefined) prime = bytesToBigint(new Uint8Array(options.prime.buffer, options.prime.byteOffset, options.prime.byteLength));
  else if (typeof options.primeLength === 'number') prime = safePrime(options.primeLength);
  else throw invalidArgType('options.primeLength', 'of type number', options.primeLength);
  const width = Math.ceil(prime.toString(2).length / 8);
  const priv = (bytesToBigint(globalThis.crypto.getRandomValues(new Uint8Array(width))) % (prime - 3n)) + 2n;
  return { kind: 'dh', prime, generator, priv, pub: modPow(generator, priv, prime) };
}

/** Every key type except RSA, whose generation takes long enough to be done in slices. */
function quickKey(type: string, options: KeyPairOptions): KeyData {
  if (type === 'ec') {
    const curve = curveName(options.namedCurve);
    if (typeof options.namedCurve !== 'string') throw invalidArgType('options.namedCurve', 'of type string', options.namedCurve);
    if (!curve) throw nodeError(TypeError, 'ERR_CRYPTO_INVALID_CURVE', 'Invalid EC curve name');
    const { impl } = CURVES[curve];
    const priv = impl.utils.randomSecretKey();
    return { kind: 'ec', curve, priv, pub: impl.getPublicKey(priv, false) };
  }
  if (type === 'dh') return dhKey(options);
  const okp = OKP_KEYS[type as keyof typeof OKP_KEYS];
  const priv = okp.utils.randomSecretKey();
  return { kind: type as keyof typeof OKP_KEYS, priv, pub: okp.getPublicKey(priv) };
}

function checkArguments(type: unknown, options: unknown): KeyPairOptions {
  if (typeof type !== 'string') throw invalidArgType('type', 'of type string', type);
  if (!TYPES.includes(type)) throw invalidArgValue('type', type, 'must be a supported key type');
  if (options !== undefined && (typeof options !== 'object' || options === null)) throw invalidArgType('options', 'of type object', options);
  const checked = (options ?? {}) as KeyPairOptions;
  for (const name of ['publicKeyEncoding', 'privateKeyEncoding'] as const) {
    const encoding = checked[name];
    if (encoding !== undefined && (typeof encoding !== 'object' || encoding === null)) throw invalidArgValue(`options.${name}`, encoding, 'is invalid');
    if (encoding?.cipher !== undefined) {
      throw nodeError(
        Error,
        'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM',
        'The feature encrypted private key export is unavailable on the current platform, which is being used to run Node.js (a browser tab)',
      );
    }
  }
  return checked;
}

export function keygenFunctions(Buffer: BufferClass, keys: KeyApi) {
  const encoded = (key: KeyData, encoding: Encoding | undefined) => {
    if (!encoding) return keys.wrap(key);
    if (encoding.format === 'jwk') return toJwk(key);
    if (encoding.format !== 'pem' && encoding.format !== 'der') throw invalidArgValue('options.format', encoding.format, 'is invalid');
    const result = encodeKey(key, encoding.type as KeyEncoding, encoding.format);
    return typeof result === 'string' ? result : Buffer.from(result);
  };
  const pair = (key: KeyData, options: KeyPairOptions) => ({
    publicKey: encoded(publicPart(key), options.publicKeyEncoding),
    privateKey: encoded(key, options.privateKeyEncoding),
  });

  function generateKeyPairSync(type: unknown, rawOptions?: unknown) {
    const options = checkArguments(type, rawOptions);
    if (type === 'rsa' || type === 'rsa-pss') {
      const state = rsaState(options);
      forgeRsaRaw.stepKeyPairGenerationState(state, 0);
      return pair(rsaFromState(type, state), options);
    }
    return pair(quickKey(type as string, options), options);
  }

  type Done = (error: Error | null, publicKey?: unknown, privateKey?: unknown) => void;
  function generateKeyPair(type: unknown, rawOptions: unknown, callback?: unknown) {
    const done = (typeof rawOptions === 'function' ? rawOptions : callback) as Done;
    if (typeof done !== 'function') throw invalidArgType('callback', 'of type function', done);
    const options = checkArguments(type, typeof rawOptions === 'function' ? undefined : rawOptions);
    const finish = (make: () => { publicKey: unknown; privateKey: unknown }) => {
      let result: { publicKey: unknown; privateKey: unknown };
      try {
        result = make();
      } catch (error) {
        done(error as Error);
        return;
      }
      done(null, result.publicKey, result.privateKey);
    };
    if (type !== 'rsa' && type !== 'rsa-pss') {
      setTimeout(() => finish(() => pair(quickKey(type as string, options), options)), 0);
      return;
    }
    const state = rsaState(options);
    // Slices of ~20 ms between turns keep the program's timers and I/O running while primes are searched.
    const step = () => {
      if (forgeRsaRaw.stepKeyPairGenerationState(state, 20)) finish(() => pair(rsaFromState(type, state), options));
      else setTimeout(step, 0);
    };
    // The browser's own generator is native and much faster; forge's covers what it refuses (odd exponents, sizes).
    nativeRsa(options).then(
      (key) => finish(() => pair({ ...key, kind: type }, options)),
      () => setTimeout(step, 0),
    );
  }
  Object.defineProperty(generateKeyPair, Symbol.for('nodejs.util.promisify.custom'), {
    value: (type: unknown, options: unknown) =>
      new Promise((resolve, reject) => {
        generateKeyPair(type, options, (error: Error | null, publicKey?: unknown, privateKey?: unknown) =>
          error ? reject(error) : resolve({ publicKey, privateKey }),
        );
      }),
  });

  return { generateKeyPair, generateKeyPairSync };
}
