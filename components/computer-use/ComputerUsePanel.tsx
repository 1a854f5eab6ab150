'use client';

import { useId, useState, type FormEvent } from 'react';
import type { SessionInfo, SessionManager } from '@/lib/computer-use/session';
import { ConfirmAction } from './ConfirmAction';
import { createComputerUseManager } from '../../lib/computer-use/manager';
import { ScreenshotView } from './ScreenshotView';
import { SessionList } from './SessionList';
import { StepLog } from './StepLog';
import { useComputerUse } from './useComputerUse';
import styles from './computer-use.module.css';
import controls from '../ui/controls.module.css';
import { errorMessage } from '../../lib/error-message';

interface ComputerUsePanelProps {
  /** The live preview iframe (title "Preview"), or null while no server runs. */
  getPreviewFrame: () => HTMLIFrameElement | null;
  /**
   * The session manager to show. Pass the one the agent's preview_check hook uses (createComputerUseManager)
   * so its sessions, and their confirmations, appear here; without it the panel makes its own.
   */
  manager?: SessionManager;
}

/**
 * Computer use: type what the model should do in the app, then watch it work on the preview: the screenshot
 * it saw with a marker where it acted, each step and its reasoning. Flagged actions wait for Approve; a
 * stopped session can be answered to continue.
 */
export function ComputerUsePanel({ getPreviewFrame, manager: given }: ComputerUsePanelProps) {
  const [own] = useState(() => (given ? null : createComputerUseManager(getPreviewFrame)));
  const manager = given ?? own;
  if (!manager) return null;
  return <Panel manager={manager} />;
}

function Panel({ manager }: { manager: SessionManager }) {
  const view = useComputerUse(manager);
  const { current, log, last } = view;
  const [instructions, setInstructions] = useState('');
  const [reply, setReply] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const instructionsId = useId();
  const replyId = useId();

  const active = current !== undefined && (current.status === 'running' || current.status === 'awaiting-confirmation');
  const anyActive = view.sessions.some((s) => s.status === 'running' || s.status === 'awaiting-confirmation');
  const stepsShown = log.filter((entry) => entry.kind === 'action' && entry.url !== undefined).length;

  const attempt = (work: () => void) => {
    try {
      work();
      setFailure(null);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  const start = (event: FormEvent) => {
    event.preventDefault();
    const text = instructions.trim();
    if (!text) return;
    attempt(() => {
      const session = manager.start(text);
      view.select(session.id);
      setInstructions('');
    });
  };

  const sendReply = (event: FormEvent) => {
    event.preventDefault();
    const text = reply.trim();
    if (!current || !text) return;
    attempt(() => {
      manager.reply(current.id, text);
      setReply('');
    });
  };

  return (
    <div className={styles.panel}>
      <form className={styles.form} onSubmit={start} aria-label="Start a computer-use session">
        <label htmlFor={instructionsId} className={styles.heading}>
          Instructions
        </label>
        <textarea
          id={instructionsId}
          className={styles.input}
          rows={3}
          aria-label="Instructions for the computer-use agent"
          placeholder="e.g. add a todo called 'buy milk', mark it done, then scroll to the bottom"
          value={instructions}
          onChange={(e) => setInstructions(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) start(e);
          }}
        />
        <div className={styles.row}>
          <button type="submit" className={controls.primaryButton} disabled={anyActive || instructions.trim() === ''}>
            Start
          </button>
          {active && current && (
            <button type="button" className={controls.dangerButton} onClick={() => attempt(() => manager.end(current.id))}>
              Stop
            </button>
          )}
        </div>
      </form>

      <p role="status" aria-label="Computer-use status" className={styles.status} data-status={current?.status ?? 'idle'}>
        {statusText(current)}
      </p>
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      {current?.status === 'error' && current.retryable && (
        <div className={styles.row}>
          <button type="button" className={controls.button} disabled={anyActive} onClick={() => attempt(() => manager.retry(current.id))}>
            Retry
          </button>
        </div>
      )}

      {current?.confirmation && (
        <ConfirmAction confirmation={current.confirmation} onAnswer={(approved) => attempt(() => manager.confirm(current.id, approved))} />
      )}

      {current?.answer && (
        <section aria-label="The computer-use agent's answer">
          <p className={styles.answer}>{current.answer}</p>
        </section>
      )}

      {current && !active && (
        <form className={styles.form} onSubmit={sendReply} aria-label="Reply to the session">
          <label htmlFor={replyId} className={styles.heading}>
            Reply
          </label>
          <textarea
            id={replyId}
            className={styles.input}
            rows={2}
            aria-label="Reply to the computer-use agent"
            placeholder={current.declined ? 'New instructions: what should the model do instead?' : 'Continue: tell the model what to do next'}
            value={reply}
            onChange={(e) => setReply(e.target.value)}
          />
          <div className={styles.row}>
            <button type="submit" className={controls.button} disabled={anyActive || reply.trim() === ''}>
              Send reply
            </button>
          </div>
        </form>
      )}

      {last && <ScreenshotView last={last} step={stepsShown} />}
      <StepLog log={log} />
      <SessionList sessions={view.sessions} currentId={current?.id} onSelect={view.select} />
    </div>
  );
}

function statusText(session: SessionInfo | undefined): string {
  if (!session) return 'No session yet. Start a server so the preview shows your app, then give instructions.';
  const steps = `${session.steps} step${session.steps === 1 ? '' : 's'}`;
  switch (session.status) {
    case 'running':
      return `Running: turn ${session.turns}, ${steps}`;
    case 'awaiting-confirmation':
      return `Waiting for your approval (turn ${session.turns}, ${steps})`;
    case 'completed':
      if (session.declined) return `Stopped: you declined ${session.declined}. Reply with new instructions to continue.`;
      return `Completed after ${steps}${session.note ? ` (${session.note})` : ''}`;
    case 'error':
      return `Error: ${session.error ?? 'unknown'}`;
  }
}
