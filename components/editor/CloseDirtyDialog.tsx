'use client';

import { useEffect, useId, useRef } from 'react';
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
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const name = baseName(path);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={styles.dialog}
      onCancel={(event) => {
        event.preventDefault(); // keep React in charge of unmounting
        onCancel();
      }}
    >
      <h2 id={titleId} className={styles.dialogTitle}>
        Save changes to {name}?
      </h2>
      <p>Your changes to {path} will be lost if you close it without saving.</p>
      <div className={styles.dialogButtons}>
        <button type="button" className={styles.primary} onClick={onSave} autoFocus>
          Save
        </button>
        <button type="button" onClick={onDiscard}>
          Don&apos;t save
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
