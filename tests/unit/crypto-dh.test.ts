import { Buffer } from 'node:buffer';
import * as nodeCrypto from 'node:crypto';
import { Transform, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { cryptoModule } from '../../lib/runtime-frame/offline/node/crypto';

type Fn = (...args: unknown[]) => unknown;
type Names = 'createDiffieHellman' | 'getDiffieHellman' | 'createECDH' | 'diffieHellman' | 'generateKeyPairSync';
const crypto = cryptoModule({}, Buffer as never, { Transform, Writable } as never) as unknown as Record<Names, Fn> & { ECDH: Fn & { convertKey: Fn } };
interface Dh {
  generateKeys(encoding?: string): string;
  computeSecret(key: string, inEncoding?: string, outEncoding?: string): string;
  getPrime(encoding?: string): string;
  verifyError: number;
}

describe('Diffie-Hellman in the offline runtime', () => {
  it('has the MODP groups of RFC 2409/3526, prime for prime as Node has them', () => {
    for (const group of ['modp1', 'modp2', 'modp5', 'modp14', 'modp15', 'modp16', 'modp17', 'modp18']) {
      expect((crypto.getDiffieHellman(group) as Dh).getPrime('hex')).toBe(nodeCrypto.getDiffieHellman(group).getPrime('hex'));
    }
  });

  it("agrees on a secret with real Node over modp14, padded to the prime's length", () => {
    const ours = crypto.getDiffieHellman('modp14') as Dh;
    const theirs = nodeCrypto.getDiffieHellman('modp14');
    const ourPublic = ours.generateKeys('hex');
    const theirPublic = theirs.generateKeys('hex');
    const secret = ours.computeSecret(theirPublic, 'hex', 'hex');
    expect(secret).toBe(theirs.computeSecret(ourPublic, 'hex', 'hex'));
    expect(secret.length).toBe(512);
    expect(ours.verifyError).toBe(0);
    expect((crypto.createDiffieHellman('02', 'hex') as Dh).verifyError).not.toBe(0);
  });

  it('computes ECDH secrets Node computes, and converts point formats', () => {
    const ours = crypto.createECDH('prime256v1') as Dh & { getPublicKey(e?: string, f?: string): string };
    const theirs = nodeCrypto.createECDH('prime256v1');
    const ourPublic = ours.generateKeys('hex');
    expect(ours.computeSecret(theirs.generateKeys('hex'), 'hex', 'hex')).toBe(theirs.computeSecret(ourPublic, 'hex', 'hex'));
    const compressed = ours.getPublicKey('hex', 'compressed');
    expect(crypto.ECDH.convertKey(compressed, 'prime256v1', 'hex', 'hex', 'hybrid')).toBe(
      nodeCrypto.ECDH.convertKey(compressed, 'prime256v1', 'hex', 'hex', 'hybrid'),
    );
    expect(() => crypto.ECDH.convertKey(compressed, 'badcurve')).toThrow('Invalid EC curve name');
    expect(() => ours.getPublicKey('hex', 10 as never)).toThrow(expect.objectContaining({ code: 'ERR_CRYPTO_ECDH_INVALID_FORMAT' }));
  });

  it('derives one X25519 secret from either side with crypto.diffieHellman', () => {
    const a = crypto.generateKeyPairSync('x25519') as { publicKey: unknown; privateKey: unknown };
    const b = crypto.generateKeyPairSync('x25519') as { publicKey: unknown; privateKey: unknown };
    const ab = crypto.diffieHellman({ privateKey: a.privateKey, publicKey: b.publicKey }) as Buffer;
    const ba = crypto.diffieHellman({ privateKey: b.privateKey, publicKey: a.publicKey }) as Buffer;
    expect(ab.length).toBe(32);
    expect(ab.equals(ba)).toBe(true);
  });
});
