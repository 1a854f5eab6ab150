/**
 * Restoring a checkpoint, all of it or some paths: a 'before-restore' checkpoint of the current files first
 * (so the restore can itself be undone), then the files that differ are written and the extra ones deleted in
 * the runtime, the way the agent's file tools write. The store's fs watch mirrors that into the tree,
 * IndexedDB and open tabs; a tab with unsaved text gets the store's conflict, never a silent overwrite.
 * Locked files are left as they are.
 */
import type { TabsmithDB } from '../db';
import { dirname, isInside, normalizeWorkspacePath } from '../paths';
import { WorkspaceError, type WorkspaceStore } from '../types';
import { errorMessage } from '../../error-message';
import { readBlobs } from './blobs';
import { markChanged } from './live';
import { resolveFiles } from './manifests';
import type { WorkspaceSession } from './session';
import { takeNow } from './take';
import type { CheckpointMeta, ManifestEntry } from './types';

export interface RestoreResult {
  restored: string[];
  deleted: string[];
  /** The checkpoint of the files as they were just before the restore ("undo" restores it). */
  before: CheckpointMeta;
  /** Paths left alone because they are locked. */
  skipped: string[];
  /** Paths the runtime refused to write or delete, with its reason. */
  failed: { path: string; reason: string }[];
}

const PARALLEL_WRITES = 32;

async function inBatches<T>(items: readonly T[], run: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += PARALLEL_WRITES) await Promise.all(items.slice(i, i + PARALLEL_WRITES).map(run));
}

/** Folders emptied by the deletes that hold nothing of the restored checkpoint: removed too, deepest first. */
async function pruneFolders(store: WorkspaceStore, deleted: readonly string[], target: ReadonlyMap<string, ManifestEntry>): Promise<void> {
  const keep = new Set<string>();
  for (const path of target.keys()) for (let dir = dirname(path); dir !== '/'; dir = dirname(dir)) keep.add(dir);
  const candidates = new Set<string>();
  for (const path of deleted) for (let dir = dirname(path); dir !== '/' && !keep.has(dir); dir = dirname(dir)) candidates.add(dir);
  const deepestFirst = [...candidates].sort((a, b) => b.split('/').length - a.split('/').length);
  for (const dir of deepestFirst) {
    const entries = await store.runtime.fs.readdir(dir).catch(() => null);
    if (entries && entries.length === 0) await store.runtime.fs.rm(dir).catch(() => undefined);
  }
}

/** Paths whose stored copy did not follow (a runtime whose watch missed the write) are re-read explicitly. */
async function confirm(
  db: TabsmithDB,
  store: WorkspaceStore,
  session: WorkspaceSession,
  workspaceId: string,
  written: readonly ManifestEntry[],
  deleted: readonly string[],
): Promise<void> {
  await store.flush();
  const tx = db.transaction('files', 'readonly');
  const paths = [...written.map(([path]) => path), ...deleted];
  const records = await Promise.all(paths.map((path) => tx.store.get([workspaceId, path])));
  await tx.done;
  const stored = new Map(records.filter((record) => record !== undefined).map((record) => [record.path, record.size]));
  const stale = [...written.filter(([path, , size]) => stored.get(path) !== size).map(([path]) => path), ...deleted.filter((path) => stored.has(path))];
  for (const path of stale) await store.refresh(path).catch(() => undefined);
  markChanged(session, stale);
  if (stale.length > 0) await store.flush();
}

export async function restoreNow(
  db: TabsmithDB,
  store: WorkspaceStore,
  id: string,
  paths: readonly string[] | undefined,
  session: WorkspaceSession,
): Promise<RestoreResult> {
  const snapshot = store.getSnapshot();
  if (snapshot.readOnly) throw new WorkspaceError('read-only', 'This workspace is open for writing in another tab: take it over to restore a checkpoint.');
  const workspaceId = snapshot.meta.id;
  const { record, files: target } = await resolveFiles(db, workspaceId, id);
  const before = await takeNow(db, store, { kind: 'before-restore', label: `Before restoring “${record.label}”` }, session);
  const live = session.latest?.files ?? new Map<string, ManifestEntry>();
  const scope = paths?.map(normalizeWorkspacePath);
  const inScope = (path: string) => !scope || scope.some((root) => isInside(path, root));
  const skipped: string[] = [];
  const allowed = (path: string) => {
    if (!inScope(path)) return false;
    if (!store.isLocked(path)) return true;
    skipped.push(path);
    return false;
  };
  const writes = [...target.values()].filter(([path, hash]) => live.get(path)?.[1] !== hash && allowed(path));
  const deletes = [...live.keys()].filter((path) => !target.has(path) && allowed(path));

  const contents = await readBlobs(
    db,
    workspaceId,
    writes.map((entry) => entry[1]),
  );
  const fs = store.runtime.fs;
  const failed: { path: string; reason: string }[] = [];
  // Deletes first: a file that is in the way of a restored folder ("/x" vs "/x/y") is gone before the write.
  await inBatches(deletes, (path) => fs.rm(path).catch((error: unknown) => void failed.push({ path, reason: errorMessage(error) })));
  await inBatches(writes, async ([path, hash]) => {
    const content = contents.get(hash) ?? '';
    // A folder where the checkpoint has a file: the file wins, as it did when the checkpoint was taken.
    await fs
      .writeFile(path, content)
      .catch(async () => {
        await fs.rm(path);
        await fs.writeFile(path, content);
      })
      .catch((error: unknown) => void failed.push({ path, reason: errorMessage(error) }));
  });
  await pruneFolders(store, deletes, target);
  await store.settle();
  await confirm(db, store, session, workspaceId, writes, deletes);
  const failedPaths = new Set(failed.map((failure) => failure.path));
  return {
    restored: writes.map(([path]) => path).filter((path) => !failedPaths.has(path)),
    deleted: deletes.filter((path) => !failedPaths.has(path)),
    before,
    skipped,
    failed,
  };
}
