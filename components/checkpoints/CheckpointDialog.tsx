'use client';

import { useId, type ReactNode } from 'react';
import { useModalDialog } from '@/components/ui/useModalDialog';
import type { CheckpointsValue } from './CheckpointsProvider';
import styles from './checkpoints.module.css';
import controls from '../ui/controls.module.css';

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
  const { ref, onCancel } = useModalDialog(() => {
    if (!busy) onClose();
  });
  const titleId = useId();
  return (
    <dialog ref={ref} aria-labelledby={titleId} className={className} onCancel={onCancel}>
      <header className={styles.reviewHeader}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <button type="button" className={controls.button} onClick={onClose} aria-label={closeLabel}>
          Close
        </button>
      </header>
      {children}
    </dialog>
  );
}

/** Inside either dialog, after a restore: what was restored, with "Undo restore". */
export function UndoRestoreNotice({ context }: { context: Pick<CheckpointsValue, 'lastRestore' | 'undoRestore'> }) {
  if (!context.lastRestore) return null;
  return (
    <p role="status" className={controls.muted}>
      Restored {context.lastRestore.label}.{' '}
      <button type="button" className={controls.linkButton} onClick={() => void context.undoRestore()}>
        Undo restore
      </button>
    </p>
  );
}
