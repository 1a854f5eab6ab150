/**
 * The few DER pieces key encodings need: a writer for TLVs, integers and OIDs, and a reader on top of
 * node-forge's ASN.1 parser that hands back children and raw contents as bytes. Kept apart so the key codec
 * reads as the structures of RFC 5208/5280/5915/8017/8410, not as byte twiddling.
 */
import forge from 'node-forge';
import { concatBytes } from '../../../bytes';

export type Asn1 = forge.asn1.Asn1;

export const toBinary = (bytes: Uint8Array): string => forge.util.binary.raw.encode(bytes);
export const fromBinary = (text: string): Uint8Array => forge.util.binary.raw.decode(text);

export const concat = (parts: readonly Uint8Array[]): Uint8Array => concatBytes(parts);

function lengthBytes(length: number): Uint8Array {
  if (length < 0x80) return Uint8Array.of(length);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest & 0xff);
  return Uint8Array.of(0x80 | bytes.length, ...bytes);
}

export const tlv = (tag: number, ...contents: Uint8Array[]): Uint8Array => {
  const body = concat(contents);
  return concat([Uint8Array.of(tag), lengthBytes(body.length), body]);
};
export const seq = (...items: Uint8Array[]) => tlv(0x30, ...items);
export const octets = (bytes: Uint8Array) => tlv(0x04, bytes);
export const bits = (bytes: Uint8Array) => tlv(0x03, Uint8Array.of(0), bytes);
export const nul = () => Uint8Array.of(0x05, 0x00);
export const oid = (dotted: string) => tlv(0x06, fromBinary(forge.asn1.oidToDer(dotted).getBytes()));
export const explicit = (tagNumber: number, inner: Uint8Array) => tlv(0xa0 | tagNumber, inner);

export function bigintToBytes(value: bigint, length = 0): Uint8Array {
  let hex = value.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  const bytes = Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
  if (bytes.length >= length) return bytes;
  const padded = new Uint8Array(length);
  padded.set(bytes, length - bytes.length);
  return padded;
}

export function bytesToBigint(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value;
}

export function int(value: bigint): Uint8Array {
  const bytes = value === 0n ? Uint8Array.of(0) : bigintToBytes(value);
  return tlv(0x02, (bytes[0] ?? 0) & 0x80 ? Uint8Array.of(0, ...bytes) : bytes);
}

/** Parses DER; BIT STRING contents stay raw (with the unused-bits byte) rather than being guessed at as ASN.1. */
export function parse(der: Uint8Array): Asn1 {
  // The typings only know the old boolean `strict` argument; forge takes an options object too.
  const fromDer = forge.asn1.fromDer as unknown as (bytes: string, options: object) => Asn1;
  return fromDer(toBinary(der), { decodeBitStrings: false, parseAllBytes: true });
}

export function children(node: Asn1 | undefined): Asn1[] {
  if (!node || !Array.isArray(node.value)) throw new Error('expected a constructed ASN.1 value');
  return node.value as Asn1[];
}

export function contents(node: Asn1 | undefined): Uint8Array {
  if (!node || typeof node.value !== 'string') throw new Error('expected a primitive ASN.1 value');
  return fromBinary(node.value);
}

export const readInt = (node: Asn1 | undefined): bigint => bytesToBigint(contents(node));
export const readOid = (node: Asn1 | undefined): string => forge.asn1.derToOid(toBinary(contents(node)));
export const readBits = (node: Asn1 | undefined): Uint8Array => contents(node).subarray(1);
export const encode = (node: Asn1): Uint8Array => fromBinary(forge.asn1.toDer(node).getBytes());

const base64 = (bytes: Uint8Array) => forge.util.encode64(toBinary(bytes));

export function toPem(label: string, der: Uint8Array): string {
  const body = base64(der)
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n$/, '');
  return `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----\n`;
}

export function fromPem(text: string): { label: string; der: Uint8Array; encrypted: boolean } | undefined {
  const match = /-----BEGIN ([A-Z0-9 ]+)-----\r?\n([\s\S]*?)-----END \1-----/.exec(text);
  if (!match) return undefined;
  const [, label = '', inner = ''] = match;
  const encrypted = /Proc-Type:\s*4,ENCRYPTED/.test(inner);
  const body = inner
    .split(/\r?\n/)
    .filter((line) => !line.includes(':'))
    .join('');
  return { label, der: fromBinary(forge.util.decode64(body)), encrypted };
}

export const base64url = (bytes: Uint8Array) => base64(bytes).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
export const fromBase64url = (text: string) => fromBinary(forge.util.decode64(text.replace(/-/g, '+').replace(/_/g, '/')));
