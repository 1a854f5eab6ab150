'use client';

import type { SessionInfo } from '@/lib/computer-use/session';
import styles from './computer-use.module.css';

const STATUS_LABELS: Record<SessionInfo['status'], string> = {
  running: 'running',
  'awaiting-confirmation': 'waiting for approval',
  completed: 'completed',
  error: 'error',
};

/** Every session of this tab, newest first; picking one shows its log and last screenshot. */
export function SessionList({ sessions, currentId, onSelect }: { sessions: SessionInfo[]; currentId: string | undefined; onSelect: (id: string) => void }) {
  if (sessions.length === 0) return null;
  return (
    <section aria-labelledby="computer-use-sessions-heading">
      <h3 id="computer-use-sessions-heading" className={styles.heading}>
        Sessions
      </h3>
      <ul aria-label="Computer-use sessions" className={styles.sessions}>
        {[...sessions].reverse().map((session) => (
          <li key={session.id}>
            <button
              type="button"
              className={styles.sessionButton}
              aria-current={session.id === currentId}
              aria-label={`Show session "${session.instructions}" (${STATUS_LABELS[session.status]})`}
              onClick={() => onSelect(session.id)}
            >
              <span className={styles.sessionText}>{session.instructions}</span>
              <span className={styles.sessionStatus}>{STATUS_LABELS[session.status]}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
