/**
 * Checkpoints in an exported zip ("include history"): `.tabsmith/history/checkpoints.json` (every checkpoint
 * and the bases they build on) and `.tabsmith/history/blobs/<sha256>` (each distinct content once). On import
 * that folder is taken out of the workspace's files, checked (schema, every hash against its bytes, every
 * reference present) and stored as the new workspace's checkpoints. A zip without the folder imports as before.
 */
import type { IDBPTransaction, StoreNames } from 'idb';
import { asBytes, CHUNK_BYTES, CHUNK_FROM_BYTES } from '../chunks';
import { workspaceRange, type TabsmithDB, type TabsmithSchema } from '../db';
import { WorkspaceError, type FileContent } from '../types';
import { readBlobs, smallBlobValue } from './blobs';
import { sha256 } from './hash';
import { historyFileSchema, type HistoryFile } from './types';

const HISTORY_FOLDER = '/.tabsmith/history';
const HISTORY_INDEX = `${HISTORY_FOLDER}/checkpoints.json`;
const BLOB_FOLDER = `${HISTORY_FOLDER}/blobs/`;

function isHistoryPath(path: string): boolean {
  return path === HISTORY_FOLDER || path.startsWith(`${HISTORY_FOLDER}/`);
}

/** The workspace's checkpoints as zip entries (empty when it has none). */
export async function historyEntries(db: TabsmithDB, workspaceId: string): Promise<{ path: string; content: FileContent }[]> {
  const tx = db.transaction(['checkpoints', 'checkpointBases'], 'readonly');
  const range = workspaceRange(workspaceId);
  const [records, bases] = await Promise.all([tx.objectStore('checkpoints').getAll(range), tx.objectStore('checkpointBases').getAll(range), tx.done]);
  if (records.length === 0) return [];
  const usedBases = new Set(records.map((record) => record.base));
  const history: HistoryFile = {
    format: 'tabsmith-checkpoints',
    version: 1,
    bases: bases.filter((base) => usedBases.has(base.id)).map(({ workspaceId: _id, ...base }) => base),
    checkpoints: records.map(({ workspaceId: _id, ...record }) => record),
  };
  const hashes = new Set<string>();
  for (const base of history.bases) for (const entry of base.files) hashes.add(entry[1]);
  for (const record of history.checkpoints) for (const entry of record.delta) if (entry[1] !== null) hashes.add(entry[1]);
  const blobs = await readBlobs(db, workspaceId, hashes);
  return [{ path: HISTORY_INDEX, content: JSON.stringify(history) }, ...[...blobs].map(([hash, content]) => ({ path: `${BLOB_FOLDER}${hash}`, content }))];
}

export interface ImportedHistory {
  history: HistoryFile;
  blobs: Map<string, FileContent>;
}

function corrupt(detail: string): WorkspaceError {
  return new WorkspaceError('corrupt', `The archive's checkpoint history is damaged (${detail}). Nothing was imported.`);
}

/**
 * Takes the history folder out of imported files. Returns the workspace's own files and the checked history
 * (null when there is none). Throws `corrupt` when the history is there but cannot be trusted.
 */
export async function splitHistory<T extends { path: string; content: FileContent }>(
  files: readonly T[],
): Promise<{ files: T[]; history: ImportedHistory | null }> {
  const index = files.find((file) => file.path === HISTORY_INDEX);
  if (!index) return { files: [...files], history: null };
  let parsed: HistoryFile;
  try {
    const text = typeof index.content === 'string' ? index.content : new TextDecoder().decode(index.content);
    parsed = historyFileSchema.parse(JSON.parse(text));
  } catch {
    throw corrupt('checkpoints.json is not a valid checkpoint list');
  }
  const blobs = new Map<string, FileContent>();
  for (const file of files) {
    if (!file.path.startsWith(BLOB_FOLDER)) continue;
    const hash = file.path.slice(BLOB_FOLDER.length);
    if ((await sha256(file.content)) !== hash) throw corrupt(`the content stored as ${hash.slice(0, 12)}… does not match its hash`);
    blobs.set(hash, file.content);
  }
  const baseIds = new Set(parsed.bases.map((base) => base.id));
  const hashes = [
    ...parsed.bases.flatMap((base) => base.files.map((entry) => entry[1])),
    ...parsed.checkpoints.flatMap((record) => record.delta.map((entry) => entry[1])),
  ];
  const ids = new Set(parsed.checkpoints.map((record) => record.id));
  const missingBase = parsed.checkpoints.find((record) => !baseIds.has(record.base) || (record.parent !== null && !ids.has(record.parent)));
  if (missingBase) throw corrupt(`checkpoint “${missingBase.label}” builds on one that is not there`);
  const missingBlob = hashes.find((hash) => hash !== null && !blobs.has(hash));
  if (missingBlob) throw corrupt(`content ${missingBlob.slice(0, 12)}… is missing`);
  return { files: files.filter((file) => !isHistoryPath(file.path)), history: { history: parsed, blobs } };
}

type WriteTx = IDBPTransaction<TabsmithSchema, ArrayLike<StoreNames<TabsmithSchema>>, 'readwrite'>;

/** Inside the caller's transaction (the one creating the workspace): the imported history, under `workspaceId`. */
export function writeHistory(tx: WriteTx, workspaceId: string, imported: ImportedHistory): Promise<unknown>[] {
  const writes: Promise<unknown>[] = [];
  for (const base of imported.history.bases) writes.push(tx.objectStore('checkpointBases').put({ ...base, workspaceId }));
  for (const record of imported.history.checkpoints) writes.push(tx.objectStore('checkpoints').put({ ...record, workspaceId }));
  for (const [hash, content] of imported.blobs) {
    const bytes = asBytes(content);
    if (bytes.byteLength < CHUNK_FROM_BYTES) {
      writes.push(tx.objectStore('blobs').put(smallBlobValue(content), [workspaceId, hash, 0]));
      continue;
    }
    for (let index = 0; index * CHUNK_BYTES < bytes.byteLength; index++) {
      writes.push(tx.objectStore('blobs').put(bytes.slice(index * CHUNK_BYTES, (index + 1) * CHUNK_BYTES), [workspaceId, hash, index]));
    }
  }
  return writes;
}
