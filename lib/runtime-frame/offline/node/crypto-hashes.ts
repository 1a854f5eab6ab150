/**
 * Hash functions by Node's names ('sha256', 'SHA256', 'RSA-SHA256', 'sha3-256', 'md5'), with what signatures
 * need of them: output and block sizes, the OID a PKCS#1 v1.5 DigestInfo names, and a node-forge message
 * digest so forge's PSS and OAEP paddings can use every hash Node offers, not only forge's own.
 */
import forge from 'node-forge';
import { sha1 } from '@noble/hashes/legacy.js';
import { sha224, sha256, sha384, sha512 } from '@noble/hashes/sha2.js';
import { sha3_224, sha3_256, sha3_384, sha3_512 } from '@noble/hashes/sha3.js';
import { fromBinary, toBinary } from './crypto-der';
import { md5 } from './md5';
import { nodeError } from './node-errors';

export interface HashInfo {
  name: string;
  hash: (data: Uint8Array) => Uint8Array;
  outputLen: number;
  blockLen: number;
  oid: string;
}

const entry = (name: string, fn: { (data: Uint8Array): Uint8Array; outputLen: number; blockLen: number }, oid: string): HashInfo => ({
  name,
  hash: (data) => fn(data),
  outputLen: fn.outputLen,
  blockLen: fn.blockLen,
  oid,
});

const HASHES: Record<string, HashInfo> = {
  md5: { name: 'md5', hash: md5, outputLen: 16, blockLen: 64, oid: '1.2.840.113549.2.5' },
  sha1: entry('sha1', sha1, '1.3.14.3.2.26'),
  sha224: entry('sha224', sha224, '2.16.840.1.101.3.4.2.4'),
  sha256: entry('sha256', sha256, '2.16.840.1.101.3.4.2.1'),
  sha384: entry('sha384', sha384, '2.16.840.1.101.3.4.2.2'),
  sha512: entry('sha512', sha512, '2.16.840.1.101.3.4.2.3'),
  'sha3-224': entry('sha3-224', sha3_224, '2.16.840.1.101.3.4.2.7'),
  'sha3-256': entry('sha3-256', sha3_256, '2.16.840.1.101.3.4.2.8'),
  'sha3-384': entry('sha3-384', sha3_384, '2.16.840.1.101.3.4.2.9'),
  'sha3-512': entry('sha3-512', sha3_512, '2.16.840.1.101.3.4.2.10'),
};

export function hashInfo(name: unknown): HashInfo {
  const lower = String(name)
    .toLowerCase()
    .replace(/^rsa-/, '')
    .replace(/withrsaencryption$/, '');
  const found = HASHES[lower] ?? HASHES[lower.replace(/^sha-(\d)/, 'sha$1')];
  if (!found) throw nodeError(TypeError, 'ERR_CRYPTO_INVALID_DIGEST', `Invalid digest: ${String(name)}`);
  return found;
}

/** A node-forge message digest computing `info`'s hash, for forge's padding schemes. */
export function forgeDigest(info: HashInfo): forge.md.MessageDigest {
  let chunks: string[] = [];
  const md = {
    algorithm: info.name,
    digestLength: info.outputLen,
    blockLength: info.blockLen,
    start() {
      chunks = [];
      return md;
    },
    update(message: string, encoding?: string) {
      chunks.push(encoding === 'utf8' ? forge.util.encodeUtf8(message) : message);
      return md;
    },
    digest() {
      return forge.util.createBuffer(toBinary(info.hash(fromBinary(chunks.join('')))));
    },
  };
  return md as unknown as forge.md.MessageDigest;
}
