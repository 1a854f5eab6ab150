'use client';

import type { ActionEntry, LogEntry, ModelEntry, UserEntry } from '@/lib/computer-use/session';
import styles from './computer-use.module.css';

type StepState = 'done' | 'error' | 'waiting' | 'running' | 'declined' | 'stopped';

function stateOf(entry: ActionEntry): StepState {
  if (entry.safety?.approved === false) return 'declined';
  if (entry.error) return 'error';
  if (entry.stopped) return 'stopped';
  if (entry.safety && entry.safety.approved === undefined) return 'waiting';
  return entry.url !== undefined ? 'done' : 'running';
}

const STATE_TEXT: Record<StepState, string> = {
  done: 'done',
  error: 'failed',
  waiting: 'waiting for approval',
  running: 'running',
  declined: 'declined',
  stopped: 'stopped before it finished',
};

/**
 * The step log: one item per action the model asked for (its function name, what it maps to, what happened),
 * with the model's reasoning for that turn collapsed under the turn's first action, and the user's replies.
 */
export function StepLog({ log }: { log: LogEntry[] }) {
  const reasoning = new Map<number, ModelEntry>();
  for (const entry of log) if (entry.kind === 'model') reasoning.set(entry.turn, entry);
  const shownTurns = new Set<number>();
  const items = log.filter((entry): entry is ActionEntry | UserEntry => entry.kind === 'action' || (entry.kind === 'user' && entry.index > 0));

  if (items.length === 0) return null;
  return (
    <section aria-labelledby="computer-use-steps-heading">
      <h3 id="computer-use-steps-heading" className={styles.heading}>
        Steps
      </h3>
      <ol aria-label="Computer-use steps" className={styles.steps}>
        {items.map((entry) => {
          if (entry.kind === 'user') {
            return (
              <li key={entry.index} className={styles.step} aria-label={`Your reply: ${entry.text}`}>
                <span className={styles.stepName}>reply</span> <span className={styles.stepArgs}>{entry.text}</span>
              </li>
            );
          }
          const model = shownTurns.has(entry.turn) ? undefined : reasoning.get(entry.turn);
          shownTurns.add(entry.turn);
          return <ActionItem key={entry.index} entry={entry} model={model} />;
        })}
      </ol>
    </section>
  );
}

function ActionItem({ entry, model }: { entry: ActionEntry; model: ModelEntry | undefined }) {
  const state = stateOf(entry);
  const thinking = [model?.thoughts, model?.text].filter(Boolean).join('\n\n');
  return (
    <li className={styles.step} data-state={state} aria-label={`${entry.name}: ${entry.description} (${STATE_TEXT[state]})`}>
      <div className={styles.stepHeader}>
        <span className={styles.stepName}>{entry.name}</span>
        <span className={styles.stepArgs}>{entry.description}</span>
        <span className={styles.spacer} />
        <span className={styles.caption}>{state === 'done' ? `${Math.round(entry.durationMs)} ms` : STATE_TEXT[state]}</span>
      </div>
      {entry.safety && (
        <p className={styles.note}>
          {entry.safety.approved === undefined ? 'Needs your approval' : entry.safety.approved ? 'Approved by you' : 'Declined by you, not executed'}
          {entry.safety.explanation ? `: ${entry.safety.explanation}` : ''}
        </p>
      )}
      {entry.note && <p className={styles.note}>{entry.note}</p>}
      {entry.error && !(entry.safety && entry.safety.approved === false) && <p className={styles.error}>{entry.error}</p>}
      {thinking && (
        <details className={styles.reasoning}>
          <summary>Reasoning (turn {entry.turn})</summary>
          <p>{thinking}</p>
        </details>
      )}
    </li>
  );
}
