/**
 * Workspace checkpoints: the workspace's files at a moment (never node_modules), kept in IndexedDB by content
 * hash so unchanged files cost nothing, listed, compared, restored, renamed and deleted. Every operation on a
 * workspace's checkpoints runs one at a time (session.ts).
 */
import { workspaceRange } from '../db';
import { WorkspaceError, type FileContent, type WorkspaceStore } from '../types';
import { checkpointDatabase } from './database';
import { assertOpen, checkpointSide, diffSides, liveSide } from './diff';
import { notifyCheckpoints } from './events';
import { checkpointLimits, collectGarbage } from './gc';
import { toMeta } from './manifests';
import { restoreNow, type RestoreResult } from './restore';
import { invalidate, serialized } from './session';
import { takeNow } from './take';
import { historyEntries } from './transfer';
import { checkpointRequestSchema, type CheckpointMeta, type CheckpointRequest, type FileChange } from './types';

export type { CheckpointKind, CheckpointMeta, FileChange } from './types';
export { setCheckpointDatabase } from './database';
export { subscribeCheckpoints } from './events';
export { configureCheckpoints, DEFAULT_LIMITS } from './gc';

/** Checkpoints the open workspace's files as they are now (pending saves and shell changes included). */
export async function takeCheckpoint(store: WorkspaceStore, request: CheckpointRequest): Promise<CheckpointMeta> {
  const valid = checkpointRequestSchema.parse(request);
  const db = await checkpointDatabase();
  const workspaceId = store.getSnapshot().meta.id;
  const meta = await serialized(workspaceId, (session) => takeNow(db, store, valid, session));
  notifyCheckpoints(workspaceId);
  return meta;
}

/** Newest first. */
export async function listCheckpoints(workspaceId: string): Promise<CheckpointMeta[]> {
  const db = await checkpointDatabase();
  const records = await db.getAll('checkpoints', workspaceRange(workspaceId));
  return records.map(toMeta).sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
}

/** What changed from `from` to `to` (another checkpoint, or 'live': the open workspace now, which `store` is). */
export async function diffCheckpoints(workspaceId: string, from: string, to: string | 'live', store?: WorkspaceStore): Promise<FileChange[]> {
  const db = await checkpointDatabase();
  const live = to === 'live' ? assertOpen(store, workspaceId) : null;
  return serialized(workspaceId, async (session) => {
    const before = await checkpointSide(db, workspaceId, from);
    const after = live ? await liveSide(db, live, workspaceId, session) : await checkpointSide(db, workspaceId, to);
    return diffSides(before, after);
  });
}

/** Puts the checkpoint's files back (only `paths`, files or folders, when given); undoable through `before`. */
export async function restoreCheckpoint(store: WorkspaceStore, id: string, options: { paths?: string[] } = {}): Promise<RestoreResult> {
  const db = await checkpointDatabase();
  const workspaceId = store.getSnapshot().meta.id;
  // Even a restore that fails half-way has taken its 'before-restore' checkpoint.
  return serialized(workspaceId, (session) => restoreNow(db, store, id, options.paths, session)).finally(() => notifyCheckpoints(workspaceId));
}

export async function renameCheckpoint(workspaceId: string, id: string, label: string): Promise<CheckpointMeta> {
  const db = await checkpointDatabase();
  const trimmed = label.trim();
  if (trimmed === '') throw new WorkspaceError('bad-path', 'Give the checkpoint a name.');
  return serialized(workspaceId, async () => {
    const tx = db.transaction('checkpoints', 'readwrite');
    const record = await tx.store.get([workspaceId, id]);
    if (!record) throw new WorkspaceError('not-found', 'This checkpoint no longer exists.');
    const next = { ...record, label: trimmed.slice(0, 500) };
    await Promise.all([tx.store.put(next), tx.done]);
    notifyCheckpoints(workspaceId);
    return toMeta(next);
  });
}

/** The workspace's checkpoints as zip entries under `.tabsmith/history/`, for exportZip's `history` option. */
export async function exportHistory(workspaceId: string): Promise<{ path: string; content: FileContent }[]> {
  const db = await checkpointDatabase();
  return serialized(workspaceId, () => historyEntries(db, workspaceId));
}

/** Deletes one checkpoint and whatever content only it needed. */
export async function deleteCheckpoint(workspaceId: string, id: string): Promise<void> {
  const db = await checkpointDatabase();
  return serialized(workspaceId, async (session) => {
    invalidate(session);
    session.stats = await collectGarbage(db, workspaceId, checkpointLimits(), [id]);
    notifyCheckpoints(workspaceId);
  });
}
