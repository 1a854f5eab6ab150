/**
 * What this tab remembers per workspace between checkpoints, so taking one stays cheap: each file's last known
 * (size, lastModified) → hash, the workspace's files as last read with the paths changed since (from the
 * runtime's fs watch), the newest checkpoint's files, and the count and bytes of the workspace's checkpoints.
 * All checkpoint work on one workspace runs one operation at a time through its queue, so a take never reads
 * a manifest a delete is half-way through rewriting.
 */
import type { RuntimeFs } from '@/lib/runtime/port';
import type { ManifestEntry } from './types';

interface KnownHash {
  size: number;
  modified: number;
  hash: string;
}

export interface LatestManifest {
  id: string;
  baseId: string;
  /** The base's files, and the checkpoint's own (base + deltas). */
  base: ReadonlyMap<string, ManifestEntry>;
  files: ReadonlyMap<string, ManifestEntry>;
  /** How many paths differ between the two. */
  drift: number;
  /** When the checkpoint's files were read (see its record's `readAt`). */
  readAt?: number;
}

/** The workspace's stored files as last read, and the paths the runtime reported changed since. */
export interface LiveIndex {
  fs: RuntimeFs;
  files: Map<string, ManifestEntry>;
  /** False until the first full read. */
  read: boolean;
  dirty: Set<string>;
  stop(): void;
}

export interface WorkspaceSession {
  known: Map<string, KnownHash>;
  latest: LatestManifest | null;
  live: LiveIndex | null;
  /** Bytes of the distinct contents and number of the workspace's checkpoints; null until first counted. */
  stats: { usage: number; count: number } | null;
  queue: Promise<unknown>;
}

const sessions = new Map<string, WorkspaceSession>();

function sessionOf(workspaceId: string): WorkspaceSession {
  let session = sessions.get(workspaceId);
  if (!session) {
    session = { known: new Map(), latest: null, live: null, stats: null, queue: Promise.resolve() };
    sessions.set(workspaceId, session);
  }
  return session;
}

/** Runs `task` after every earlier checkpoint operation on the workspace; a failed one does not block the rest. */
export function serialized<T>(workspaceId: string, task: (session: WorkspaceSession) => Promise<T>): Promise<T> {
  const session = sessionOf(workspaceId);
  const result = session.queue.then(() => task(session));
  session.queue = result.catch(() => undefined);
  return result;
}

/** Cached checkpoint facts may be stale (a delete, a cap): they are read from the database again next time. */
export function invalidate(session: WorkspaceSession): void {
  session.latest = null;
  session.stats = null;
}

/** The workspace is gone: forget everything about it. */
export function forgetWorkspace(workspaceId: string): void {
  sessions.get(workspaceId)?.live?.stop();
  sessions.delete(workspaceId);
}
