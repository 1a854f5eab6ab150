/**
 * The workspace's PersistenceSink over IndexedDB. The store calls putFile/deletePath/putState as things
 * change; they are queued, debounced and written in batches (write-batch.ts: one transaction for the small
 * files, chunks for large ones, each failure isolated). A write that fails or is refused is reported per file
 * (onFileStatus) and in words (onError) and never holds back the writes queued after it. Writes refused for
 * quota are tried again with the next batch; refusals that would fail again (too large) are not.
 */
import { byteLength, MAX_STORED_FILE_BYTES, tooLargeMessage, withContent } from './chunks';
import { workspaceRange, type TabsmithDB } from './db';
import { isNeverPersisted } from './paths';
import { DraftJournal } from './journal';
import { WorkspaceError, type FileContent, type FileStatusUpdate, type PersistedState, type PersistenceSink } from './types';
import { writeBatch, type BatchOutcome, type Op } from './write-batch';
import { errorMessage } from '../error-message';
import { Listeners } from '../runtime/listeners';

export { isQuotaError } from './write-batch';

const DEBOUNCE_MS = 300;
/** Under a steady stream of edits a pure debounce would never fire; write at least this often. */
const MAX_WAIT_MS = 2000;

export const QUOTA_MESSAGE = 'Browser storage is full: recent changes are kept in this tab but not saved. Free space or export the workspace.';

/** The sink plus what open.ts and the UI need beyond the shared contract. */
export interface WorkspacePersistence extends PersistenceSink {
  onFileStatus(listener: (update: FileStatusUpdate) => void): () => void;
  /** Called after each batch commits (a UI can clear a persistence error on it). */
  onSaved(listener: () => void): () => void;
  /** Stops writing for good and drops the queue (the lock was taken over by another tab). */
  suspend(): void;
  /** Queued operations not yet committed (for tests and a "saving…" indicator). */
  pendingCount(): number;
}

interface PersistenceOptions {
  debounceMs?: number;
  maxWaitMs?: number;
  /** Journal of unsaved editor text (default on; tests of the file queue alone may turn it off). */
  journal?: boolean;
}

/** node_modules is reinstalled on open, so it is never persisted (.git is: the repository is part of the project). */
export function isPersistablePath(path: string): boolean {
  if (!path.startsWith('/') || path === '/') return false;
  return !isNeverPersisted(path);
}

function describeFailures(outcome: BatchOutcome): string | null {
  const quota = outcome.failed.some(({ failure }) => failure.code === 'quota');
  if (quota) return QUOTA_MESSAGE;
  const first = outcome.failed[0]?.failure;
  if (first) {
    const more = outcome.failed.length > 1 ? ` (and ${outcome.failed.length - 1} more)` : '';
    return `${first.path}${more} could not be saved: ${first.reason}. It is kept in this tab; export the workspace to keep a copy.`;
  }
  if (outcome.stateError) {
    return `Could not save the workspace's tabs and settings (${errorMessage(outcome.stateError)}); your files are saved.`;
  }
  return null;
}

/** Tells the channel's listeners which paths a batch wrote (read-only tabs follow the writer with it). */
export function savedChannelName(workspaceId: string): string {
  return `tabsmith-saved-${workspaceId}`;
}

export function createPersistence(db: TabsmithDB, workspaceId: string, options: PersistenceOptions = {}): WorkspacePersistence {
  const debounceMs = options.debounceMs ?? DEBOUNCE_MS;
  const maxWaitMs = options.maxWaitMs ?? MAX_WAIT_MS;
  // Keyed so a newer put of the same path replaces the older one; Map keeps insertion order, and
  // delete-then-set moves an entry to the end, so the batch replays in the order things happened.
  let ops = new Map<string, Op>();
  /** Writes refused for quota, tried again (after the fresh ones) with the next batch. */
  const retry = new Map<string, Op>();
  let state: PersistedState | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let firstQueuedAt = 0;
  let suspended = false;
  // Batches are written one after another: a later batch must never commit before an earlier one.
  let chain: Promise<void> = dropOrphanChunks(db, workspaceId).catch(() => undefined);
  const errorListeners = new Listeners<[message: string]>();
  const savedListeners = new Listeners<[]>();
  const statusListeners = new Listeners<[FileStatusUpdate]>();
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(savedChannelName(workspaceId));
  const journal = options.journal === false ? undefined : new DraftJournal(db, workspaceId);

  function schedule(): void {
    if (suspended) return;
    const now = Date.now();
    if (timer === null) firstQueuedAt = now;
    else clearTimeout(timer);
    const wait = Math.max(0, Math.min(debounceMs, firstQueuedAt + maxWaitMs - now));
    timer = setTimeout(() => {
      timer = null;
      void write('default');
    }, wait);
  }

  function queue(key: string, op: Op): void {
    ops.delete(key);
    ops.set(key, op);
    retry.delete(op.path);
  }

  function takeBatch(): { batch: Op[]; batchState: PersistedState | null } {
    // Fresh writes first: a write that failed before must not be the first thing every batch trips over.
    const batch = [...ops.values(), ...retry.values()];
    const batchState = state;
    ops = new Map();
    retry.clear();
    state = null;
    return { batch, batchState };
  }

  function settle(outcome: BatchOutcome, batchState: PersistedState | null): void {
    for (const { op, failure } of outcome.failed) {
      // Quota may free up (the user deletes something): try again later unless a newer write replaced it.
      if (failure.code === 'quota' && !ops.has(`${op.kind}:${op.path}`)) retry.set(op.path, op);
    }
    if (outcome.stateError) state ??= batchState;
    if (outcome.saved.length > 0 || outcome.failed.length > 0) {
      statusListeners.emit({ saved: outcome.saved, failed: outcome.failed.map(({ failure }) => failure) });
    }
    if (outcome.saved.length > 0) channel?.postMessage({ paths: outcome.saved });
    const message = describeFailures(outcome);
    if (message) errorListeners.emit(message);
    else savedListeners.emit();
  }

  function write(durability: IDBTransactionDurability): Promise<void> {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    const run = chain.then(async () => {
      if (suspended) return;
      const { batch, batchState } = takeBatch();
      if (batch.length === 0 && !batchState) return;
      settle(await writeBatch(db, workspaceId, batch, batchState, durability), batchState);
    });
    chain = run.catch(() => undefined);
    return run;
  }

  return {
    putFile(path, content) {
      if (suspended || !isPersistablePath(path)) return;
      const size = byteLength(content);
      if (size > MAX_STORED_FILE_BYTES) {
        // Refused before it is queued: the runtime keeps it, and nothing else waits on it.
        ops.delete(`put:${path}`);
        retry.delete(path);
        const failure = { path, code: 'too-large' as const, reason: tooLargeMessage(path, size) };
        queueMicrotask(() => {
          statusListeners.emit({ saved: [], failed: [failure] });
          errorListeners.emit(failure.reason);
        });
        return;
      }
      queue(`put:${path}`, { kind: 'put', path, content, at: Date.now() });
      schedule();
    },
    deletePath(path) {
      if (suspended || !isPersistablePath(path)) return;
      // Puts under the deleted folder would be deleted by this op anyway: drop them now.
      for (const [key, op] of ops) if (op.path === path || op.path.startsWith(`${path}/`)) ops.delete(key);
      for (const key of [...retry.keys()]) if (key === path || key.startsWith(`${path}/`)) retry.delete(key);
      queue(`delete:${path}`, { kind: 'delete', path });
      schedule();
    },
    putState(next) {
      if (suspended) return;
      state = next;
      schedule();
    },
    flush() {
      return Promise.all([write('strict'), journal?.flush().catch(() => undefined)]).then(() => undefined);
    },
    onError: (listener) => errorListeners.add(listener),
    onFileStatus: (listener) => statusListeners.add(listener),
    onSaved: (listener) => savedListeners.add(listener),
    journal,
    suspend() {
      suspended = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      ops = new Map();
      retry.clear();
      state = null;
      journal?.suspend();
      channel?.close();
    },
    pendingCount() {
      return ops.size + retry.size + (state ? 1 : 0);
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
    onFileStatus: () => () => undefined,
    onSaved: () => () => undefined,
    suspend() {},
    pendingCount: () => 0,
  };
}

interface LoadedWorkspace {
  state: PersistedState;
  files: { path: string; content: FileContent }[];
}

/** Reads one workspace: its state and every file (large ones from their chunks). */
export async function loadWorkspace(db: TabsmithDB, id: string): Promise<LoadedWorkspace> {
  const tx = db.transaction(['files', 'state'], 'readonly');
  const [state, records] = await Promise.all([tx.objectStore('state').get(id), tx.objectStore('files').index('byWorkspace').getAll(id), tx.done]);
  if (!state) throw new WorkspaceError('not-found', 'This workspace no longer exists. It may have been deleted in another tab.');
  return { state, files: await withContent(db, records) };
}

/**
 * Pieces no file record points at: an earlier version of a file that became small again, or a large write
 * cut short by a crash. Only the writer runs this (another tab's write in progress would look orphaned), and
 * only chunk keys and the few large files' records are read.
 */
async function dropOrphanChunks(db: TabsmithDB, id: string): Promise<void> {
  const keys = await db.getAllKeys('chunks', workspaceRange(id));
  const live = new Map<string, number | undefined>();
  for (const path of new Set(keys.map(([, path]) => path))) live.set(path, (await db.get('files', [id, path]))?.chunked?.gen);
  const orphans = keys.filter(([, path, gen]) => live.get(path) !== gen);
  if (orphans.length === 0) return;
  const tx = db.transaction('chunks', 'readwrite');
  for (const key of orphans) tx.store.delete(key).catch(() => undefined);
  await tx.done;
}

/** Every file of a workspace straight from the primary key range (export without opening it). */
export async function loadFiles(db: TabsmithDB, id: string): Promise<{ path: string; content: FileContent }[]> {
  return withContent(db, await db.getAll('files', workspaceRange(id)));
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
