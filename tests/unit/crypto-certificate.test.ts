import { Buffer } from 'node:buffer';
import * as nodeCrypto from 'node:crypto';
import { Transform, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { cryptoModule } from '../../lib/runtime-frame/offline/node/crypto';
import { bits, nul, oid, seq, tlv } from '../../lib/runtime-frame/offline/node/crypto-der';

interface CertificateApi {
  verifySpkac(spkac: unknown): boolean;
  exportPublicKey(spkac: unknown): Buffer | string;
  exportChallenge(spkac: unknown): Buffer | string;
}
const crypto = cryptoModule({}, Buffer as never, { Transform, Writable } as never) as unknown as { Certificate: CertificateApi & (() => CertificateApi) };

/** An SPKAC as a browser's <keygen> made them: the key and challenge, signed with the key (SHA-256 with RSA). */
function spkacFor(challenge: string) {
  const { publicKey, privateKey } = nodeCrypto.generateKeyPairSync('rsa', { modulusLength: 1024 });
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  const signed = seq(spki, tlv(0x16, Buffer.from(challenge)));
  const signature = nodeCrypto.sign('sha256', signed, privateKey);
  const der = seq(signed, seq(oid('1.2.840.113549.1.1.11'), nul()), bits(signature));
  return { spkac: Buffer.from(der).toString('base64'), pem: publicKey.export({ type: 'spki', format: 'pem' }) };
}

describe('crypto.Certificate in the offline runtime', () => {
  it('reads the challenge and key of an SPKAC and checks its signature', () => {
    const { spkac, pem } = spkacFor('this-is-a-challenge');
    const certificate = crypto.Certificate();
    expect(certificate.verifySpkac(Buffer.from(spkac))).toBe(true);
    expect(certificate.exportChallenge(spkac).toString()).toBe('this-is-a-challenge');
    expect(crypto.Certificate.exportPublicKey(spkac).toString()).toBe(pem);
    const forged = Buffer.from(spkac, 'base64');
    forged.writeUInt8((forged.at(-1) ?? 0) ^ 1, forged.length - 1);
    expect(crypto.Certificate.verifySpkac(forged.toString('base64'))).toBe(false);
    expect(crypto.Certificate.exportChallenge('not an spkac')).toBe('');
    expect(() => crypto.Certificate.verifySpkac(1)).toThrow(expect.objectContaining({ code: 'ERR_INVALID_ARG_TYPE' }));
  });
});
