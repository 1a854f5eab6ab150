'use client';

import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './dialog.module.css';

interface ConfirmDialogProps {
  /** The question, also the dialog's accessible name, e.g. "Delete app.js?". */
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Styles the confirm button as destructive. */
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal yes/no question on the native <dialog>: the browser traps focus, makes the page behind inert and
 * closes on Escape, which is more robust than re-implementing all three.
 */
export function ConfirmDialog({ title, children, confirmLabel, cancelLabel = 'Cancel', danger, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useModal(ref);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={styles.dialog}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {children}
      <div className={styles.actions}>
        {/* Cancel first in the DOM gets initial focus: the safe choice for a destructive question. */}
        <button type="button" onClick={onCancel} autoFocus>
          {cancelLabel}
        </button>
        <button type="button" className={danger ? styles.danger : styles.primary} disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

/** Opens the dialog as a modal once mounted and closes it on unmount (the parent decides when it shows). */
export function useModal(ref: React.RefObject<HTMLDialogElement | null>) {
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, [ref]);
}
