'use client';

import { useMemo, useSyncExternalStore } from 'react';
import type { WorkspaceSnapshot, WorkspaceStore } from '@/lib/workspace';

/**
 * useSyncExternalStore over a slice of the workspace snapshot. The store publishes a new snapshot on every
 * keystroke; components that only show tabs or file lists re-render when their slice actually changes
 * (`equal`), so typing in a large file does not re-render the panels around it. `select` and `equal` must
 * be stable (module-level functions).
 */
export function useStoreSelector<T>(store: WorkspaceStore, select: (snapshot: WorkspaceSnapshot) => T, equal: (a: T, b: T) => boolean): T {
  const getSelection = useMemo(() => memoizedSelection(store, select, equal), [store, select, equal]);
  return useSyncExternalStore(store.subscribe, getSelection, getSelection);
}

/** A getSnapshot for useSyncExternalStore that returns the previous slice while it is still `equal`. */
function memoizedSelection<T>(store: WorkspaceStore, select: (snapshot: WorkspaceSnapshot) => T, equal: (a: T, b: T) => boolean): () => T {
  const cache: { snapshot: WorkspaceSnapshot | null; value: T | undefined; has: boolean } = {
    snapshot: null,
    value: undefined,
    has: false,
  };
  return () => {
    const snapshot = store.getSnapshot();
    if (cache.has && snapshot === cache.snapshot) return cache.value as T;
    const next = select(snapshot);
    cache.snapshot = snapshot;
    if (cache.has && equal(cache.value as T, next)) return cache.value as T;
    cache.value = next;
    cache.has = true;
    return next;
  };
}
