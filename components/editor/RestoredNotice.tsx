'use client';

import { useSyncExternalStore } from 'react';
import type { WorkspaceStore } from '@/lib/workspace';
import { baseName } from '../../lib/editor/model';
import styles from './editor.module.css';

/**
 * After a crash, a killed tab or a reload, the editors' unsaved text comes back from the journal: say so, and
 * let the user throw it away (the tabs go back to the saved files) or keep it (it stays unsaved until saved).
 */
export function RestoredNotice({ store }: { store: WorkspaceStore }) {
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const paths = snapshot.restoredDrafts;
  if (paths.length === 0) return null;
  return (
    <div role="alert" aria-label="Restored unsaved changes" className={styles.restored}>
      <p>
        <strong>Restored unsaved changes</strong> in {paths.map(baseName).join(', ')} from your last session. They are not saved yet.
      </p>
      <button type="button" className={styles.button} onClick={() => store.dismissRestored()}>
        Keep
      </button>
      <button type="button" className={styles.button} onClick={() => void store.discardRestored()}>
        Discard
      </button>
    </div>
  );
}
