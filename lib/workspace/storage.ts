/**
 * How much the browser lets us keep, and for how long. `navigator.storage.persist()` asks the browser not to
 * evict the origin's data under storage pressure (without it, workspaces are "best effort" and may be
 * cleared); `estimate()` gives the origin's usage and quota. Per-workspace usage is summed from the stored
 * records' sizes, since the browser only reports the origin as a whole.
 */
import { byteLength } from './chunks';
import { workspaceRange, type TabsmithDB } from './db';

/** From this share of the quota on, the user is warned (and offered an export) before anything is dropped. */
const WARN_RATIO = 0.8;

export interface StorageFigures {
  /** null: the browser has no StorageManager (or it failed). */
  persisted: boolean | null;
  usage: number | null;
  quota: number | null;
}

/** Asks for persistent storage once it is needed; resolves to whether the origin's storage is persistent. */
export async function requestPersistence(): Promise<boolean | null> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist || !storage.persisted) return null;
  try {
    return (await storage.persisted()) || (await storage.persist());
  } catch {
    return null;
  }
}

export async function estimateStorage(): Promise<Pick<StorageFigures, 'usage' | 'quota'>> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.estimate) return { usage: null, quota: null };
  try {
    const { usage, quota } = await storage.estimate();
    return { usage: usage ?? null, quota: quota ?? null };
  } catch {
    return { usage: null, quota: null };
  }
}

/** Bytes of one workspace's files in browser storage (large files count their chunks' size). */
export async function workspaceUsage(db: TabsmithDB, workspaceId: string): Promise<number> {
  let total = 0;
  let cursor = await db.transaction('files').store.openCursor(workspaceRange(workspaceId));
  while (cursor) {
    const record = cursor.value;
    total += record.size ?? byteLength(record.content);
    cursor = await cursor.continue();
  }
  return total;
}

export function nearlyFull(usage: number | null, quota: number | null): boolean {
  return usage !== null && quota !== null && quota > 0 && usage / quota >= WARN_RATIO;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(bytes < 10 * 1024 ** 2 ? 1 : 0)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}
