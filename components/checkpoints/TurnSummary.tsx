'use client';

import { useRef, useState } from 'react';
import { useCheckpoints } from './CheckpointsProvider';
import { TurnReview } from './TurnReview';
import { summaryText, useTurnChanges } from './useTurnChanges';
import styles from './checkpoints.module.css';
import controls from '../ui/controls.module.css';

/** Under the agent message that ends a turn: "N files changed, +a −b" and the button opening its review. */
export function TurnSummary({ messageId }: { messageId: string }) {
  const context = useCheckpoints();
  const turn = context?.turns.get(messageId);
  // The last turn is still running while the chat is busy: its counts wait for the end.
  const settled = turn !== undefined && !(turn.last && context?.busy);
  const { changes, error } = useTurnChanges(context?.workspaceId ?? '', context?.store ?? null, turn, context?.version ?? 0, settled && context !== null);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  if (!context || !turn || !settled) return null;
  if (error) return <p className={controls.muted}>Changes of this turn could not be read: {error}</p>;
  if (!changes) return null;
  // Nothing to review: say so instead of offering an empty review.
  if (changes.length === 0) return <p className={controls.muted}>No files changed</p>;
  return (
    <div className={styles.turnSummary}>
      <span>{summaryText(changes)}</span>
      <button
        ref={opener}
        type="button"
        className={controls.button}
        onClick={() => setOpen(true)}
        aria-label={`Review changes of this turn (${summaryText(changes)})`}
      >
        Review changes
      </button>
      {open && (
        <TurnReview
          turn={turn}
          onClose={() => {
            setOpen(false);
            // After the dialog is gone: while it is open the page behind it is inert and cannot take focus.
            window.setTimeout(() => opener.current?.focus(), 0);
          }}
        />
      )}
    </div>
  );
}
