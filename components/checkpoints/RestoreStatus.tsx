'use client';

import { useState } from 'react';
import { ConfirmDialog } from '@/components/files/ConfirmDialog';
import { useCheckpoints } from './CheckpointsProvider';
import { lastTurnCheckpoint } from '../../lib/workspace/checkpoints/turns';
import styles from './checkpoints.module.css';
import controls from '../ui/controls.module.css';

/** After a restore, in the chat: what was restored, anything left alone, and "Undo restore". */
export function RestoreStatus() {
  const context = useCheckpoints();
  if (!context) return null;
  const { lastRestore, error } = context;
  if (!lastRestore && !error) return null;
  return (
    <div role="status" className={styles.restoreStatus}>
      {error && <p className={controls.error}>{error}</p>}
      {lastRestore && (
        <>
          <p>
            Restored {lastRestore.label}.{lastRestore.problems.length > 0 && ` Left as they were: ${lastRestore.problems.join(', ')}.`}
          </p>
          <button type="button" className={controls.button} onClick={() => void context.undoRestore()}>
            Undo restore
          </button>
          <button type="button" className={controls.button} onClick={context.dismissRestore} aria-label="Dismiss the restore notice">
            Dismiss
          </button>
        </>
      )}
    </div>
  );
}

/** Beside an error that ended a turn: go back to the files as they were before it. */
export function RestoreBeforeTurn({ messages }: { messages: readonly { id: string; role: string }[] }) {
  const context = useCheckpoints();
  const [confirming, setConfirming] = useState(false);
  const checkpoint = context ? lastTurnCheckpoint(messages, context.checkpoints, context.conversationId) : null;
  if (!context || !checkpoint) return null;
  return (
    <>
      <button type="button" className={controls.button} onClick={() => setConfirming(true)}>
        Restore to before this turn
      </button>
      {confirming && (
        <ConfirmDialog
          title="Restore all files to before this turn?"
          confirmLabel="Restore"
          danger
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void context.restore(checkpoint);
          }}
        >
          <p>The current files are checkpointed first, so you can undo this restore.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
