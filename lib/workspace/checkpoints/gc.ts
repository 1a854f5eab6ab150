/**
 * Keeping checkpoint storage bounded: a cap on how many checkpoints a workspace keeps and on the bytes of
 * their distinct contents. Over either, the oldest automatic ones go first (turn, auto, before-restore,
 * import, template); named ones are the user's and are never dropped, nor is the newest. Then whatever no
 * remaining checkpoint needs (bases, blobs) is deleted.
 */
import { workspaceRange, type TabsmithDB } from '../db';
import type { CheckpointBase, CheckpointRecord } from './types';

export interface CheckpointLimits {
  maxCount: number;
  maxBytes: number;
}

export const DEFAULT_LIMITS: CheckpointLimits = { maxCount: 200, maxBytes: 200 * 1024 * 1024 };

let limits: CheckpointLimits = DEFAULT_LIMITS;

export function checkpointLimits(): CheckpointLimits {
  return limits;
}

/** Changes the caps (tests; a future setting). */
export function configureCheckpoints(next: Partial<CheckpointLimits>): void {
  limits = { ...limits, ...next };
}

/** Bytes of the distinct contents `records` need (their deltas and the bases they name). */
export function usageOf(records: readonly CheckpointRecord[], bases: ReadonlyMap<string, CheckpointBase>): { usage: number; hashes: Set<string>; baseIds: Set<string> } {
  const sizes = new Map<string, number>();
  const baseIds = new Set<string>();
  for (const record of records) {
    baseIds.add(record.base);
    for (const entry of record.delta) if (entry[1] !== null) sizes.set(entry[1], entry[2]);
  }
  for (const id of baseIds) for (const entry of bases.get(id)?.files ?? []) sizes.set(entry[1], entry[2]);
  let usage = 0;
  for (const size of sizes.values()) usage += size;
  return { usage, hashes: new Set(sizes.keys()), baseIds };
}

/** The records to keep: oldest automatic ones dropped until both caps hold (or only named and the newest are left). */
export function recordsToKeep(records: readonly CheckpointRecord[], bases: ReadonlyMap<string, CheckpointBase>, caps: CheckpointLimits): CheckpointRecord[] {
  const kept = [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const newest = kept[kept.length - 1]?.id;
  const over = () => kept.length > caps.maxCount || usageOf(kept, bases).usage > caps.maxBytes;
  while (over()) {
    const index = kept.findIndex((record) => record.kind !== 'named' && record.id !== newest);
    if (index === -1) break;
    kept.splice(index, 1);
  }
  return kept;
}

/**
 * Applies the caps and deletes everything no kept checkpoint needs, in one transaction. Returns the bytes the
 * kept checkpoints hold.
 */
export async function collectGarbage(db: TabsmithDB, workspaceId: string, caps: CheckpointLimits = limits): Promise<number> {
  const tx = db.transaction(['checkpoints', 'checkpointBases', 'blobs'], 'readwrite');
  const range = workspaceRange(workspaceId);
  const [records, baseList, blobKeys] = await Promise.all([
    tx.objectStore('checkpoints').getAll(range),
    tx.objectStore('checkpointBases').getAll(range),
    tx.objectStore('blobs').getAllKeys(range),
  ]);
  const bases = new Map(baseList.map((base) => [base.id, base]));
  const kept = recordsToKeep(records, bases, caps);
  const keptIds = new Set(kept.map((record) => record.id));
  const { usage, hashes, baseIds } = usageOf(kept, bases);
  const ignore = () => undefined;
  for (const record of records) if (!keptIds.has(record.id)) tx.objectStore('checkpoints').delete([workspaceId, record.id]).catch(ignore);
  for (const id of bases.keys()) if (!baseIds.has(id)) tx.objectStore('checkpointBases').delete([workspaceId, id]).catch(ignore);
  for (const key of blobKeys) if (!hashes.has(key[1])) tx.objectStore('blobs').delete(key).catch(ignore);
  await tx.done;
  return usage;
}

/** The bytes the workspace's checkpoints hold now, read without changing anything. */
export async function measureUsage(db: TabsmithDB, workspaceId: string): Promise<number> {
  const tx = db.transaction(['checkpoints', 'checkpointBases'], 'readonly');
  const range = workspaceRange(workspaceId);
  const [records, baseList] = await Promise.all([tx.objectStore('checkpoints').getAll(range), tx.objectStore('checkpointBases').getAll(range), tx.done]);
  return usageOf(records, new Map(baseList.map((base) => [base.id, base]))).usage;
}
