/**
 * Checkpoint records and their file lists. A checkpoint stores its files as the changes against a base (a
 * full list several checkpoints share): taking one where a single file changed writes one small record. A
 * new base is written when the changes since the current one grow past a share of it.
 */
import { workspaceRange, type TabsmithDB } from '../db';
import { WorkspaceError } from '../types';
import type { LatestManifest } from './session';
import type { CheckpointBase, CheckpointMeta, CheckpointRecord, DeltaEntry, ManifestEntry } from './types';

/** Changes since the base allowed before the next checkpoint starts a new base. */
export function maxDelta(baseSize: number): number {
  return 32 + Math.floor(baseSize / 8);
}

export function toMeta(record: CheckpointRecord): CheckpointMeta {
  const { base: _base, delta: _delta, ...meta } = record;
  return meta;
}

export function entriesByPath(entries: Iterable<ManifestEntry>): Map<string, ManifestEntry> {
  const map = new Map<string, ManifestEntry>();
  for (const entry of entries) map.set(entry[0], entry);
  return map;
}

/** The base's files with the delta applied. */
export function applyDelta(base: ReadonlyMap<string, ManifestEntry>, delta: readonly DeltaEntry[]): Map<string, ManifestEntry> {
  const files = new Map(base);
  for (const entry of delta) {
    if (entry[1] === null) files.delete(entry[0]);
    else files.set(entry[0], entry);
  }
  return files;
}

/** What differs in `files` from `base` (null entries for files the base has and `files` has not). */
export function deltaAgainst(base: ReadonlyMap<string, ManifestEntry>, files: ReadonlyMap<string, ManifestEntry>): DeltaEntry[] {
  const delta: DeltaEntry[] = [];
  for (const [path, entry] of files) {
    const old = base.get(path);
    // By content only: a file saved again unchanged is no change (its hash is found again by content next time).
    if (!old || old[1] !== entry[1]) delta.push(entry);
  }
  for (const path of base.keys()) if (!files.has(path)) delta.push([path, null]);
  return delta;
}

export async function getRecord(db: TabsmithDB, workspaceId: string, id: string): Promise<CheckpointRecord> {
  const record = await db.get('checkpoints', [workspaceId, id]);
  if (!record) throw new WorkspaceError('not-found', 'This checkpoint no longer exists.');
  return record;
}

async function getBase(db: TabsmithDB, workspaceId: string, id: string): Promise<CheckpointBase> {
  const base = await db.get('checkpointBases', [workspaceId, id]);
  if (!base) throw new WorkspaceError('corrupt', 'This checkpoint\'s file list is missing.');
  return base;
}

/** A checkpoint's files, by path. */
export async function resolveFiles(db: TabsmithDB, record: CheckpointRecord): Promise<Map<string, ManifestEntry>> {
  const base = await getBase(db, record.workspaceId, record.base);
  return applyDelta(entriesByPath(base.files), record.delta);
}

/** The newest checkpoint (ids sort by time) with its files, or null when the workspace has none. */
export async function loadLatest(db: TabsmithDB, workspaceId: string): Promise<LatestManifest | null> {
  const cursor = await db.transaction('checkpoints').store.openCursor(workspaceRange(workspaceId), 'prev');
  const record = cursor?.value;
  if (!record) return null;
  const base = entriesByPath((await getBase(db, workspaceId, record.base)).files);
  return { id: record.id, baseId: record.base, base, files: applyDelta(base, record.delta) };
}

/** The id of the newest checkpoint, read without its value. */
export async function latestId(db: TabsmithDB, workspaceId: string): Promise<string | null> {
  const cursor = await db.transaction('checkpoints').store.openKeyCursor(workspaceRange(workspaceId), 'prev');
  return cursor ? cursor.primaryKey[1] : null;
}

export async function allRecords(db: TabsmithDB, workspaceId: string): Promise<CheckpointRecord[]> {
  return db.getAll('checkpoints', workspaceRange(workspaceId));
}

let lastStamp = 0;
/** Ids sort in creation order (a time stamp first, never repeated within this tab), then a random part. */
export function newCheckpointId(now: number): string {
  lastStamp = Math.max(lastStamp + 1, now * 1000);
  return `${lastStamp.toString(36).padStart(11, '0')}-${crypto.randomUUID().slice(0, 8)}`;
}

/**
 * The record (and, when due, the new base) for a checkpoint with `files`, building on the newest one. Returns
 * what to store; the caller writes it in its transaction.
 */
export function planRecord(
  meta: CheckpointMeta,
  files: ReadonlyMap<string, ManifestEntry>,
  latest: LatestManifest | null,
): { record: CheckpointRecord; newBase: CheckpointBase | null; latest: LatestManifest } {
  if (latest) {
    const delta = deltaAgainst(latest.base, files);
    if (delta.length <= maxDelta(latest.base.size)) {
      return { record: { ...meta, base: latest.baseId, delta }, newBase: null, latest: { id: meta.id, baseId: latest.baseId, base: latest.base, files } };
    }
  }
  const newBase: CheckpointBase = { workspaceId: meta.workspaceId, id: meta.id, files: [...files.values()] };
  return { record: { ...meta, base: meta.id, delta: [] }, newBase, latest: { id: meta.id, baseId: meta.id, base: files, files } };
}
