/**
 * Turns a package tarball into files, byte for byte: integrity check (Subresource Integrity strings, or the
 * registry's old sha1 `shasum`), gunzip, untar. Whatever the archive's top folder is called (`package/` for
 * almost everything, but not always), it is stripped, as npm does. Links and special entries are skipped.
 * The integrity check stays hand-written on Web Crypto because ssri, npm's own library for it, imports Node's
 * `crypto` and minipass streams at load and so cannot be bundled into the browser tab where this runs.
 */
import { gunzipSync } from 'fflate';
import { unpackTar } from 'modern-tar';
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
  const hashes = integrity
    .trim()
    .split(/\s+/)
    .map((item) => {
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

/** The path inside the package, or null for the top folder itself and for paths that would escape it. */
function stripTopFolder(path: string): string | null {
  const parts = path
    .replace(/\\/g, '/')
    .split('/')
    .filter((part) => part !== '' && part !== '.');
  if (parts.length < 2 || parts.includes('..')) return null;
  return parts.slice(1).join('/');
}

/**
 * Regular files of a tar archive, in order. modern-tar applies ustar prefixes, PAX paths and GNU long names;
 * nanotar would not do here, as it ignores the ustar prefix that npm's tar writer uses for paths over 100 bytes.
 */
export async function untar(tar: Uint8Array): Promise<TarEntry[]> {
  const entries: TarEntry[] = [];
  for (const { header, data } of await unpackTar(tar)) {
    if (header.type !== 'file' || !data) continue;
    const path = stripTopFolder(header.name);
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
