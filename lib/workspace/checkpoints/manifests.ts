/**
 * Checkpoint records and their file lists. A checkpoint stores its files as the changes against its parent
 * (the checkpoint before it), and the first of a chain against a base (a full list the chain shares): taking
 * one where a single file changed writes one small record. A new base starts a new chain when the files have
 * drifted far from the current base, so resolving a checkpoint never applies an unbounded pile of changes.
 */
import { workspaceRange, type TabsmithDB } from '../db';
import { WorkspaceError } from '../types';
import type { LatestManifest } from './session';
import type { CheckpointBase, CheckpointMeta, CheckpointRecord, DeltaEntry, ManifestEntry } from './types';

/** Paths that may differ from the base before the next checkpoint starts a new base. */
function maxDrift(baseSize: number): number {
  return 32 + Math.floor(baseSize / 4);
}

export function toMeta(record: CheckpointRecord): CheckpointMeta {
  const { base: _base, parent: _parent, delta: _delta, readAt: _readAt, ...meta } = record;
  return meta;
}

function entriesByPath(entries: Iterable<ManifestEntry>): Map<string, ManifestEntry> {
  const map = new Map<string, ManifestEntry>();
  for (const entry of entries) map.set(entry[0], entry);
  return map;
}

function applyDelta(files: Map<string, ManifestEntry>, delta: readonly DeltaEntry[]): Map<string, ManifestEntry> {
  for (const entry of delta) {
    if (entry[1] === null) files.delete(entry[0]);
    else files.set(entry[0], entry);
  }
  return files;
}

/** What differs in `files` from `from` (null entries for files `from` has and `files` has not). */
function deltaAgainst(from: ReadonlyMap<string, ManifestEntry>, files: ReadonlyMap<string, ManifestEntry>): DeltaEntry[] {
  const delta: DeltaEntry[] = [];
  // By content only: a file saved again unchanged is no change.
  for (const [path, entry] of files) if (from.get(path)?.[1] !== entry[1]) delta.push(entry);
  for (const path of from.keys()) if (!files.has(path)) delta.push([path, null]);
  return delta;
}

/** The changes of `first` then `second`, as one delta (used when the checkpoint between them is dropped). */
export function composeDeltas(first: readonly DeltaEntry[], second: readonly DeltaEntry[]): DeltaEntry[] {
  const byPath = new Map<string, DeltaEntry>();
  for (const entry of first) byPath.set(entry[0], entry);
  for (const entry of second) byPath.set(entry[0], entry);
  return [...byPath.values()];
}

const damaged = () => new WorkspaceError('corrupt', "This checkpoint's file list is damaged or missing.");

/** A checkpoint's files, by path: its base, then every delta from the chain's first checkpoint down to it. */
export async function resolveFiles(
  db: TabsmithDB,
  workspaceId: string,
  id: string,
): Promise<{ record: CheckpointRecord; base: Map<string, ManifestEntry>; files: Map<string, ManifestEntry> }> {
  const tx = db.transaction(['checkpoints', 'checkpointBases'], 'readonly');
  const records = new Map((await tx.objectStore('checkpoints').getAll(workspaceRange(workspaceId))).map((record) => [record.id, record]));
  const record = records.get(id);
  if (!record) throw new WorkspaceError('not-found', 'This checkpoint no longer exists.');
  const chain: CheckpointRecord[] = [];
  for (let current: CheckpointRecord | undefined = record; current; current = current.parent === null ? undefined : records.get(current.parent)) {
    chain.push(current);
    if (current.parent !== null && !records.has(current.parent)) throw damaged();
    if (chain.length > records.size) throw damaged();
  }
  const stored = await tx.objectStore('checkpointBases').get([workspaceId, record.base]);
  if (!stored) throw damaged();
  const base = entriesByPath(stored.files);
  const files = new Map(base);
  for (const link of chain.reverse()) applyDelta(files, link.delta);
  return { record, base, files };
}

/** The newest checkpoint (ids sort by time) with its files, or null when the workspace has none. */
export async function loadLatest(db: TabsmithDB, workspaceId: string): Promise<LatestManifest | null> {
  const id = await latestId(db, workspaceId);
  if (id === null) return null;
  const { record, base, files } = await resolveFiles(db, workspaceId, id);
  return { id, baseId: record.base, base, files, drift: deltaAgainst(base, files).length, readAt: record.readAt };
}

/** The id of the newest checkpoint, read without its value. */
export async function latestId(db: TabsmithDB, workspaceId: string): Promise<string | null> {
  const cursor = await db.transaction('checkpoints').store.openKeyCursor(workspaceRange(workspaceId), 'prev');
  return cursor ? cursor.primaryKey[1] : null;
}

let lastStamp = 0;
/** Ids sort in creation order (a time stamp first, never repeated within this tab), then a random part. */
export function newCheckpointId(now: number): string {
  lastStamp = Math.max(lastStamp + 1, now * 1000);
  return `${lastStamp.toString(36).padStart(11, '0')}-${crypto.randomUUID().slice(0, 8)}`;
}

/**
 * The record (and, when due, the new base) for a checkpoint of `files` read at `readAt`, building on the newest
 * one. Returns what to store; the caller writes it in its transaction.
 */
export function planRecord(
  meta: CheckpointMeta,
  { files, readAt }: { files: ReadonlyMap<string, ManifestEntry>; readAt: number },
  latest: LatestManifest | null,
): { record: CheckpointRecord; newBase: CheckpointBase | null; latest: LatestManifest } {
  if (latest) {
    const drift = deltaAgainst(latest.base, files).length;
    if (drift <= maxDrift(latest.base.size)) {
      const record: CheckpointRecord = { ...meta, base: latest.baseId, parent: latest.id, delta: deltaAgainst(latest.files, files), readAt };
      return { record, newBase: null, latest: { id: meta.id, baseId: latest.baseId, base: latest.base, files, drift, readAt } };
    }
  }
  const newBase: CheckpointBase = { workspaceId: meta.workspaceId, id: meta.id, files: [...files.values()] };
  return {
    record: { ...meta, base: meta.id, parent: null, delta: [], readAt },
    newBase,
    latest: { id: meta.id, baseId: meta.id, base: files, files, drift: 0, readAt },
  };
}
