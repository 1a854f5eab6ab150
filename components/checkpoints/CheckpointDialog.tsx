'use client';

import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './checkpoints.module.css';

interface CheckpointDialogProps {
  className?: string;
  title: ReactNode;
  /** The Close button's accessible name ("Close checkpoints"). */
  closeLabel: string;
  onClose(): void;
  /** While a confirmation inside is open, Esc answers it rather than closing this dialog. */
  busy: boolean;
  children: ReactNode;
}

/** The modal frame the checkpoint timeline and a turn's review share: a titled header with Close. */
export function CheckpointDialog({ className, title, closeLabel, onClose, busy, children }: CheckpointDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={className}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
    >
      <header className={styles.reviewHeader}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <button type="button" className={styles.button} onClick={onClose} aria-label={closeLabel}>
          Close
        </button>
      </header>
      {children}
    </dialog>
  );
}
