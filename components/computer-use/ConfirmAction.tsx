'use client';

import { useEffect, useId, useRef } from 'react';
import { describeAction } from '@/lib/computer-use/actions';
import type { PendingConfirmation } from '@/lib/computer-use/session';
import styles from './computer-use.module.css';
import controls from '../ui/controls.module.css';

/**
 * The question a flagged action asks: non-modal (the user may look at the preview and the screenshot first),
 * but it takes focus when it appears, and nothing runs until Approve or Decline.
 */
export function ConfirmAction({ confirmation, onAnswer }: { confirmation: PendingConfirmation; onAnswer: (approved: boolean) => void }) {
  const titleId = useId();
  const textId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [confirmation.step]);
  return (
    <div ref={ref} role="dialog" aria-labelledby={titleId} aria-describedby={textId} tabIndex={-1} className={styles.dialog}>
      <h3 id={titleId}>Confirm action</h3>
      <p id={textId}>{confirmation.explanation || 'The model flagged this action as needing your confirmation.'}</p>
      <p className={styles.muted}>
        <code>{confirmation.name}</code>: {confirmation.actions.length > 0 ? confirmation.actions.map(describeAction).join('; ') : 'no action'}
      </p>
      <div className={styles.row}>
        <button type="button" className={controls.primaryButton} onClick={() => onAnswer(true)}>
          Approve
        </button>
        <button type="button" className={controls.button} onClick={() => onAnswer(false)}>
          Decline
        </button>
      </div>
    </div>
  );
}
