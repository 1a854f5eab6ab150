/**
 * Large files in IndexedDB. Chromium refuses any single value over ~127 MB (its IPC message limit) and, worse,
 * never settles the refused request; even below that, structuring one 50 MB value blocks the page for
 * hundreds of milliseconds. So files from CHUNK_FROM_BYTES up are stored as CHUNK_BYTES pieces, each in its
 * own short transaction, under a fresh generation number; one last transaction points the file record at the
 * new generation and drops the old one, so a crash half-way leaves the previous version whole. Files over
 * MAX_STORED_FILE_BYTES are refused: the runtime keeps them, the user is told they are not saved.
 */
import type { IDBPObjectStore, StoreNames } from 'idb';
import type { ChunkRef, StoredFile, TabsmithDB, TabsmithSchema } from './db';
import { megabytes } from '../bytes';
import { encodeText } from './content';
import type { FileContent } from './types';

export const CHUNK_BYTES = 4 * 1024 * 1024;
/** Below this a file is one value in its record (fast path: small files go in one batch transaction). */
export const CHUNK_FROM_BYTES = 4 * 1024 * 1024;
/** The documented per-file limit for browser storage. */
export const MAX_STORED_FILE_BYTES = 100 * 1024 * 1024;

export function tooLargeMessage(path: string, bytes: number): string {
  return `${path} (${megabytes(bytes)}) is not saved: browser storage takes files up to ${megabytes(MAX_STORED_FILE_BYTES)}. It stays in this session only and is gone after a reload.`;
}

/** UTF-8 size without encoding when the answer is clear from the length alone. */
export function byteLength(content: FileContent): number {
  if (typeof content !== 'string') return content.byteLength;
  if (content.length * 3 < CHUNK_FROM_BYTES || content.length > MAX_STORED_FILE_BYTES) return content.length;
  return encodeText(content).byteLength;
}

export function asBytes(content: FileContent): Uint8Array {
  return typeof content === 'string' ? encodeText(content) : content;
}

/** Every chunk key of one file, all generations. */
export function fileChunksRange(workspaceId: string, path: string): IDBKeyRange {
  return IDBKeyRange.bound([workspaceId, path], [workspaceId, path, []]);
}

let lastGen = 0;
/** Increasing across sessions (time-based) and within one (counter). */
function nextGen(): number {
  lastGen = Math.max(lastGen + 1, Date.now() * 1000);
  return lastGen;
}

/**
 * Writes the bytes as pieces of a new generation, one transaction per piece (the page stays responsive and no
 * value comes near the browser's limit). Returns the reference the file record must carry.
 */
export async function writeChunks(
  db: TabsmithDB,
  workspaceId: string,
  path: string,
  bytes: Uint8Array,
  durability: IDBTransactionDurability,
  pieceBytes = CHUNK_BYTES,
): Promise<ChunkRef> {
  const gen = nextGen();
  const count = Math.max(1, Math.ceil(bytes.byteLength / pieceBytes));
  for (let index = 0; index < count; index++) {
    const piece = bytes.slice(index * pieceBytes, (index + 1) * pieceBytes);
    const tx = db.transaction('chunks', 'readwrite', { durability });
    tx.store.put(piece, [workspaceId, path, gen, index]).catch(() => undefined);
    await tx.done;
  }
  return { gen, count, size: bytes.byteLength };
}

type ChunkStore = IDBPObjectStore<TabsmithSchema, ArrayLike<StoreNames<TabsmithSchema>>, 'chunks', 'readwrite'>;

/** Inside the record's transaction: drops every generation of the file's chunks except `keep`. */
export function dropOtherGenerations(chunks: ChunkStore, workspaceId: string, path: string, keep: number | null): void {
  if (keep === null) {
    chunks.delete(fileChunksRange(workspaceId, path)).catch(() => undefined);
    return;
  }
  chunks.delete(IDBKeyRange.bound([workspaceId, path], [workspaceId, path, keep], false, true)).catch(() => undefined);
  chunks.delete(IDBKeyRange.bound([workspaceId, path, keep, []], [workspaceId, path, []], true, false)).catch(() => undefined);
}

/** Reassembles a chunked record's bytes (any read transaction over `chunks`, or the database). */
export async function readChunks(db: TabsmithDB, record: StoredFile): Promise<Uint8Array> {
  const ref = record.chunked;
  if (!ref) return asBytes(record.content);
  const { workspaceId, path } = record;
  const pieces = await db.getAll('chunks', IDBKeyRange.bound([workspaceId, path, ref.gen, 0], [workspaceId, path, ref.gen, ref.count - 1]));
  const out = new Uint8Array(ref.size);
  let offset = 0;
  for (const piece of pieces) {
    out.set(piece.subarray(0, Math.min(piece.byteLength, ref.size - offset)), offset);
    offset += piece.byteLength;
  }
  if (pieces.length !== ref.count || offset !== ref.size) throw new Error(`${path}: stored pieces are incomplete`);
  return out;
}

/** Records with their content in place: chunked files read back as bytes. */
export async function withContent(db: TabsmithDB, records: readonly StoredFile[]): Promise<{ path: string; content: FileContent }[]> {
  const out: { path: string; content: FileContent }[] = [];
  for (const record of records) out.push({ path: record.path, content: record.chunked ? await readChunks(db, record) : record.content });
  return out;
}
