/**
 * How many bytes a workspace's checkpoints take in IndexedDB, counted as their records serialise (JSON for
 * the records and bases, raw size for contents). An estimate of the same order as the browser's own, used to
 * show that a checkpoint where little changed costs little.
 */
import { byteLength } from '../chunks';
import { workspaceRange, type TabsmithDB } from '../db';

interface CheckpointFootprint {
  records: number;
  bases: number;
  blobs: number;
  total: number;
}

export async function checkpointFootprint(db: TabsmithDB, workspaceId: string): Promise<CheckpointFootprint> {
  const tx = db.transaction(['checkpoints', 'checkpointBases', 'blobs'], 'readonly');
  const range = workspaceRange(workspaceId);
  const [records, bases, blobs] = await Promise.all([
    tx.objectStore('checkpoints').getAll(range),
    tx.objectStore('checkpointBases').getAll(range),
    tx.objectStore('blobs').getAll(range),
    tx.done,
  ]);
  const json = (values: readonly unknown[]) => values.reduce<number>((sum, value) => sum + JSON.stringify(value).length, 0);
  const footprint = { records: json(records), bases: json(bases), blobs: blobs.reduce<number>((sum, blob) => sum + byteLength(blob), 0) };
  return { ...footprint, total: footprint.records + footprint.bases + footprint.blobs };
}
