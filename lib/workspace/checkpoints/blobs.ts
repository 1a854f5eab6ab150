/**
 * Checkpointed contents, content-addressed: one value per distinct SHA-256 per workspace, so a file that did not
 * change between checkpoints costs nothing. Large contents are stored in pieces (same limits and reasons as
 * chunks.ts: no single value near the browser's limit), each piece in its own short transaction.
 */
import { asBytes, byteLength, CHUNK_BYTES, CHUNK_FROM_BYTES } from '../chunks';
import { tightBytes, type TabsmithDB } from '../db';
import type { FileContent } from '../types';

/** Every piece key of one blob. */
function blobRange(workspaceId: string, hash: string): IDBKeyRange {
  return IDBKeyRange.bound([workspaceId, hash, 0], [workspaceId, hash, []]);
}

export function isLargeContent(content: FileContent): boolean {
  return byteLength(content) >= CHUNK_FROM_BYTES;
}

/** The hashes among `hashes` that have no stored blob yet. */
export async function missingBlobs(db: TabsmithDB, workspaceId: string, hashes: Iterable<string>): Promise<Set<string>> {
  const wanted = [...new Set(hashes)];
  if (wanted.length === 0) return new Set();
  const tx = db.transaction('blobs', 'readonly');
  const found = await Promise.all(wanted.map((hash) => tx.store.getKey([workspaceId, hash, 0])));
  await tx.done;
  return new Set(wanted.filter((_, index) => found[index] === undefined));
}

/**
 * Writes one large blob's pieces, one transaction each; its piece 0 goes last, so a blob is only "present"
 * (missingBlobs) once all of it is stored, and pieces a crash left behind are dropped by collectGarbage.
 */
export async function writeLargeBlob(db: TabsmithDB, workspaceId: string, hash: string, content: FileContent): Promise<void> {
  const bytes = asBytes(content);
  const count = Math.max(1, Math.ceil(bytes.byteLength / CHUNK_BYTES));
  for (let index = count - 1; index >= 0; index--) {
    const tx = db.transaction('blobs', 'readwrite');
    tx.store.put(bytes.slice(index * CHUNK_BYTES, (index + 1) * CHUNK_BYTES), [workspaceId, hash, index]).catch(() => undefined);
    await tx.done;
  }
}

/** A small blob is one value; its write joins the caller's transaction. */
export function smallBlobValue(content: FileContent): FileContent {
  return tightBytes(content);
}

/** From this many blobs on, it may pay to read the workspace's blobs in one range read (see readBlobs). */
const RANGE_READ_FROM = 64;

/**
 * Many blobs at once, in one transaction (a diff or a restore of a thousand files is one round of reads).
 * When they are a third or more of the workspace's stored pieces, one read of the whole range is several
 * times quicker than a read per blob, and reads at most three times what is needed.
 */
export async function readBlobs(db: TabsmithDB, workspaceId: string, hashes: Iterable<string>): Promise<Map<string, FileContent>> {
  const wanted = [...new Set(hashes)];
  const tx = db.transaction('blobs', 'readonly');
  const range = IDBKeyRange.bound([workspaceId], [workspaceId, []]);
  const keys = wanted.length >= RANGE_READ_FROM ? await tx.store.getAllKeys(range) : null;
  let pieces: FileContent[][];
  if (keys && wanted.length * 3 >= keys.length) {
    const values = await tx.store.getAll(range);
    const byHash = new Map<string, FileContent[]>();
    keys.forEach((key, index) => {
      const list = byHash.get(key[1]) ?? [];
      list.push(values[index] as FileContent);
      byHash.set(key[1], list);
    });
    pieces = wanted.map((hash) => byHash.get(hash) ?? []);
  } else {
    pieces = await Promise.all(wanted.map((hash) => tx.store.getAll(blobRange(workspaceId, hash))));
  }
  await tx.done;
  const out = new Map<string, FileContent>();
  for (const [index, hash] of wanted.entries()) {
    const parts = pieces[index] ?? [];
    if (parts.length === 0) throw new Error(`checkpoint content ${hash.slice(0, 12)} is missing`);
    out.set(hash, parts.length === 1 ? (parts[0] as FileContent) : joinPieces(parts));
  }
  return out;
}

function joinPieces(pieces: readonly FileContent[]): Uint8Array {
  const parts = pieces.map(asBytes);
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}
