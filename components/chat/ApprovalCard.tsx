'use client';

import { createContext, useContext, useId, useState } from 'react';
import { approvalCommand } from '@/lib/agent/approvals/decide';
import type { ApprovalAnswer } from '../../lib/chat/useAgentChat';
import { toolNameOf, type IdeToolPart } from '../../lib/chat/tool-parts';
import styles from './approvals.module.css';

type Answer = (part: IdeToolPart, answer: ApprovalAnswer) => Promise<void>;

const ApprovalAnswerContext = createContext<Answer | null>(null);
export const ApprovalAnswerProvider = ApprovalAnswerContext.Provider;

/**
 * A call that waits for the user: the exact command, why it asks, and Approve, Deny and "Always allow this
 * command here". The buttons lock once one is pressed, so a double click cannot answer twice.
 */
export function ApprovalCard({ part }: { part: Extract<IdeToolPart, { state: 'approval-requested' }> }) {
  const answer = useContext(ApprovalAnswerContext);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const name = toolNameOf(part);
  const command = name ? approvalCommand(name, part.input) : null;
  const reason = part.approval.requestReason;

  const respond = (choice: ApprovalAnswer) => {
    if (!answer || busy) return;
    setBusy(true);
    setError(null);
    answer(part, choice).catch((failure: unknown) => {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    });
  };

  return (
    <section role="region" aria-labelledby={titleId} className={styles.card} data-approval>
      <p id={titleId} className={styles.title}>
        Approve this command?
      </p>
      <pre className={styles.command} aria-label="Command to approve">
        {command ?? JSON.stringify(part.input)}
      </pre>
      {reason && <p className={styles.reason}>It {reason}.</p>}
      <div className={styles.actions}>
        <button type="button" className={styles.approve} disabled={busy} onClick={() => respond('approve')}>
          Approve
        </button>
        <button type="button" className={styles.deny} disabled={busy} onClick={() => respond('deny')}>
          Deny
        </button>
        <button type="button" className={styles.always} disabled={busy} onClick={() => respond('always')}>
          Always allow this command here
        </button>
      </div>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </section>
  );
}

/** What a denied call shows: nothing ran. */
export function DeniedNote() {
  return <p className={styles.denied}>Denied by you: not run. The agent was told.</p>;
}
