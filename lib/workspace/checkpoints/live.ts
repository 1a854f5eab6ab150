/**
 * The workspace's files as the store has persisted them, with their hashes. The store mirrors the runtime
 * (editor saves, agent writes, shell and npm changes through the fs watch) into IndexedDB, never node_modules;
 * flushing it first makes that copy current, and reading it is one range read instead of a round trip to the
 * runtime per file. A file whose (size, lastModified) this tab has seen before is not hashed again.
 */
import { readChunks } from '../chunks';
import { workspaceRange, type StoredFile, type TabsmithDB } from '../db';
import { isNeverPersisted } from '../paths';
import type { FileContent, WorkspaceStore } from '../types';
import { sha256 } from './hash';
import type { WorkspaceSession } from './session';
import type { ManifestEntry } from './types';

export interface LiveFiles {
  files: Map<string, ManifestEntry>;
  /** The stored record of each file, to read its content only when it is needed. */
  records: Map<string, StoredFile>;
}

export function recordContent(db: TabsmithDB, record: StoredFile): Promise<FileContent> {
  return record.chunked ? readChunks(db, record) : Promise.resolve(record.content);
}

/** Pending saves and watch batches first, so what is read is what the runtime holds now. */
export async function settleStore(store: WorkspaceStore): Promise<void> {
  await store.flush();
}

export async function readLive(db: TabsmithDB, workspaceId: string, session: WorkspaceSession): Promise<LiveFiles> {
  const stored = await db.getAll('files', workspaceRange(workspaceId));
  const files = new Map<string, ManifestEntry>();
  const records = new Map<string, StoredFile>();
  const toHash: StoredFile[] = [];
  for (const record of stored) {
    if (isNeverPersisted(record.path)) continue;
    records.set(record.path, record);
    const size = record.size ?? record.chunked?.size ?? (typeof record.content === 'string' ? new TextEncoder().encode(record.content).byteLength : record.content.byteLength);
    const known = session.known.get(record.path);
    if (known && known.size === size && known.modified === record.lastModified) {
      files.set(record.path, [record.path, known.hash, size, record.lastModified]);
    } else {
      toHash.push(record);
    }
  }
  const hashed = await Promise.all(
    toHash.map(async (record): Promise<ManifestEntry> => {
      const content = await recordContent(db, record);
      const hash = await sha256(content);
      const size = typeof content === 'string' ? new TextEncoder().encode(content).byteLength : content.byteLength;
      return [record.path, hash, size, record.lastModified];
    }),
  );
  for (const entry of hashed) {
    files.set(entry[0], entry);
    session.known.set(entry[0], { size: entry[2], modified: entry[3], hash: entry[1] });
  }
  return { files, records };
}
