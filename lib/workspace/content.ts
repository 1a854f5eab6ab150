/**
 * Bytes → editor text. One pass over the bytes (a strict UTF-8 decode), no per-line work, so a file of
 * several MB opens as fast as it can be read.
 */

/** Only the start is scanned for NUL: enough to catch images, archives and compiled files. */
const NUL_SCAN_BYTES = 8 * 1024;

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

export interface DecodedContent {
  binary: boolean;
  /** The text; '' for binary files (the editor shows a notice instead). */
  text: string;
}

/** Binary = a NUL in the first 8 KB, or bytes that are not valid UTF-8. */
export function decodeContent(bytes: Uint8Array): DecodedContent {
  const scanned = bytes.subarray(0, NUL_SCAN_BYTES);
  if (scanned.includes(0)) return { binary: true, text: '' };
  try {
    return { binary: false, text: strictDecoder.decode(bytes) };
  } catch {
    return { binary: true, text: '' };
  }
}

export function encodeText(text: string): Uint8Array {
  return encoder.encode(text);
}

/**
 * A cheap identity for file bytes (length + FNV-1a), so a watch event for content we already know — the echo of
 * our own write, a touch — is not persisted again. Not a security hash; a collision only costs a missed re-put
 * of a file whose bytes the runtime still holds.
 */
export function fingerprint(bytes: Uint8Array): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) {
    hash ^= bytes[i] ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return `${bytes.length}:${(hash >>> 0).toString(16)}`;
}
