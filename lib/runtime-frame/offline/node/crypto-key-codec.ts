/**
 * Asymmetric keys as plain data, and their encodings as Node writes and reads them: SPKI and PKCS#8 for every
 * type, PKCS#1 for RSA, SEC1 for EC, in DER or PEM, and JWK. RSA numbers are bigints; EC, Ed25519/Ed448 and
 * X25519/X448 keys are the raw bytes @noble/curves works with, so signing and key agreement need no conversion.
 */
import { p256, p384, p521 } from '@noble/curves/nist.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ed25519, x25519 } from '@noble/curves/ed25519.js';
import { ed448, x448 } from '@noble/curves/ed448.js';
import {
  base64url,
  bigintToBytes,
  bits,
  bytesToBigint,
  children,
  contents,
  encode,
  explicit,
  fromBase64url,
  fromPem,
  int,
  nul,
  octets,
  oid,
  parse,
  readBits,
  readInt,
  readOid,
  seq,
  toPem,
  type Asn1,
} from './crypto-der';
import { nodeError } from './node-errors';

export interface RsaKey {
  kind: 'rsa' | 'rsa-pss';
  n: bigint;
  e: bigint;
  d?: bigint;
  p?: bigint;
  q?: bigint;
  dp?: bigint;
  dq?: bigint;
  qi?: bigint;
}
interface EcKey {
  kind: 'ec';
  curve: CurveName;
  pub: Uint8Array;
  priv?: Uint8Array;
}
interface OkpKey {
  kind: OkpName;
  pub: Uint8Array;
  priv?: Uint8Array;
}
interface DhKey {
  kind: 'dh';
  prime: bigint;
  generator: bigint;
  pub: bigint;
  priv?: bigint;
}
export interface DsaKey {
  kind: 'dsa';
  p: bigint;
  q: bigint;
  g: bigint;
  pub: bigint;
  priv?: bigint;
}
export type KeyData = RsaKey | EcKey | OkpKey | DhKey | DsaKey;

export const CURVES = {
  prime256v1: { jwk: 'P-256', oid: '1.2.840.10045.3.1.7', impl: p256, size: 32 },
  secp384r1: { jwk: 'P-384', oid: '1.3.132.0.34', impl: p384, size: 48 },
  secp521r1: { jwk: 'P-521', oid: '1.3.132.0.35', impl: p521, size: 66 },
  secp256k1: { jwk: 'secp256k1', oid: '1.3.132.0.10', impl: secp256k1, size: 32 },
} as const;
export type CurveName = keyof typeof CURVES;
const CURVE_ALIASES: Record<string, CurveName> = { 'P-256': 'prime256v1', secp256r1: 'prime256v1', 'P-384': 'secp384r1', 'P-521': 'secp521r1' };

export function curveName(name: unknown): CurveName | undefined {
  if (typeof name !== 'string') return undefined;
  if (name in CURVES) return name as CurveName;
  return CURVE_ALIASES[name];
}

const OKP = {
  ed25519: { jwk: 'Ed25519', oid: '1.3.101.112', publicOf: (priv: Uint8Array) => ed25519.getPublicKey(priv) },
  ed448: { jwk: 'Ed448', oid: '1.3.101.113', publicOf: (priv: Uint8Array) => ed448.getPublicKey(priv) },
  x25519: { jwk: 'X25519', oid: '1.3.101.110', publicOf: (priv: Uint8Array) => x25519.getPublicKey(priv) },
  x448: { jwk: 'X448', oid: '1.3.101.111', publicOf: (priv: Uint8Array) => x448.getPublicKey(priv) },
} as const;
type OkpName = keyof typeof OKP;

const RSA = '1.2.840.113549.1.1.1';
const RSA_PSS = '1.2.840.113549.1.1.10';
const EC = '1.2.840.10045.2.1';
const DH = '1.2.840.113549.1.3.1';
const DSA = '1.2.840.10040.4.1';

const unsupportedKey = () => nodeError(Error, 'ERR_OSSL_UNSUPPORTED', 'error:1E08010C:DECODER routines::unsupported');

export function publicPart(key: KeyData): KeyData {
  if (key.kind === 'rsa' || key.kind === 'rsa-pss') return { kind: key.kind, n: key.n, e: key.e };
  const { priv: _priv, ...rest } = key as EcKey;
  return rest as KeyData;
}

export const isPrivate = (key: KeyData) => (key.kind === 'rsa' || key.kind === 'rsa-pss' ? key.d !== undefined : (key as EcKey).priv !== undefined);

// ---- writing ----

function algorithmOf(key: KeyData): Uint8Array {
  if (key.kind === 'rsa') return seq(oid(RSA), nul());
  if (key.kind === 'rsa-pss') return seq(oid(RSA_PSS));
  if (key.kind === 'ec') return seq(oid(EC), oid(CURVES[key.curve].oid));
  if (key.kind === 'dh') return seq(oid(DH), seq(int(key.prime), int(key.generator)));
  if (key.kind === 'dsa') return seq(oid(DSA), seq(int(key.p), int(key.q), int(key.g)));
  return seq(oid(OKP[key.kind].oid));
}

const rsaPublic = (key: RsaKey) => seq(int(key.n), int(key.e));
function rsaPrivate(key: RsaKey): Uint8Array {
  const parts = [key.d, key.p, key.q, key.dp, key.dq, key.qi];
  if (parts.some((part) => part === undefined)) throw unsupportedKey();
  return seq(int(0n), int(key.n), int(key.e), ...parts.map((part) => int(part as bigint)));
}
const sec1 = (key: EcKey, withCurve: boolean) =>
  seq(int(1n), octets(key.priv as Uint8Array), ...(withCurve ? [explicit(0, oid(CURVES[key.curve].oid))] : []), explicit(1, bits(key.pub)));

function spki(key: KeyData): Uint8Array {
  const body = key.kind === 'rsa' || key.kind === 'rsa-pss' ? rsaPublic(key) : key.kind === 'dh' || key.kind === 'dsa' ? int(key.pub) : (key as EcKey).pub;
  return seq(algorithmOf(key), bits(body));
}

function pkcs8(key: KeyData): Uint8Array {
  let inner: Uint8Array;
  if (key.kind === 'rsa' || key.kind === 'rsa-pss') inner = rsaPrivate(key);
  else if (key.kind === 'ec') inner = sec1(key, false);
  else if (key.kind === 'dh' || key.kind === 'dsa') inner = int(key.priv as bigint);
  else inner = octets((key as OkpKey).priv as Uint8Array);
  return seq(int(0n), algorithmOf(key), octets(inner));
}

export type KeyEncoding = 'spki' | 'pkcs1' | 'pkcs8' | 'sec1';
const PEM_LABELS: Record<KeyEncoding, (priv: boolean) => string> = {
  spki: () => 'PUBLIC KEY',
  pkcs8: () => 'PRIVATE KEY',
  pkcs1: (priv) => (priv ? 'RSA PRIVATE KEY' : 'RSA PUBLIC KEY'),
  sec1: () => 'EC PRIVATE KEY',
};

export function encodeKey(key: KeyData, type: KeyEncoding, format: 'pem' | 'der'): Uint8Array | string {
  const priv = isPrivate(key);
  let der: Uint8Array;
  if (type === 'spki' && !priv) der = spki(key);
  else if (type === 'pkcs8' && priv) der = pkcs8(key);
  else if (type === 'pkcs1' && key.kind === 'rsa') der = priv ? rsaPrivate(key) : rsaPublic(key);
  else if (type === 'sec1' && key.kind === 'ec' && priv) der = sec1(key, true);
  else
    throw nodeError(
      Error,
      'ERR_CRYPTO_INCOMPATIBLE_KEY_OPTIONS',
      `The selected key encoding ${type} ${type === 'pkcs1' ? 'can only be used for RSA keys' : type === 'sec1' ? 'can only be used for EC keys' : 'is not supported for this key'}.`,
    );
  return format === 'pem' ? toPem(PEM_LABELS[type](priv), der) : der;
}

// ---- reading ----

function rsaFromPkcs1(der: Uint8Array, kind: 'rsa' | 'rsa-pss', priv: boolean): RsaKey {
  const values = children(parse(der)).map(readInt);
  if (!priv) return { kind, n: values[0] ?? 0n, e: values[1] ?? 0n };
  const [, n = 0n, e = 0n, d, p, q, dp, dq, qi] = values;
  return { kind, n, e, d, p, q, dp, dq, qi };
}

function ecFromSec1(der: Uint8Array, curve: CurveName | undefined): EcKey {
  const fields = children(parse(der));
  const priv = contents(fields[1]);
  let named = curve;
  let pub: Uint8Array | undefined;
  for (const field of fields.slice(2)) {
    if (field.type === 0) named = curveName(Object.entries(CURVES).find(([, c]) => c.oid === readOid(children(field)[0]))?.[0]);
    if (field.type === 1) pub = readBits(children(field)[0]);
  }
  if (!named) throw unsupportedKey();
  return { kind: 'ec', curve: named, priv, pub: pub ?? CURVES[named].impl.getPublicKey(priv, false) };
}

function algorithmFrom(node: Asn1): { kind: KeyData['kind']; curve?: CurveName; params?: Asn1 } {
  const [id, params] = children(node);
  const dotted = readOid(id);
  if (dotted === RSA) return { kind: 'rsa' };
  if (dotted === RSA_PSS) return { kind: 'rsa-pss' };
  if (dotted === DH) return { kind: 'dh', params };
  if (dotted === DSA) return { kind: 'dsa', params };
  if (dotted === EC) {
    const curve = Object.entries(CURVES).find(([, c]) => c.oid === readOid(params))?.[0] as CurveName | undefined;
    if (!curve) throw nodeError(TypeError, 'ERR_OSSL_EC_UNKNOWN_GROUP', 'error:0680007B:asn1 encoding routines::unknown group');
    return { kind: 'ec', curve };
  }
  const okp = Object.entries(OKP).find(([, entry]) => entry.oid === dotted)?.[0] as OkpName | undefined;
  if (!okp) throw unsupportedKey();
  return { kind: okp };
}

export function fromSpki(der: Uint8Array): KeyData {
  const [algorithm, key] = children(parse(der));
  if (!algorithm) throw unsupportedKey();
  const { kind, curve, params } = algorithmFrom(algorithm);
  const body = readBits(key);
  if (kind === 'rsa' || kind === 'rsa-pss') return rsaFromPkcs1(body, kind, false);
  if (kind === 'ec') return { kind, curve: curve as CurveName, pub: body };
  if (kind === 'dh') {
    const [prime = 0n, generator = 0n] = children(params).map(readInt);
    return { kind, prime, generator, pub: readInt(parse(body)) };
  }
  if (kind === 'dsa') {
    const [p = 0n, q = 0n, g = 0n] = children(params).map(readInt);
    return { kind, p, q, g, pub: readInt(parse(body)) };
  }
  return { kind, pub: body };
}

export function fromPkcs8(der: Uint8Array): KeyData {
  const [, algorithm, key] = children(parse(der));
  if (!algorithm) throw unsupportedKey();
  const { kind, curve, params } = algorithmFrom(algorithm);
  const inner = contents(key);
  if (kind === 'rsa' || kind === 'rsa-pss') return rsaFromPkcs1(inner, kind, true);
  if (kind === 'ec') return ecFromSec1(inner, curve);
  if (kind === 'dh') {
    const [prime = 0n, generator = 0n] = children(params).map(readInt);
    const priv = readInt(parse(inner));
    return { kind, prime, generator, priv, pub: modPow(generator, priv, prime) };
  }
  if (kind === 'dsa') {
    const [p = 0n, q = 0n, g = 0n] = children(params).map(readInt);
    const priv = readInt(parse(inner));
    return { kind, p, q, g, priv, pub: modPow(g, priv, p) };
  }
  const priv = contents(parse(inner));
  return { kind, priv, pub: OKP[kind].publicOf(priv) };
}

export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
  }
  return result;
}

/** The public key inside an X.509 certificate, as Node's createPublicKey accepts certificates too. */
function spkiOfCertificate(der: Uint8Array): Uint8Array {
  const tbs = children(children(parse(der))[0]);
  const offset = tbs[0]?.tagClass === 0x80 ? 1 : 0;
  const spkiNode = tbs[offset + 5];
  if (!spkiNode) throw unsupportedKey();
  return encode(spkiNode);
}

export function decodeKey(der: Uint8Array, type: string | undefined, wantPrivate: boolean): KeyData {
  try {
    if (type === 'spki') return fromSpki(der);
    if (type === 'pkcs8') return fromPkcs8(der);
    if (type === 'sec1') return ecFromSec1(der, undefined);
    if (type === 'pkcs1') return rsaFromPkcs1(der, 'rsa', children(parse(der)).length > 2);
    if (type === 'certificate') return fromSpki(spkiOfCertificate(der));
    if (type === 'dsa-traditional') {
      // OpenSSL's own DSA private key: SEQUENCE { 0, p, q, g, y, x }.
      const [, p = 0n, q = 0n, g = 0n, pub = 0n, priv] = children(parse(der)).map(readInt);
      return { kind: 'dsa', p, q, g, pub, priv };
    }
    return wantPrivate ? fromPkcs8(der) : fromSpki(der);
  } catch (error) {
    if ((error as { code?: string }).code) throw error;
    throw unsupportedKey();
  }
}

const PEM_TYPES: Record<string, string> = {
  'PUBLIC KEY': 'spki',
  'PRIVATE KEY': 'pkcs8',
  'RSA PUBLIC KEY': 'pkcs1',
  'RSA PRIVATE KEY': 'pkcs1',
  'EC PRIVATE KEY': 'sec1',
  'DSA PRIVATE KEY': 'dsa-traditional',
  CERTIFICATE: 'certificate',
};

export function decodePem(text: string): KeyData {
  const pem = fromPem(text);
  if (!pem) throw nodeError(Error, 'ERR_OSSL_UNSUPPORTED', 'error:1E08010C:DECODER routines::unsupported');
  if (pem.encrypted || pem.label === 'ENCRYPTED PRIVATE KEY') {
    throw nodeError(TypeError, 'ERR_MISSING_PASSPHRASE', 'Passphrase required for encrypted key');
  }
  const type = PEM_TYPES[pem.label];
  if (!type) throw unsupportedKey();
  return decodeKey(pem.der, type, type === 'pkcs8' || pem.label.includes('PRIVATE'));
}

// ---- JWK ----

type Jwk = Record<string, string | undefined>;
const b64 = (value: bigint) => base64url(bigintToBytes(value));
const num = (text: string | undefined) => bytesToBigint(fromBase64url(text ?? ''));

export function toJwk(key: KeyData): Record<string, string> {
  const priv = isPrivate(key);
  if (key.kind === 'rsa') {
    const jwk: Record<string, string> = { kty: 'RSA', n: b64(key.n), e: b64(key.e) };
    if (!priv) return jwk;
    const { d, p, q, dp, dq, qi } = key as Required<RsaKey>;
    return { ...jwk, d: b64(d), p: b64(p), q: b64(q), dp: b64(dp), dq: b64(dq), qi: b64(qi) };
  }
  if (key.kind === 'ec') {
    const size = CURVES[key.curve].size;
    const jwk: Record<string, string> = {
      kty: 'EC',
      crv: CURVES[key.curve].jwk,
      x: base64url(key.pub.subarray(1, 1 + size)),
      y: base64url(key.pub.subarray(1 + size)),
    };
    return priv ? { ...jwk, d: base64url(key.priv as Uint8Array) } : jwk;
  }
  if (key.kind in OKP) {
    const okp = key as OkpKey;
    const crv = OKP[okp.kind].jwk;
    const x = base64url(okp.pub);
    return priv ? { crv, d: base64url(okp.priv as Uint8Array), x, kty: 'OKP' } : { crv, x, kty: 'OKP' };
  }
  throw nodeError(Error, 'ERR_CRYPTO_JWK_UNSUPPORTED_KEY_TYPE', 'Unsupported JWK Key Type.');
}

export function fromJwk(jwk: Jwk, wantPrivate: boolean): KeyData {
  const priv = wantPrivate && jwk.d !== undefined;
  if (jwk.kty === 'RSA') {
    const key: RsaKey = { kind: 'rsa', n: num(jwk.n), e: num(jwk.e) };
    if (!priv) return key;
    return { ...key, d: num(jwk.d), p: num(jwk.p), q: num(jwk.q), dp: num(jwk.dp), dq: num(jwk.dq), qi: num(jwk.qi) };
  }
  if (jwk.kty === 'EC') {
    const curve = curveName(jwk.crv);
    if (!curve) throw nodeError(TypeError, 'ERR_CRYPTO_INVALID_JWK', 'Invalid JWK EC key');
    const pub = Uint8Array.of(4, ...fromBase64url(jwk.x ?? ''), ...fromBase64url(jwk.y ?? ''));
    return priv ? { kind: 'ec', curve, pub, priv: fromBase64url(jwk.d ?? '') } : { kind: 'ec', curve, pub };
  }
  const okp = Object.entries(OKP).find(([, entry]) => entry.jwk === jwk.crv)?.[0] as OkpName | undefined;
  if (jwk.kty !== 'OKP' || !okp) throw nodeError(TypeError, 'ERR_CRYPTO_INVALID_JWK', 'Invalid JWK data');
  const pub = fromBase64url(jwk.x ?? '');
  return priv ? { kind: okp, pub, priv: fromBase64url(jwk.d ?? '') } : { kind: okp, pub };
}
