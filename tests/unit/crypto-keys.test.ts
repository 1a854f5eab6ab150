import { Buffer } from 'node:buffer';
import * as nodeCrypto from 'node:crypto';
import { Transform, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { cryptoModule } from '../../lib/runtime-frame/offline/node/crypto';
import { int, seq } from '../../lib/runtime-frame/offline/node/crypto-der';
import { fromPkcs8 } from '../../lib/runtime-frame/offline/node/crypto-key-codec';

type Fn = (...args: unknown[]) => unknown;
type Names =
  | 'sign'
  | 'verify'
  | 'generateKeyPairSync'
  | 'generateKeyPair'
  | 'createPublicKey'
  | 'createPrivateKey'
  | 'publicEncrypt'
  | 'privateDecrypt'
  | 'createSign'
  | 'createVerify';
const crypto = cryptoModule({}, Buffer as never, { Transform, Writable } as never) as unknown as Record<Names, Fn>;
const message = Buffer.from('Hello Node.js world!');

function signsAndVerifies(publicKey: unknown, privateKey: unknown, algorithm: string | null = 'sha256') {
  const signature = crypto.sign(algorithm, message, privateKey) as Buffer;
  expect(crypto.verify(algorithm, message, publicKey, signature)).toBe(true);
  expect(crypto.verify(algorithm, Buffer.from('tampered'), publicKey, signature)).toBe(false);
  return signature;
}

/** OpenSSL's traditional DSA private key, SEQUENCE { 0, p, q, g, y, x }, from the numbers of a PKCS#8 one. */
function dsaTraditional(pkcs8: Buffer): Buffer {
  const key = fromPkcs8(pkcs8);
  if (key.kind !== 'dsa') throw new Error('expected a DSA key');
  return Buffer.from(seq(int(0n), int(key.p), int(key.q), int(key.g), int(key.pub), int(key.priv ?? 0n)));
}

describe('crypto key pairs in the offline runtime', () => {
  it('generates an RSA key whose PEM round-trips and whose signatures real Node accepts', () => {
    const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', {
      modulusLength: 1024,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    }) as { publicKey: string; privateKey: string };
    expect(publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    const signature = signsAndVerifies(publicKey, privateKey);
    expect(nodeCrypto.verify('sha256', message, publicKey, signature)).toBe(true);
    const fromNode = nodeCrypto.sign('sha256', message, privateKey);
    expect(crypto.verify('sha256', message, publicKey, fromNode)).toBe(true);
    const reparsed = crypto.createPublicKey(privateKey) as { export(o: object): string; asymmetricKeyDetails: object };
    expect(reparsed.export({ type: 'spki', format: 'pem' })).toBe(publicKey);
    expect(reparsed.asymmetricKeyDetails).toEqual({ modulusLength: 1024, publicExponent: 65537n });
  });

  it('encrypts with OAEP and PKCS#1 v1.5 the way Node decrypts', () => {
    const { publicKey, privateKey } = nodeCrypto.generateKeyPairSync('rsa', { modulusLength: 1024 });
    const pem = privateKey.export({ type: 'pkcs1', format: 'pem' });
    const publicPem = publicKey.export({ type: 'spki', format: 'pem' });
    const ciphertext = crypto.publicEncrypt(publicPem, message) as Buffer;
    expect(nodeCrypto.privateDecrypt(pem, ciphertext).toString()).toBe(message.toString());
    const fromNode = nodeCrypto.publicEncrypt({ key: publicPem, padding: nodeCrypto.constants.RSA_PKCS1_PADDING }, message);
    expect((crypto.privateDecrypt({ key: pem, padding: 1 }, fromNode) as Buffer).toString()).toBe(message.toString());
  });

  it('signs with PSS padding that Node verifies with automatic salt length', () => {
    const { publicKey, privateKey } = nodeCrypto.generateKeyPairSync('rsa', { modulusLength: 1024 });
    const signature = crypto.sign('sha256', message, { key: privateKey.export({ type: 'pkcs8', format: 'pem' }), padding: 6 }) as Buffer;
    expect(nodeCrypto.verify('sha256', message, { key: publicKey, padding: 6 }, signature)).toBe(true);
    const fromNode = nodeCrypto.sign('sha256', message, { key: privateKey, padding: 6, saltLength: 20 });
    expect(crypto.verify('sha256', message, { key: publicKey.export({ type: 'spki', format: 'pem' }), padding: 6 }, fromNode)).toBe(true);
  });

  it('generates EC keys as SEC1 PEM and JWK, and ECDSA signatures interoperate with Node', () => {
    const { publicKey, privateKey } = crypto.generateKeyPairSync('ec', {
      namedCurve: 'prime256v1',
      publicKeyEncoding: { type: 'spki', format: 'der' },
      privateKeyEncoding: { type: 'sec1', format: 'pem' },
    }) as { publicKey: Buffer; privateKey: string };
    expect(privateKey).toMatch(/^-----BEGIN EC PRIVATE KEY-----\n/);
    const nodePublic = nodeCrypto.createPublicKey({ key: publicKey, format: 'der', type: 'spki' });
    const signature = crypto.sign('sha256', message, privateKey) as Buffer;
    expect(nodeCrypto.verify('sha256', message, nodePublic, signature)).toBe(true);
    const p1363 = crypto.sign('sha256', message, { key: privateKey, dsaEncoding: 'ieee-p1363' }) as Buffer;
    expect(p1363.length).toBe(64);
    expect(crypto.verify('sha256', message, { key: publicKey, format: 'der', type: 'spki' }, Buffer.alloc(0))).toBe(false);
    const jwk = crypto.generateKeyPairSync('ec', { namedCurve: 'P-384', publicKeyEncoding: { format: 'jwk' }, privateKeyEncoding: { format: 'jwk' } }) as {
      publicKey: { crv: string; x: string };
      privateKey: { x: string; d: string };
    };
    expect(jwk.publicKey.crv).toBe('P-384');
    expect(jwk.privateKey.x).toBe(jwk.publicKey.x);
    expect(nodeCrypto.createPrivateKey({ key: jwk.privateKey as never, format: 'jwk' }).asymmetricKeyType).toBe('ec');
  });

  it('generates Ed25519 and X25519 KeyObjects; Ed25519 signatures verify in Node', () => {
    const ed = crypto.generateKeyPairSync('ed25519') as {
      publicKey: { type: string; asymmetricKeyType: string; export(o: object): Buffer };
      privateKey: unknown;
    };
    expect(ed.publicKey.type).toBe('public');
    expect(ed.publicKey.asymmetricKeyType).toBe('ed25519');
    const signature = signsAndVerifies(ed.publicKey, ed.privateKey, null);
    const der = ed.publicKey.export({ type: 'spki', format: 'der' });
    expect(nodeCrypto.verify(null, message, { key: der, format: 'der', type: 'spki' }, signature)).toBe(true);
    const x = crypto.generateKeyPairSync('x25519') as { privateKey: { asymmetricKeyType: string; asymmetricKeyDetails: object } };
    expect(x.privateKey.asymmetricKeyType).toBe('x25519');
    expect(x.privateKey.asymmetricKeyDetails).toEqual({});
  });

  it('answers generateKeyPair on a later turn, and util.promisify gives both keys', async () => {
    const { promisify } = await import('node:util');
    const keys = (await promisify(crypto.generateKeyPair as never)('rsa', { modulusLength: 512, publicExponent: 3 } as never)) as {
      publicKey: { asymmetricKeyDetails: object };
      privateKey: unknown;
    };
    expect(keys.publicKey.asymmetricKeyDetails).toEqual({ modulusLength: 512, publicExponent: 3n });
    signsAndVerifies(keys.publicKey, keys.privateKey);
  });

  it('signs and verifies with DSA keys a program brings, in DER and P1363 form, as Node does', () => {
    const { publicKey, privateKey } = nodeCrypto.generateKeyPairSync('dsa', { modulusLength: 1024, divisorLength: 160 });
    const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' });
    const publicDer = publicKey.export({ type: 'spki', format: 'der' });
    const signature = crypto.sign('sha256', message, privatePem) as Buffer;
    expect(nodeCrypto.verify('sha256', message, publicKey, signature)).toBe(true);
    const p1363 = nodeCrypto.sign('sha256', message, { key: privateKey, dsaEncoding: 'ieee-p1363' });
    expect(crypto.verify('sha256', message, { key: publicDer, format: 'der', type: 'spki', dsaEncoding: 'ieee-p1363' }, p1363)).toBe(true);
    expect(crypto.verify('sha256', Buffer.from('other'), { key: publicDer, format: 'der', type: 'spki', dsaEncoding: 'ieee-p1363' }, p1363)).toBe(false);
    expect((crypto.createPublicKey(privatePem) as { asymmetricKeyDetails: object }).asymmetricKeyDetails).toEqual({ modulusLength: 1024, divisorLength: 160 });
    const traditional = nodeCrypto.createPrivateKey(privatePem).export({ type: 'pkcs8', format: 'der' });
    const openssl = `-----BEGIN DSA PRIVATE KEY-----\n${dsaTraditional(traditional).toString('base64')}\n-----END DSA PRIVATE KEY-----\n`;
    expect(crypto.verify('sha256', message, publicKey.export({ type: 'spki', format: 'pem' }), crypto.sign('sha256', message, openssl))).toBe(true);
  });

  it("keeps Node's error codes for keys it cannot read", () => {
    expect(() => crypto.createPublicKey('not a key')).toThrow(expect.objectContaining({ code: 'ERR_OSSL_UNSUPPORTED' }));
    expect(() => crypto.generateKeyPairSync('nope')).toThrow(expect.objectContaining({ code: 'ERR_INVALID_ARG_VALUE' }));
  });
});
