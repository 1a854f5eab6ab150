import { Buffer } from 'node:buffer';
import * as nodeCrypto from 'node:crypto';
import { Transform, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { cryptoModule } from '../../lib/runtime-frame/offline/node/crypto';

interface CipherLike {
  update(data: unknown, inEncoding?: string, outEncoding?: string): Buffer | string;
  final(encoding?: string): Buffer | string;
  setAAD(aad: Buffer): CipherLike;
  getAuthTag(): Buffer;
  setAuthTag(tag: Buffer): CipherLike;
  setAutoPadding(on: boolean): CipherLike;
}
type Make = (algorithm: string, key: unknown, iv: unknown) => CipherLike;
const crypto = cryptoModule({}, Buffer as never, { Transform, Writable } as never) as unknown as {
  createCipheriv: Make;
  createDecipheriv: Make;
  createSecretKey: (key: Buffer) => unknown;
};
const text = 'The quick brown fox jumps over the lazy dog, twice over: the quick brown fox jumps over the lazy dog.';

function inPieces(cipher: CipherLike, data: Buffer) {
  const parts = [cipher.update(data.subarray(0, 7)), cipher.update(data.subarray(7, 40)), cipher.update(data.subarray(40)), cipher.final()];
  return Buffer.concat(parts as Buffer[]);
}

describe('ciphers in the offline runtime', () => {
  for (const algorithm of ['aes-128-cbc', 'aes-256-cbc', 'aes-192-ecb', 'aes-256-ctr', 'aes-128-cfb']) {
    it(`${algorithm} gives the bytes Node gives, fed in pieces, and decrypts Node's`, () => {
      const info = nodeCrypto.getCipherInfo(algorithm) as { keyLength: number; ivLength?: number };
      const key = nodeCrypto.randomBytes(info.keyLength);
      const iv = info.ivLength ? nodeCrypto.randomBytes(info.ivLength) : null;
      const ours = inPieces(crypto.createCipheriv(algorithm, key, iv), Buffer.from(text));
      const node = nodeCrypto.createCipheriv(algorithm, key, iv);
      expect(ours.toString('hex')).toBe(Buffer.concat([node.update(text), node.final()]).toString('hex'));
      expect(inPieces(crypto.createDecipheriv(algorithm, crypto.createSecretKey(key), iv), ours).toString()).toBe(text);
    });
  }

  it('aes-256-gcm seals with a tag Node accepts and refuses a changed tag', () => {
    const key = nodeCrypto.randomBytes(32);
    const iv = nodeCrypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from('header'));
    const sealed = Buffer.concat([cipher.update(text, 'utf8') as Buffer, cipher.final() as Buffer]);
    const tag = cipher.getAuthTag();
    const node = nodeCrypto.createDecipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from('header')).setAuthTag(tag);
    expect(Buffer.concat([node.update(sealed), node.final()]).toString()).toBe(text);
    const bad = crypto.createDecipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from('header')).setAuthTag(Buffer.alloc(16));
    bad.update(sealed);
    expect(() => bad.final()).toThrow('Unsupported state or unable to authenticate data');
  });

  it("says what is wrong in Node's words: bad padding, key and IV lengths, unknown names", () => {
    const key = Buffer.alloc(16);
    const iv = Buffer.alloc(16);
    const encrypted = Buffer.concat([crypto.createCipheriv('aes-128-cbc', key, iv).update('x'.repeat(16)) as Buffer]);
    const decipher = crypto.createDecipheriv('aes-128-cbc', Buffer.alloc(16, 1), iv);
    decipher.update(Buffer.concat([encrypted, encrypted]));
    expect(() => decipher.final()).toThrow(expect.objectContaining({ code: 'ERR_OSSL_BAD_DECRYPT' }));
    expect(() => crypto.createCipheriv('aes-128-cbc', Buffer.alloc(15), iv)).toThrow(expect.objectContaining({ code: 'ERR_CRYPTO_INVALID_KEYLEN' }));
    expect(() => crypto.createCipheriv('aes-128-cbc', key, Buffer.alloc(8))).toThrow(expect.objectContaining({ code: 'ERR_CRYPTO_INVALID_IV' }));
    expect(() => crypto.createCipheriv('rot13', key, iv)).toThrow(expect.objectContaining({ code: 'ERR_CRYPTO_UNKNOWN_CIPHER' }));
    expect((crypto.createCipheriv('aes-128-cbc', key, iv).update(Buffer.alloc(15), 'hex') as Buffer).length).toBe(0);
  });
});
