/**
 * The workspace's PersistenceSink over IndexedDB. The store calls putFile/deletePath/putState as things
 * change; they are queued, debounced and written as ONE transaction per batch (runtimes.md: one transaction
 * for 1,000 files is ~8x faster than awaited puts). Failed batches (storage full) stay queued and are retried
 * with the next change, so the workspace keeps working in memory and nothing is dropped silently.
 */
import { subtreeRange, tightBytes, workspaceRange, type StoredFile, type TabsmithDB } from './db';
import { WorkspaceError, type FileContent, type PersistedState, type PersistenceSink } from './types';
import { errorMessage } from '../error-message';

export const DEBOUNCE_MS = 300;
/** Under a steady stream of edits a pure debounce would never fire; write at least this often. */
export const MAX_WAIT_MS = 2000;

export const QUOTA_MESSAGE =
  'Browser storage is full: recent changes are kept in this tab but not saved. Free space or export the workspace.';

/** The sink plus what open.ts and the UI need beyond the shared contract. */
export interface WorkspacePersistence extends PersistenceSink {
  /** Called after each batch commits (a UI can clear a persistence error on it). */
  onSaved(listener: () => void): () => void;
  /** Stops writing for good and drops the queue (the lock was taken over by another tab). */
  suspend(): void;
  /** Queued operations not yet committed (for tests and a "saving…" indicator). */
  pendingCount(): number;
}

export interface PersistenceOptions {
  debounceMs?: number;
  maxWaitMs?: number;
}

type Op = { kind: 'put'; path: string; content: FileContent; at: number } | { kind: 'delete'; path: string };

/** node_modules is reinstalled on open and .git is never mirrored: neither is ever persisted. */
export function isPersistablePath(path: string): boolean {
  if (!path.startsWith('/') || path === '/') return false;
  return !path.split('/').some((segment) => segment === 'node_modules' || segment === '.git');
}

export function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  // Chromium/Safari: QuotaExceededError (legacy code 22); Firefox: NS_ERROR_DOM_QUOTA_REACHED (code 1014).
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014;
}

function describeWriteError(errors: unknown[]): string {
  if (errors.some(isQuotaError)) return QUOTA_MESSAGE;
  const first = errors.find((e) => e instanceof Error && e.name !== 'AbortError') ?? errors[0];
  const detail = errorMessage(first);
  return `Could not save to browser storage (${detail}): recent changes are kept in this tab but not saved. Export the workspace to keep a copy.`;
}

export function createPersistence(db: TabsmithDB, workspaceId: string, options: PersistenceOptions = {}): WorkspacePersistence {
  const debounceMs = options.debounceMs ?? DEBOUNCE_MS;
  const maxWaitMs = options.maxWaitMs ?? MAX_WAIT_MS;
  // Keyed so a newer put of the same path replaces the older one; Map keeps insertion order, and
  // delete-then-set moves an entry to the end, so the batch replays in the order things happened.
  let ops = new Map<string, Op>();
  let state: PersistedState | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let firstQueuedAt = 0;
  let suspended = false;
  // Batches are written one after another: a later batch must never commit before an earlier one.
  let chain: Promise<void> = Promise.resolve();
  const errorListeners = new Set<(message: string) => void>();
  const savedListeners = new Set<() => void>();

  function schedule(): void {
    if (suspended) return;
    const now = Date.now();
    if (timer === null) firstQueuedAt = now;
    else clearTimeout(timer);
    const wait = Math.max(0, Math.min(debounceMs, firstQueuedAt + maxWaitMs - now));
    timer = setTimeout(() => {
      timer = null;
      void write();
    }, wait);
  }

  function queue(key: string, op: Op): void {
    ops.delete(key);
    ops.set(key, op);
  }

  function takeBatch(): { batch: Op[]; batchState: PersistedState | null } {
    const batch = [...ops.values()];
    const batchState = state;
    ops = new Map();
    state = null;
    return { batch, batchState };
  }

  /** Puts a failed batch back in front of whatever was queued since, keeping newer values. */
  function requeue(batch: Op[], batchState: PersistedState | null): void {
    const newer = ops;
    ops = new Map();
    for (const op of batch) ops.set(`${op.kind}:${op.path}`, op);
    for (const [key, op] of newer) queue(key, op);
    state ??= batchState;
  }

  async function commit(batch: Op[], batchState: PersistedState | null): Promise<void> {
    const tx = db.transaction(['files', 'state'], 'readwrite');
    const files = tx.objectStore('files');
    const states = tx.objectStore('state');
    // Requests are not awaited one by one (that is the slow path); they run in order inside the transaction.
    const requests: Promise<unknown>[] = [];
    try {
      for (const op of batch) {
        if (op.kind === 'put') {
          const record: StoredFile = { workspaceId, path: op.path, content: tightBytes(op.content), lastModified: op.at };
          requests.push(files.put(record));
        } else {
          requests.push(files.delete([workspaceId, op.path]));
          requests.push(files.delete(subtreeRange(workspaceId, op.path)));
        }
      }
      if (batchState) requests.push(states.put(batchState));
      else if (batch.length > 0) {
        // Keep the workspace list's "last modified" honest without the store having to send state.
        requests.push(
          states.get(workspaceId).then((current) => {
            if (current) return states.put({ ...current, meta: { ...current.meta, updatedAt: Date.now() } });
            return undefined;
          }),
        );
      }
    } catch (error) {
      // A request refused outright (the transaction already aborted): same handling as a failed commit.
      requests.push(Promise.reject(error));
    }
    const results = await Promise.allSettled([...requests, tx.done]);
    const errors = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as unknown);
    if (errors.length > 0) {
      // A failed request aborts the transaction; make sure it is not left open half-done.
      try {
        tx.abort();
      } catch {
        // already aborted or finished
      }
      throw new WorkspaceError(errors.some(isQuotaError) ? 'quota' : 'corrupt', describeWriteError(errors));
    }
  }

  function write(): Promise<void> {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    const run = chain.then(async () => {
      if (suspended) return;
      const { batch, batchState } = takeBatch();
      if (batch.length === 0 && !batchState) return;
      try {
        await commit(batch, batchState);
        for (const listener of savedListeners) listener();
      } catch (error) {
        // Not rescheduled here: retrying a full disk in a loop helps nobody. The next change retries.
        requeue(batch, batchState);
        const message = error instanceof WorkspaceError ? error.message : describeWriteError([error]);
        for (const listener of errorListeners) listener(message);
      }
    });
    chain = run.catch(() => undefined);
    return run;
  }

  return {
    putFile(path, content) {
      if (suspended || !isPersistablePath(path)) return;
      queue(`put:${path}`, { kind: 'put', path, content, at: Date.now() });
      schedule();
    },
    deletePath(path) {
      if (suspended || !isPersistablePath(path)) return;
      // Puts under the deleted folder would be deleted by this op anyway: drop them now.
      for (const [key, op] of ops) if (op.path === path || op.path.startsWith(`${path}/`)) ops.delete(key);
      queue(`delete:${path}`, { kind: 'delete', path });
      schedule();
    },
    putState(next) {
      if (suspended) return;
      state = next;
      schedule();
    },
    flush() {
      return write();
    },
    onError(listener) {
      errorListeners.add(listener);
      return () => errorListeners.delete(listener);
    },
    onSaved(listener) {
      savedListeners.add(listener);
      return () => savedListeners.delete(listener);
    },
    suspend() {
      suspended = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      ops = new Map();
      state = null;
    },
    pendingCount() {
      return ops.size + (state ? 1 : 0);
    },
  };
}

/** A sink that keeps nothing: read-only tabs must never write (another tab owns the workspace). */
export function createNullPersistence(): WorkspacePersistence {
  return {
    putFile() {},
    deletePath() {},
    putState() {},
    flush: () => Promise.resolve(),
    onError: () => () => undefined,
    onSaved: () => () => undefined,
    suspend() {},
    pendingCount: () => 0,
  };
}

export interface LoadedWorkspace {
  state: PersistedState;
  files: { path: string; content: FileContent }[];
}

/** Reads one workspace: its state and every file, in one read transaction. */
export async function loadWorkspace(db: TabsmithDB, id: string): Promise<LoadedWorkspace> {
  const tx = db.transaction(['files', 'state'], 'readonly');
  const [state, records] = await Promise.all([
    tx.objectStore('state').get(id),
    tx.objectStore('files').index('byWorkspace').getAll(id),
    tx.done,
  ]);
  if (!state) throw new WorkspaceError('not-found', 'This workspace no longer exists. It may have been deleted in another tab.');
  return { state, files: records.map(({ path, content }) => ({ path, content })) };
}

/** Every file of a workspace straight from the primary key range (export without opening it). */
export async function loadFiles(db: TabsmithDB, id: string): Promise<{ path: string; content: FileContent }[]> {
  const records = await db.getAll('files', workspaceRange(id));
  return records.map(({ path, content }) => ({ path, content }));
}

/**
 * Flushes when the page is hidden or being unloaded: `pagehide` is the last reliable moment on close, and
 * `visibilitychange` to hidden is often the last one at all on mobile. IndexedDB transactions started here
 * usually commit even as the page goes away.
 */
export function installFlushOnHide(sink: Pick<PersistenceSink, 'flush'>): () => void {
  if (typeof window === 'undefined' || typeof document === 'undefined') return () => undefined;
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') void sink.flush();
  };
  const onPageHide = () => void sink.flush();
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', onPageHide);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', onPageHide);
  };
}
