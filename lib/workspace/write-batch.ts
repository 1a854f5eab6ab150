/**
 * One batch of queued writes into IndexedDB, so that no single write can hold the others back:
 * - only `tx.done` is awaited, with a time limit (Chromium never settles a request whose value is over its
 *   size limit, so awaiting requests could wait forever);
 * - small files and deletes go in one transaction (the fast path); if it fails, each is retried in its own
 *   transaction, so one bad write fails alone;
 * - large files go through chunks.ts, one file at a time.
 * The outcome says, per path, what was saved and what failed and why.
 */
import { megabytes } from '../bytes';
import { asBytes, byteLength, CHUNK_BYTES, CHUNK_FROM_BYTES, dropOtherGenerations, writeChunks } from './chunks';
import { subtreeRange, tightBytes, type StoredFile, type TabsmithDB } from './db';
import type { FileContent, FileFailure, PersistedState } from './types';
import { errorMessage } from '../error-message';

export type Op = { kind: 'put'; path: string; content: FileContent; at: number } | { kind: 'delete'; path: string };

export interface BatchOutcome {
  saved: string[];
  failed: { op: Op; failure: FileFailure }[];
  stateError: unknown;
}

/** A transaction that has not finished by then is aborted and counted as failed (never a stuck queue). */
const TX_TIMEOUT_MS = 30_000;

export function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  // Chromium/Safari: QuotaExceededError (legacy code 22); Firefox: NS_ERROR_DOM_QUOTA_REACHED (code 1014).
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014;
}

class TimeoutError extends Error {
  constructor(ms: number) {
    super(`the browser did not finish the write within ${Math.round(ms / 1000)} s`);
    this.name = 'TimeoutError';
  }
}

/** Waits for a transaction to finish; aborts it when it takes longer than `ms`. */
export async function finished(tx: { done: Promise<void>; abort(): void }, ms = TX_TIMEOUT_MS): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      try {
        tx.abort();
      } catch {
        // already finished
      }
      reject(new TimeoutError(ms));
    }, ms);
  });
  try {
    await Promise.race([tx.done, limit]);
  } finally {
    clearTimeout(timer);
  }
}

function failureOf(path: string, error: unknown): FileFailure {
  if (isQuotaError(error)) return { path, code: 'quota', reason: 'browser storage is full' };
  const detail = error instanceof Error && error.message ? error.message : errorMessage(error);
  return { path, code: 'failed', reason: `browser storage refused it (${detail})` };
}

function record(workspaceId: string, op: Extract<Op, { kind: 'put' }>): StoredFile {
  const content = tightBytes(op.content);
  return { workspaceId, path: op.path, content, lastModified: op.at, size: byteLength(content) };
}

async function commitSmall(
  db: TabsmithDB,
  workspaceId: string,
  ops: readonly Op[],
  state: PersistedState | null,
  durability: IDBTransactionDurability,
): Promise<void> {
  const tx = db.transaction(['files', 'state', 'chunks'], 'readwrite', { durability });
  const files = tx.objectStore('files');
  const ignore = () => undefined;
  try {
    for (const op of ops) {
      if (op.kind === 'put') {
        // Pieces of an earlier, larger version are left to the clean-up on load (loadWorkspace).
        files.put(record(workspaceId, op)).catch(ignore);
      } else {
        files.delete([workspaceId, op.path]).catch(ignore);
        files.delete(subtreeRange(workspaceId, op.path)).catch(ignore);
        dropOtherGenerations(tx.objectStore('chunks'), workspaceId, op.path, null);
        tx.objectStore('chunks').delete(subtreeRange(workspaceId, op.path)).catch(ignore);
      }
    }
    if (state) tx.objectStore('state').put(state).catch(ignore);
  } catch (error) {
    // A request refused outright (the transaction already aborted, a value that cannot be cloned).
    try {
      tx.abort();
    } catch {
      // already finished
    }
    await tx.done.catch(ignore);
    throw (tx.error ?? error) as unknown;
  }
  await finished(tx).catch((error: unknown) => {
    throw (tx.error ?? error) as unknown;
  });
}

async function commitLarge(db: TabsmithDB, workspaceId: string, op: Extract<Op, { kind: 'put' }>, durability: IDBTransactionDurability): Promise<void> {
  const size = byteLength(op.content);
  const bytes = asBytes(op.content);
  const chunked = await writeChunks(db, workspaceId, op.path, bytes, durability, CHUNK_BYTES);
  const tx = db.transaction(['files', 'chunks'], 'readwrite', { durability });
  const file: StoredFile = { workspaceId, path: op.path, content: '', lastModified: op.at, size, chunked };
  tx.objectStore('files')
    .put(file)
    .catch(() => undefined);
  dropOtherGenerations(tx.objectStore('chunks'), workspaceId, op.path, chunked.gen);
  await finished(tx);
}

const isLarge = (op: Op): boolean => op.kind === 'put' && byteLength(op.content) >= CHUNK_FROM_BYTES;

/** Writes the batch in order; never throws (every failure is in the outcome). */
export async function writeBatch(
  db: TabsmithDB,
  workspaceId: string,
  batch: readonly Op[],
  state: PersistedState | null,
  durability: IDBTransactionDurability,
): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { saved: [], failed: [], stateError: null };
  let group: Op[] = [];
  const flushGroup = async (withState: PersistedState | null) => {
    const ops = group;
    group = [];
    if (ops.length === 0 && !withState) return;
    try {
      await commitSmall(db, workspaceId, ops, withState, durability);
      outcome.saved.push(...ops.map((op) => op.path));
      return;
    } catch (error) {
      if (ops.length === 0 || (ops.length === 1 && !withState)) {
        if (ops[0]) outcome.failed.push({ op: ops[0], failure: failureOf(ops[0].path, error) });
        else outcome.stateError = error;
        return;
      }
    }
    // Find the culprit(s): each write on its own, so the others still land.
    for (const op of ops) {
      try {
        await commitSmall(db, workspaceId, [op], null, durability);
        outcome.saved.push(op.path);
      } catch (error) {
        outcome.failed.push({ op, failure: failureOf(op.path, error) });
      }
    }
    if (withState) await commitSmall(db, workspaceId, [], withState, durability).catch((error: unknown) => (outcome.stateError = error));
  };
  for (const op of batch) {
    if (!isLarge(op)) {
      group.push(op);
      continue;
    }
    await flushGroup(null);
    try {
      await commitLarge(db, workspaceId, op as Extract<Op, { kind: 'put' }>, durability);
      outcome.saved.push(op.path);
    } catch (error) {
      const failure = failureOf(op.path, error);
      if (failure.code === 'failed' && op.kind === 'put') failure.reason += ` while storing ${megabytes(byteLength(op.content))}`;
      outcome.failed.push({ op, failure });
    }
  }
  await flushGroup(state);
  return outcome;
}
