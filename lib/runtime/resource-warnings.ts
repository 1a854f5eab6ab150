/**
 * When the runtime's figures deserve a warning: a program thread that has not answered for a while (a loop that
 * never yields, or a long synchronous wait), or an engine heap close to its limit (the tab is about to slow down
 * or crash). Pure, so the thresholds are tested without a runtime.
 */
import type { RuntimeResources, RuntimeThread } from './port';

/** A build may hold a thread for seconds; longer than this without answering is worth saying. */
export const BUSY_WARNING_MS = 8_000;
const HEAP_WARNING_SHARE = 0.8;

interface ResourceWarnings {
  busy: RuntimeThread[];
  /** The heap's share of its limit when past HEAP_WARNING_SHARE, else null. */
  heapShare: number | null;
}

export function resourceWarnings(resources: RuntimeResources): ResourceWarnings {
  const { heapUsedBytes: used, heapLimitBytes: limit } = resources;
  const share = used !== null && limit !== null && limit > 0 ? used / limit : null;
  return {
    busy: resources.threads.filter((thread) => thread.busy && thread.busyForMs >= BUSY_WARNING_MS),
    heapShare: share !== null && share >= HEAP_WARNING_SHARE ? share : null,
  };
}
