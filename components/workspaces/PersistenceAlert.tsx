'use client';

import { useSyncExternalStore } from 'react';
import type { WorkspaceStore } from '@/lib/workspace/types';
import styles from './workspaces.module.css';

/**
 * Saving to IndexedDB failed (quota, private mode): the workspace keeps working in the runtime, but the user
 * must know their changes may not survive a reload, so this stays until the store clears the error.
 */
export function PersistenceAlert({ store }: { store: WorkspaceStore }) {
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  if (!snapshot.persistenceError) return null;
  return (
    <div role="alert" className={styles.persistence}>
      {snapshot.persistenceError}
    </div>
  );
}
