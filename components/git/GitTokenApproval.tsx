'use client';

import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useModalDialog } from '@/components/ui/useModalDialog';
import { answerTokenUse, pendingTokenAsks, subscribeTokenAsks, type GitApprovalAsk } from '@/lib/git/approvals';
import styles from '@/components/settings/settings.module.css';

const NONE: readonly GitApprovalAsk[] = [];

/**
 * Asks before a terminal command uses one of the user's git tokens (the command may not be theirs: any program
 * in the workspace can run git). One question at a time, modal, with the repository and what is asked.
 */
export function GitTokenApproval() {
  const asks = useSyncExternalStore(subscribeTokenAsks, pendingTokenAsks, () => NONE);
  const ask = asks[0];
  return ask ? <Question key={ask.id} ask={ask} /> : null;
}

function Question({ ask }: { ask: GitApprovalAsk }) {
  const titleId = useId();
  const textId = useId();
  const { ref, onCancel } = useModalDialog(() => answerTokenUse(ask.id, false));
  // The dialog leaves the page when answered, before the browser could put focus back: this does, so the
  // person is back in the terminal they typed the command in.
  const [returnTo] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(() => () => void (returnTo?.isConnected && returnTo.focus()), [returnTo]);
  const what = ask.write ? `push to ${ask.repository}` : `read ${ask.repository}`;
  return (
    <dialog ref={ref} aria-labelledby={titleId} aria-describedby={textId} className={styles.dialog} onCancel={onCancel}>
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          Use your {ask.host} token?
        </h2>
      </div>
      <div className={styles.body}>
        <p id={textId}>
          A git command in the terminal asks to {what} with the token you saved for {ask.host}. Allow it only if you started this command: programs in the
          workspace can run git too.
          {ask.write ? ' You are asked again for every push.' : ' Reads of this repository are allowed until the page is closed.'}
        </p>
        <div className={styles.row}>
          <button type="button" className={styles.button} onClick={() => answerTokenUse(ask.id, true)}>
            {ask.write ? 'Allow this push' : 'Allow reading'}
          </button>
          <button type="button" className={styles.button} onClick={() => answerTokenUse(ask.id, false)} autoFocus>
            Deny
          </button>
        </div>
      </div>
    </dialog>
  );
}
