/**
 * The workspace's files as the store has persisted them, with their hashes. The store mirrors the runtime
 * (editor saves, agent writes, shell and npm changes through the fs watch) into IndexedDB, never
 * node_modules; flushing it first makes that copy current. The first read in a session reads every record;
 * after that only the paths the runtime's fs watch reported since (the same events the store mirrors its
 * files by), so a checkpoint where one file changed reads one record. A file whose (size, lastModified) this
 * tab has seen before is not hashed again, unless it was written in the millisecond it was read.
 */
import type { RuntimeFs } from '@/lib/runtime/port';
import { readChunks } from '../chunks';
import { subtreeRange, workspaceRange, type StoredFile, type TabsmithDB } from '../db';
import { isInside, isNeverPersisted, tryNormalizeWorkspacePath } from '../paths';
import type { FileContent, WorkspaceStore } from '../types';
import { sha256 } from './hash';
import type { LiveIndex, WorkspaceSession } from './session';
import type { ManifestEntry } from './types';

/** Past this many changed paths one read of everything is quicker than a read per path. */
const FULL_READ_FROM = 200;

export interface LiveFiles {
  files: Map<string, ManifestEntry>;
  /** The stored records read this time (changed files only, after the first read): their content, without another read. */
  records: Map<string, StoredFile>;
  /** When they were read (taken before the store's flush; see hashRecords). */
  readAt: number;
}

function recordContent(db: TabsmithDB, record: StoredFile): Promise<FileContent> {
  return record.chunked ? readChunks(db, record) : Promise.resolve(record.content);
}

function sizeOf(record: StoredFile): number {
  if (record.size !== undefined) return record.size;
  if (record.chunked) return record.chunked.size;
  return typeof record.content === 'string' ? new TextEncoder().encode(record.content).byteLength : record.content.byteLength;
}

function watchIndex(fs: RuntimeFs): LiveIndex {
  const index: LiveIndex = { fs, files: new Map(), read: false, dirty: new Set(), stop: () => undefined };
  index.stop = fs.watch(
    '/',
    (event) => {
      const path = tryNormalizeWorkspacePath(event.path);
      if (path !== null && path !== '/' && !isNeverPersisted(path)) index.dirty.add(path);
    },
    { ignoreNodeModules: true },
  );
  return index;
}

/** Records at `paths` and below them, in one transaction. */
async function readPaths(db: TabsmithDB, workspaceId: string, paths: readonly string[]): Promise<StoredFile[]> {
  const tx = db.transaction('files', 'readonly');
  const found = await Promise.all(
    paths.map(async (path) => {
      const [own, below] = await Promise.all([tx.store.get([workspaceId, path]), tx.store.getAll(subtreeRange(workspaceId, path))]);
      return own ? [own, ...below] : below;
    }),
  );
  await tx.done;
  return found.flat();
}

/**
 * Hashes of `records`, read from the store after `readAt` (this tab's clock, as their lastModified is). A hash is
 * kept for the next checkpoint only when its record was written before that millisecond: a record written in the
 * same millisecond may be followed by another of the same size and the same lastModified, which only its content
 * tells apart (git's "racily clean" files).
 */
async function hashRecords(db: TabsmithDB, records: readonly StoredFile[], session: WorkspaceSession, readAt: number): Promise<ManifestEntry[]> {
  return Promise.all(
    records.map(async (record): Promise<ManifestEntry> => {
      const size = sizeOf(record);
      const known = session.known.get(record.path);
      if (known && known.size === size && known.modified === record.lastModified) return [record.path, known.hash, size, record.lastModified];
      const hash = await sha256(await recordContent(db, record));
      if (record.lastModified < readAt) session.known.set(record.path, { size, modified: record.lastModified, hash });
      else session.known.delete(record.path);
      return [record.path, hash, size, record.lastModified];
    }),
  );
}

/** Flushes the store, then brings this tab's index of its stored files up to date. */
export async function readLive(db: TabsmithDB, store: WorkspaceStore, workspaceId: string, session: WorkspaceSession): Promise<LiveFiles> {
  const fs = store.runtime.fs;
  if (session.live?.fs !== fs) {
    session.live?.stop();
    session.live = watchIndex(fs);
  }
  const index = session.live;
  // Taken before the flush: a change reported from here on stays for the next read.
  const dirty = [...index.dirty];
  index.dirty.clear();
  // Before the flush: a write queued before this moment is in what the flush stores, and one queued after it has
  // a later lastModified than any record read here.
  const readAt = Date.now();
  await store.flush();
  const records = new Map<string, StoredFile>();
  if (!index.read || dirty.length >= FULL_READ_FROM) {
    const all = (await db.getAll('files', workspaceRange(workspaceId))).filter((record) => !isNeverPersisted(record.path));
    for (const record of all) records.set(record.path, record);
    index.files = new Map((await hashRecords(db, all, session, readAt)).map((entry) => [entry[0], entry]));
    index.read = true;
    return { files: new Map(index.files), records, readAt };
  }
  const paths = [...new Set(dirty)];
  if (paths.length > 0) {
    const found = (await readPaths(db, workspaceId, paths)).filter((record) => !isNeverPersisted(record.path));
    for (const path of [...index.files.keys()]) if (paths.some((changed) => isInside(path, changed))) index.files.delete(path);
    for (const record of found) records.set(record.path, record);
    for (const entry of await hashRecords(db, found, session, readAt)) index.files.set(entry[0], entry);
  }
  return { files: new Map(index.files), records, readAt };
}

/** A file's stored content when it was not among the records just read. */
export async function storedContent(db: TabsmithDB, workspaceId: string, path: string, records: ReadonlyMap<string, StoredFile>): Promise<FileContent | null> {
  const record = records.get(path) ?? (await db.get('files', [workspaceId, path]));
  return record ? recordContent(db, record) : null;
}

/** Paths the store re-read on request (not through a watch event): read again at the next checkpoint. */
export function markChanged(session: WorkspaceSession, paths: readonly string[]): void {
  for (const path of paths) session.live?.dirty.add(path);
}
