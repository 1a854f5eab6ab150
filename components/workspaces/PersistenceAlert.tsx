'use client';

import { useSyncExternalStore } from 'react';
import type { WorkspaceStore } from '@/lib/workspace/types';
import { shownPath } from '@/lib/workspace/unkept';
import styles from './workspaces.module.css';

const SHOWN = 5;

/**
 * Saving to IndexedDB failed or was refused (quota, a file over the size limit, a name storage cannot keep, a
 * transaction error): the workspace keeps working in the runtime and every other file keeps saving, but the user
 * must know which files would not survive a reload and why — and, after one, which did not. Stays until
 * dismissed; the tree keeps marking the files it shows.
 */
export function PersistenceAlert({ store }: { store: WorkspaceStore }) {
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  if (!snapshot.persistenceError) return null;
  const failed = [...snapshot.notSaved]
    .filter(([, why]) => why.code !== 'temporary')
    .map(([path, why]) => [path, why.code === 'too-large' ? 'too large to store' : why.reason] as const);
  // A single refused file is named by the message itself; names storage cannot keep are always listed.
  const listed = [...(failed.length > 1 ? failed : []), ...snapshot.unkept, ...snapshot.lostLastSession.map((file) => [file.path, file.reason] as const)];
  return (
    <div role="alert" aria-label="Not saved" className={styles.persistence}>
      <p>{snapshot.persistenceError}</p>
      {listed.length > 0 && (
        <ul>
          {listed.slice(0, SHOWN).map(([path, reason]) => (
            <li key={path}>
              <code>{shownPath(path)}</code>: {reason}
            </li>
          ))}
          {listed.length > SHOWN && (
            <li>
              and {listed.length - SHOWN} more{failed.length > SHOWN ? ' (marked “not saved” in the tree)' : ''}
            </li>
          )}
        </ul>
      )}
      <button type="button" className={styles.persistenceButton} onClick={() => store.dismissPersistenceError()}>
        Dismiss
      </button>
    </div>
  );
}
