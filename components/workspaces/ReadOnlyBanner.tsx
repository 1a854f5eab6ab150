'use client';

import { useSyncExternalStore } from 'react';
import type { WorkspaceStore } from '@/lib/workspace/types';
import styles from './workspaces.module.css';

interface ReadOnlyBannerProps {
  store: WorkspaceStore;
  /** Why it is read-only, e.g. "Another tab took this workspace over." (the session knows; the snapshot only has the flag). */
  reason?: string | null;
  /** Offered when the user may take the workspace back (reopens it with mode 'take-over'). */
  onTakeOver?: () => void;
}

/** A persistent banner while the workspace is read-only: every edit would be refused, so say so up front. */
export function ReadOnlyBanner({ store, reason, onTakeOver }: ReadOnlyBannerProps) {
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  if (!snapshot.readOnly) return null;
  const temporary = [...snapshot.notSaved.values()].filter((why) => why.code === 'temporary').length;
  return (
    <div role="status" aria-label="Read-only workspace" className={styles.banner}>
      <p>
        <strong>Read-only.</strong> {reason ?? 'This workspace is open for writing in another tab.'} Changes here cannot be saved.
      </p>
      {onTakeOver && (
        <button type="button" onClick={onTakeOver}>
          Take over
        </button>
      )}
      {temporary > 0 && (
        <p className={styles.temporary}>
          {temporary === 1 ? '1 file was' : `${temporary} files were`} changed here by the shell or a program: temporary, not saved (marked “not saved” in the
          tree), and gone when this tab closes or takes over.
        </p>
      )}
    </div>
  );
}
