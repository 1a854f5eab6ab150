/**
 * Taking a checkpoint: the store's files now (flushed to IndexedDB first, only changed ones read again),
 * hashed only where their (size, lastModified) is new to this tab, new contents stored once by hash, and one
 * record holding the changes since the previous checkpoint. Then the caps are applied when the workspace went
 * over them.
 */
import type { TabsmithDB } from '../db';
import { WorkspaceError, type FileContent, type WorkspaceStore } from '../types';
import { isQuotaError } from '../write-batch';
import { isLargeContent, missingBlobs, smallBlobValue, writeLargeBlob } from './blobs';
import { checkpointLimits, collectGarbage, measureUsage } from './gc';
import { readLive, storedContent, type LiveFiles } from './live';
import { latestId, loadLatest, newCheckpointId, planRecord } from './manifests';
import type { LatestManifest, WorkspaceSession } from './session';
import type { CheckpointMeta, CheckpointRequest } from './types';

/** The newest checkpoint's files, from this tab's memory when no other tab or operation changed them. */
async function currentLatest(db: TabsmithDB, workspaceId: string, session: WorkspaceSession): Promise<LatestManifest | null> {
  const id = await latestId(db, workspaceId);
  if (session.latest?.id !== id) {
    session.latest = id === null ? null : await loadLatest(db, workspaceId);
    // Fill the hash cache from the manifest: after a reload the first checkpoint need not hash everything. Only
    // files written before the manifest's files were read: the rule the cache keeps within a tab (live.ts).
    const readAt = session.latest?.readAt ?? Number.NEGATIVE_INFINITY;
    for (const [path, hash, size, modified] of session.latest?.files.values() ?? []) {
      if (modified < readAt && !session.known.has(path)) session.known.set(path, { size, modified, hash });
    }
  }
  return session.latest;
}

/** Stores the contents of `hashes` the workspace's blobs do not have yet; returns the small ones and the bytes. */
async function storeNewContents(
  db: TabsmithDB,
  workspaceId: string,
  live: LiveFiles,
  hashes: ReadonlySet<string>,
): Promise<{ small: Map<string, FileContent>; bytes: number }> {
  const missing = await missingBlobs(db, workspaceId, hashes);
  const small = new Map<string, FileContent>();
  let bytes = 0;
  for (const [path, hash, size] of live.files.values()) {
    if (!missing.has(hash)) continue;
    const content = await storedContent(db, workspaceId, path, live.records);
    if (content === null) continue;
    missing.delete(hash);
    bytes += size;
    if (isLargeContent(content)) await writeLargeBlob(db, workspaceId, hash, content);
    else small.set(hash, smallBlobValue(content));
  }
  return { small, bytes };
}

export async function takeNow(db: TabsmithDB, store: WorkspaceStore, request: CheckpointRequest, session: WorkspaceSession): Promise<CheckpointMeta> {
  const workspaceId = store.getSnapshot().meta.id;
  // The newest checkpoint first: after a reload its manifest fills the hash cache the read below uses.
  const latest = await currentLatest(db, workspaceId, session);
  const live = await readLive(db, store, workspaceId, session);
  const fresh = new Set<string>();
  for (const [path, hash] of live.files.values()) if (latest?.files.get(path)?.[1] !== hash) fresh.add(hash);
  const now = Date.now();
  let total = 0;
  for (const entry of live.files.values()) total += entry[2];
  const meta: CheckpointMeta = {
    id: newCheckpointId(now),
    workspaceId,
    kind: request.kind,
    label: request.label,
    createdAt: now,
    conversationId: request.conversationId ?? null,
    messageId: request.messageId ?? null,
    fileCount: live.files.size,
    bytes: total,
  };
  const plan = planRecord(meta, live, latest);
  const persist = async (): Promise<number> => {
    // A hash the previous checkpoint holds under another path is stored already; missingBlobs finds those.
    const { small, bytes } = await storeNewContents(db, workspaceId, live, fresh);
    const tx = db.transaction(['checkpoints', 'checkpointBases', 'blobs'], 'readwrite');
    const ignore = () => undefined;
    for (const [hash, content] of small) tx.objectStore('blobs').put(content, [workspaceId, hash, 0]).catch(ignore);
    if (plan.newBase) tx.objectStore('checkpointBases').put(plan.newBase).catch(ignore);
    tx.objectStore('checkpoints').put(plan.record).catch(ignore);
    await tx.done;
    return bytes;
  };
  const newBytes = await persist().catch(async (error: unknown) => {
    if (!isQuotaError(error)) throw error;
    // Storage is full: make room by dropping the oldest automatic checkpoints (down to half the bytes), then
    // try once more (contents written before the refusal may have gone with them, so they are looked up again).
    const { usage } = session.stats ?? (await measureUsage(db, workspaceId));
    session.stats = await collectGarbage(db, workspaceId, { ...checkpointLimits(), maxBytes: Math.floor(usage / 2) });
    return persist().catch((again: unknown) => {
      if (!isQuotaError(again)) throw again;
      throw new WorkspaceError(
        'quota',
        'Browser storage is full: the checkpoint was not saved. Delete checkpoints you no longer need, or export the workspace and free space.',
      );
    });
  });
  session.latest = plan.latest;

  const stats = session.stats ? { usage: session.stats.usage + newBytes, count: session.stats.count + 1 } : await measureUsage(db, workspaceId);
  const caps = checkpointLimits();
  session.stats = stats.count > caps.maxCount || stats.usage > caps.maxBytes ? await collectGarbage(db, workspaceId, caps) : stats;
  return meta;
}
