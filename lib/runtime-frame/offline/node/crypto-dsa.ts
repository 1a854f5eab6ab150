/**
 * DSA signatures (FIPS 186-4) over keys Node reads from PEM/DER, with DER or IEEE P1363 signature encoding.
 * Node can still sign with DSA keys a program brings, though it no longer generates them by default.
 */
import { bigintToBytes, bytesToBigint, children, int, parse, readInt, seq } from './crypto-der';
import { modPow, type DsaKey } from './crypto-key-codec';
import type { HashInfo } from './crypto-hashes';

const bitLength = (value: bigint) => value.toString(2).length;

/** The hash as an integer, cut to the bit length of q as FIPS 186-4 says. */
function digestNumber(key: DsaKey, info: HashInfo, data: Uint8Array): bigint {
  const digest = info.hash(data);
  const excess = digest.length * 8 - bitLength(key.q);
  return excess > 0 ? bytesToBigint(digest) >> BigInt(excess) : bytesToBigint(digest);
}

function randomBelow(limit: bigint): bigint {
  const width = Math.ceil(bitLength(limit) / 8) + 8;
  return (bytesToBigint(globalThis.crypto.getRandomValues(new Uint8Array(width))) % (limit - 1n)) + 1n;
}

export function dsaSign(key: DsaKey, info: HashInfo, data: Uint8Array, p1363: boolean): Uint8Array {
  const { p, q, g } = key;
  const x = key.priv as bigint;
  const z = digestNumber(key, info, data);
  for (;;) {
    const k = randomBelow(q);
    const r = modPow(g, k, p) % q;
    if (r === 0n) continue;
    const s = (modPow(k, q - 2n, q) * (z + x * r)) % q;
    if (s === 0n) continue;
    if (!p1363) return seq(int(r), int(s));
    const size = Math.ceil(bitLength(q) / 8);
    return Uint8Array.of(...bigintToBytes(r, size), ...bigintToBytes(s, size));
  }
}

export function dsaVerify(key: DsaKey, info: HashInfo, data: Uint8Array, signature: Uint8Array, p1363: boolean): boolean {
  const { p, q, g } = key;
  let r: bigint;
  let s: bigint;
  try {
    if (p1363) {
      const size = Math.ceil(bitLength(q) / 8);
      if (signature.length !== size * 2) return false;
      r = bytesToBigint(signature.subarray(0, size));
      s = bytesToBigint(signature.subarray(size));
    } else {
      const [first, second] = children(parse(signature));
      r = readInt(first);
      s = readInt(second);
    }
  } catch {
    return false;
  }
  if (r <= 0n || r >= q || s <= 0n || s >= q) return false;
  const w = modPow(s, q - 2n, q);
  const u1 = (digestNumber(key, info, data) * w) % q;
  const u2 = (r * w) % q;
  return ((modPow(g, u1, p) * modPow(key.pub, u2, p)) % p) % q === r;
}
