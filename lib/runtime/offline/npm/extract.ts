/**
 * Turns a package tarball into files, byte for byte: integrity check (Subresource Integrity strings, or the
 * registry's old sha1 `shasum`), gunzip, untar. Whatever the archive's top folder is called (`package/` for
 * almost everything, but not always), it is stripped, as npm does. Links and special entries are skipped.
 */
import { gunzipSync } from 'fflate';
import { NpmError } from './errors';

export interface TarEntry {
  /** Path inside the package, without the top folder. */
  path: string;
  data: Uint8Array;
}

const ALGORITHMS: Record<string, string> = { sha512: 'SHA-512', sha384: 'SHA-384', sha256: 'SHA-256', sha1: 'SHA-1' };
const STRENGTH = ['sha512', 'sha384', 'sha256', 'sha1'];

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Checks `data` against an integrity string (`sha512-…`, several separated by spaces; the strongest is used)
 * or `sha1-hex:<hex>` for a bare shasum. Throws EINTEGRITY naming the package when they differ.
 */
export async function verifyIntegrity(data: Uint8Array, integrity: string | undefined, label: string): Promise<void> {
  if (!integrity) return;
  if (integrity.startsWith('sha1-hex:')) {
    const digest = toHex(new Uint8Array(await crypto.subtle.digest('SHA-1', data as BufferSource)));
    if (digest !== integrity.slice('sha1-hex:'.length).toLowerCase()) throw mismatch(label, integrity, `sha1-hex:${digest}`);
    return;
  }
  const hashes = integrity.trim().split(/\s+/).map((item) => {
    const dash = item.indexOf('-');
    return { algorithm: item.slice(0, dash), value: item.slice(dash + 1).split('?')[0] ?? '' };
  });
  for (const algorithm of STRENGTH) {
    const wanted = hashes.filter((hash) => hash.algorithm === algorithm);
    if (wanted.length === 0) continue;
    const digest = toBase64(new Uint8Array(await crypto.subtle.digest(ALGORITHMS[algorithm] as string, data as BufferSource)));
    if (!wanted.some((hash) => hash.value === digest)) throw mismatch(label, integrity, `${algorithm}-${digest}`);
    return;
  }
}

function mismatch(label: string, wanted: string, got: string): NpmError {
  return new NpmError('EINTEGRITY', `Integrity check failed for ${label}: the registry's checksum is ${wanted} but the tarball downloaded has ${got}`);
}

async function gunzip(data: Uint8Array): Promise<Uint8Array> {
  if (typeof DecompressionStream === 'function') {
    try {
      const stream = new Blob([data as BlobPart]).stream().pipeThrough(new DecompressionStream('gzip'));
      return new Uint8Array(await new Response(stream).arrayBuffer());
    } catch {
      // e.g. bytes after the gzip member, which the native decoder rejects; fflate tolerates them
    }
  }
  return gunzipSync(data);
}

const decoder = new TextDecoder();

function readString(bytes: Uint8Array, start: number, length: number): string {
  const field = bytes.subarray(start, start + length);
  const end = field.indexOf(0);
  return decoder.decode(end === -1 ? field : field.subarray(0, end));
}

function readSize(bytes: Uint8Array, start: number): number {
  // GNU base-256 for sizes over 8 GiB-1: the high bit of the first byte is set.
  if ((bytes[start] as number) & 0x80) {
    let value = 0;
    for (let i = start + 1; i < start + 12; i++) value = value * 256 + (bytes[i] as number);
    return value;
  }
  return parseInt(readString(bytes, start, 12).trim() || '0', 8);
}

/** PAX extended header records: `<length> <key>=<value>\n`, lengths in bytes. */
function parsePax(data: Uint8Array): Record<string, string> {
  const out: Record<string, string> = {};
  let offset = 0;
  while (offset < data.length) {
    const space = data.indexOf(0x20, offset);
    if (space === -1) break;
    const length = parseInt(decoder.decode(data.subarray(offset, space)), 10);
    if (!length) break;
    const record = decoder.decode(data.subarray(space + 1, offset + length - 1));
    const eq = record.indexOf('=');
    if (eq > 0) out[record.slice(0, eq)] = record.slice(eq + 1);
    offset += length;
  }
  return out;
}

/** The path inside the package, or null for the top folder itself and for paths that would escape it. */
function stripTopFolder(path: string): string | null {
  const parts = path.replace(/\\/g, '/').split('/').filter((part) => part !== '' && part !== '.');
  if (parts.length < 2 || parts.includes('..')) return null;
  return parts.slice(1).join('/');
}

/** Regular files of a tar archive, in order. */
export function untar(tar: Uint8Array): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  let pax: Record<string, string> = {};
  let longName: string | undefined;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header[0] === 0) break;
    const size = readSize(header, 124);
    const type = String.fromCharCode(header[156] as number);
    const data = tar.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;
    if (type === 'x') {
      pax = parsePax(data);
      continue;
    }
    if (type === 'L') {
      longName = readString(data, 0, data.length);
      continue;
    }
    if (type === 'g' || type === 'K') continue;
    const ustar = readString(header, 257, 5) === 'ustar';
    const prefix = ustar ? readString(header, 345, 155) : '';
    const name = readString(header, 0, 100);
    const fullName = pax.path ?? longName ?? (prefix ? `${prefix}/${name}` : name);
    pax = {};
    longName = undefined;
    if (type !== '0' && type !== '\0' && type !== '7') continue;
    const path = stripTopFolder(fullName);
    if (path) entries.push({ path, data });
  }
  return entries;
}

/** Verified, unpacked files of a `.tgz`. */
export async function unpackTarball(tgz: Uint8Array, integrity: string | undefined, label: string): Promise<TarEntry[]> {
  await verifyIntegrity(tgz, integrity, label);
  let tar: Uint8Array;
  try {
    tar = await gunzip(tgz);
  } catch (error) {
    throw new NpmError('EBADTARBALL', `The tarball of ${label} is not a gzip file: ${error instanceof Error ? error.message : String(error)}`);
  }
  return untar(tar);
}
