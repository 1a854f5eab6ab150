'use client';

import { useSyncExternalStore } from 'react';
import type { WorkspaceStore } from '@/lib/workspace/types';
import styles from './workspaces.module.css';

const SHOWN = 5;

/**
 * Saving to IndexedDB failed or was refused (quota, a file over the size limit, a transaction error): the
 * workspace keeps working in the runtime and every other file keeps saving, but the user must know which files
 * would not survive a reload and why. Stays until dismissed; the tree keeps marking the files.
 */
export function PersistenceAlert({ store }: { store: WorkspaceStore }) {
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  if (!snapshot.persistenceError) return null;
  const failed = [...snapshot.notSaved].filter(([, why]) => why.code !== 'temporary');
  return (
    <div role="alert" aria-label="Not saved" className={styles.persistence}>
      <p>{snapshot.persistenceError}</p>
      {failed.length > 1 && (
        <ul>
          {failed.slice(0, SHOWN).map(([path, why]) => (
            <li key={path}>
              <code>{path}</code>: {why.code === 'too-large' ? 'too large to store' : why.reason}
            </li>
          ))}
          {failed.length > SHOWN && <li>and {failed.length - SHOWN} more (marked “not saved” in the tree)</li>}
        </ul>
      )}
      <button type="button" onClick={() => store.dismissPersistenceError()}>Dismiss</button>
    </div>
  );
}
