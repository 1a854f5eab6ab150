/**
 * Line counts for many pairs: in a module worker when there is much text to compare and the page can start
 * one, on this thread otherwise (small diffs, tests, environments without workers).
 */
import { countLines, type LineCounts, type TextPair } from './line-counts';

/** Below this much text, starting a worker costs more than the diff itself. */
const WORKER_FROM_CHARS = 200_000;
/** A worker that has not answered by then is given up on; this thread counts instead. */
const WORKER_TIMEOUT_MS = 60_000;

let worker: Worker | null = null;
let workerBroken = false;
let nextId = 0;
const pending = new Map<number, (counts: LineCounts[] | null) => void>();

function settleAll(): void {
  for (const [id, resolve] of pending) {
    pending.delete(id);
    resolve(null);
  }
}

function diffWorker(): Worker | null {
  if (workerBroken || typeof window === 'undefined' || typeof Worker === 'undefined') return null;
  if (worker) return worker;
  try {
    worker = new Worker(new URL('./diff.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    workerBroken = true;
    return null;
  }
  worker.onmessage = (event: MessageEvent<{ id: number; counts: LineCounts[] }>) => {
    pending.get(event.data.id)?.(event.data.counts);
    pending.delete(event.data.id);
  };
  worker.onerror = () => {
    // A worker that cannot load (blocked, failed build) is not tried again.
    workerBroken = true;
    worker?.terminate();
    worker = null;
    settleAll();
  };
  return worker;
}

export async function countAll(pairs: readonly TextPair[]): Promise<LineCounts[]> {
  let chars = 0;
  for (const pair of pairs) chars += pair.before.length + pair.after.length;
  const target = chars >= WORKER_FROM_CHARS ? diffWorker() : null;
  if (!target) return pairs.map(countLines);
  const id = ++nextId;
  const result = new Promise<LineCounts[] | null>((resolve) => {
    pending.set(id, resolve);
    setTimeout(() => {
      if (pending.delete(id)) resolve(null);
    }, WORKER_TIMEOUT_MS);
  });
  target.postMessage({ id, pairs });
  return (await result) ?? pairs.map(countLines);
}
