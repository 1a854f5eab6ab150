'use client';

import { useId } from 'react';
import { useModalDialog } from '@/components/ui/useModalDialog';
import { baseName } from '../../lib/editor/model';
import styles from './editor.module.css';

interface Props {
  path: string;
  onSave(): void;
  onDiscard(): void;
  onCancel(): void;
}

/** "Save changes to app.js?" before closing a dirty tab: a modal <dialog>, Escape cancels. */
export function CloseDirtyDialog({ path, onSave, onDiscard, onCancel }: Props) {
  // Escape asks the owner to cancel rather than closing the dialog itself: React stays in charge of unmounting.
  const { ref, onCancel: onEscape } = useModalDialog(onCancel);
  const titleId = useId();
  const name = baseName(path);

  return (
    <dialog ref={ref} aria-labelledby={titleId} className={styles.dialog} onCancel={onEscape}>
      <h2 id={titleId} className={styles.dialogTitle}>
        Save changes to {name}?
      </h2>
      <p>Your changes to {path} will be lost if you close it without saving.</p>
      <div className={styles.dialogButtons}>
        <button type="button" className={`${styles.button} ${styles.primary}`} onClick={onSave} autoFocus>
          Save
        </button>
        <button type="button" className={styles.button} onClick={onDiscard}>
          Don&apos;t save
        </button>
        <button type="button" className={styles.button} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
