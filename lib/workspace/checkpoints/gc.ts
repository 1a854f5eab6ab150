/**
 * Keeping checkpoint storage bounded: a cap on how many checkpoints a workspace keeps and on the bytes of
 * their distinct contents. Over either, the oldest automatic ones go first (turn, auto, before-restore,
 * import, template); named ones are the user's and are never dropped, nor is the newest. A dropped
 * checkpoint's changes move into the checkpoint built on it, so that one still resolves to the same files;
 * then whatever no remaining checkpoint needs (bases, blobs) is deleted.
 */
import { workspaceRange, type TabsmithDB } from '../db';
import { composeDeltas } from './manifests';
import type { CheckpointBase, CheckpointRecord } from './types';

interface CheckpointLimits {
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
function usageOf(
  records: Iterable<CheckpointRecord>,
  bases: ReadonlyMap<string, CheckpointBase>,
): { usage: number; hashes: Set<string>; baseIds: Set<string> } {
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

/**
 * Takes `id` out of `records`: the checkpoints built on it get its changes and its parent. Returns the ids
 * of the records that changed.
 */
function splice(records: Map<string, CheckpointRecord>, id: string): string[] {
  const dropped = records.get(id);
  if (!dropped) return [];
  records.delete(id);
  const changed: string[] = [];
  for (const [childId, child] of records) {
    if (child.parent !== id) continue;
    records.set(childId, { ...child, parent: dropped.parent, delta: composeDeltas(dropped.delta, child.delta) });
    changed.push(childId);
  }
  return changed;
}

interface GcPlan {
  kept: Map<string, CheckpointRecord>;
  /** Kept records whose parent or delta changed (to write back). */
  rewritten: Set<string>;
}

/** Drops `explicit`, then the oldest automatic checkpoints until both caps hold (or only named and the newest are left). */
function planCollection(
  records: readonly CheckpointRecord[],
  bases: ReadonlyMap<string, CheckpointBase>,
  caps: CheckpointLimits,
  explicit: readonly string[] = [],
): GcPlan {
  const sorted = [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const kept = new Map(sorted.map((record) => [record.id, record]));
  const rewritten = new Set<string>();
  const drop = (id: string) => {
    for (const changed of splice(kept, id)) rewritten.add(changed);
    rewritten.delete(id);
  };
  for (const id of explicit) drop(id);
  const newest = sorted[sorted.length - 1]?.id;
  const over = () => kept.size > caps.maxCount || usageOf(kept.values(), bases).usage > caps.maxBytes;
  while (over()) {
    const victim = [...kept.values()].find((record) => record.kind !== 'named' && record.id !== newest);
    if (!victim) break;
    drop(victim.id);
  }
  return { kept, rewritten };
}

/**
 * Drops `explicit` and applies the caps, then deletes everything no kept checkpoint needs, in one transaction.
 * Returns the bytes and the number of the kept checkpoints.
 */
export async function collectGarbage(
  db: TabsmithDB,
  workspaceId: string,
  caps: CheckpointLimits = limits,
  explicit: readonly string[] = [],
): Promise<{ usage: number; count: number }> {
  const tx = db.transaction(['checkpoints', 'checkpointBases', 'blobs'], 'readwrite');
  const range = workspaceRange(workspaceId);
  const [records, baseList, blobKeys] = await Promise.all([
    tx.objectStore('checkpoints').getAll(range),
    tx.objectStore('checkpointBases').getAll(range),
    tx.objectStore('blobs').getAllKeys(range),
  ]);
  const bases = new Map(baseList.map((base) => [base.id, base]));
  const { kept, rewritten } = planCollection(records, bases, caps, explicit);
  const { usage, hashes, baseIds } = usageOf(kept.values(), bases);
  const ignore = () => undefined;
  const store = tx.objectStore('checkpoints');
  for (const record of records) if (!kept.has(record.id)) store.delete([workspaceId, record.id]).catch(ignore);
  for (const id of rewritten) {
    const record = kept.get(id);
    if (record) store.put(record).catch(ignore);
  }
  for (const id of bases.keys()) if (!baseIds.has(id)) tx.objectStore('checkpointBases').delete([workspaceId, id]).catch(ignore);
  for (const key of blobKeys) if (!hashes.has(key[1])) tx.objectStore('blobs').delete(key).catch(ignore);
  await tx.done;
  return { usage, count: kept.size };
}

/** The bytes and number of the workspace's checkpoints now, read without changing anything. */
export async function measureUsage(db: TabsmithDB, workspaceId: string): Promise<{ usage: number; count: number }> {
  const tx = db.transaction(['checkpoints', 'checkpointBases'], 'readonly');
  const range = workspaceRange(workspaceId);
  const [records, baseList] = await Promise.all([tx.objectStore('checkpoints').getAll(range), tx.objectStore('checkpointBases').getAll(range), tx.done]);
  return { usage: usageOf(records, new Map(baseList.map((base) => [base.id, base]))).usage, count: records.length };
}
