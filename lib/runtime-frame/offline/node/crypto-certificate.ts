/**
 * crypto.Certificate: reading SPKAC (the signed public key and challenge of HTML's old <keygen>), as Node does:
 * the challenge, the public key as PEM, and whether the signature is the key's own. Unreadable input gives ''
 * (or false), as in Node, never an exception.
 */
import { children, contents, encode, fromBinary, parse, readBits, readOid, toPem } from './crypto-der';
import { fromSpki } from './crypto-key-codec';
import { verifyWith } from './crypto-sign';
import type { BufferClass } from './crypto-keys';
import { invalidArgType, nodeError } from './node-errors';
import forge from 'node-forge';

const SIGNATURE_HASHES: Record<string, string> = {
  '1.2.840.113549.1.1.4': 'md5',
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.113549.1.1.14': 'sha224',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
};

export function certificateClass(Buffer: BufferClass) {
  const spkacBytes = (spkac: unknown, encoding?: string): Uint8Array => {
    let raw: Uint8Array;
    if (typeof spkac === 'string') raw = Buffer.from(spkac, encoding ?? 'utf8');
    else if (ArrayBuffer.isView(spkac)) raw = new Uint8Array(spkac.buffer, spkac.byteOffset, spkac.byteLength);
    else if (spkac instanceof ArrayBuffer) raw = new Uint8Array(spkac);
    else throw invalidArgType('spkac', 'of type string or an instance of ArrayBuffer, Buffer, TypedArray, or DataView', spkac);
    if (raw.length > 2 ** 31 - 1) throw nodeError(RangeError, 'ERR_OUT_OF_RANGE', 'The value of "spkac" is out of range. It must be <= 2147483647.');
    return raw;
  };
  /** The SPKAC's parts, or undefined when it is not one. */
  const read = (spkac: unknown, encoding?: string) => {
    const text = Buffer.from(spkacBytes(spkac, encoding)).toString('latin1').replace(/\s+/g, '');
    try {
      const [signed, algorithm, signature] = children(parse(fromBinary(forge.util.decode64(text))));
      const [spki, challenge] = children(signed);
      if (!signed || !spki || !challenge || !algorithm) return undefined;
      return {
        signed: encode(signed),
        spki: encode(spki),
        challenge: contents(challenge),
        hash: SIGNATURE_HASHES[readOid(children(algorithm)[0])],
        signature: readBits(signature),
      };
    } catch {
      return undefined;
    }
  };
  const verifySpkac = (spkac: unknown, encoding?: string) => {
    const parts = read(spkac, encoding);
    if (!parts?.hash) return false;
    try {
      return verifyWith(parts.hash, parts.signed, fromSpki(parts.spki), parts.signature, {});
    } catch {
      return false;
    }
  };
  const exportPublicKey = (spkac: unknown, encoding?: string) => {
    const parts = read(spkac, encoding);
    return parts ? Buffer.from(toPem('PUBLIC KEY', parts.spki)) : '';
  };
  const exportChallenge = (spkac: unknown, encoding?: string) => {
    const parts = read(spkac, encoding);
    return parts ? Buffer.from(parts.challenge) : '';
  };

  // Node's Certificate works with or without `new`, and its methods are on the class and on instances alike.
  function Certificate(this: unknown): object {
    if (!(this instanceof Certificate)) return new (Certificate as unknown as new () => object)();
    return this as object;
  }
  Object.assign(Certificate.prototype, { verifySpkac, exportPublicKey, exportChallenge });
  return Object.assign(Certificate, { verifySpkac, exportPublicKey, exportChallenge });
}
