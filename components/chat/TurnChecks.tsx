'use client';

import { useId } from 'react';
import { CHECK_LABELS } from '@/lib/agent/self-check/project-checks';
import type { TurnChecks as TurnChecksData } from '@/lib/agent/self-check/results';
import { MAX_AUTO_FIX_ATTEMPTS } from '../../lib/chat/useAgentChat';
import styles from './checks.module.css';

/** Under the turn's last message: each of the project's checks with its command, outcome and (on failure) output. */
export function TurnChecks({ checks }: { checks: TurnChecksData }) {
  const titleId = useId();
  const failed = checks.results.filter((result) => !result.ok).length;
  const heading = failed === 0 ? 'Checks passed' : `Checks: ${failed} of ${checks.results.length} failed`;
  return (
    <section aria-labelledby={titleId} className={styles.checks} data-ok={failed === 0}>
      <p id={titleId} className={styles.title}>
        {heading}
      </p>
      <ul className={styles.list}>
        {checks.results.map((result) => (
          <li key={result.kind} className={result.ok ? styles.passed : styles.failed}>
            <span className={styles.outcome}>{result.ok ? 'passed' : 'failed'}</span> {CHECK_LABELS[result.kind]} <code>{result.command}</code>{' '}
            <span className={styles.summary}>{result.summary}</span>
            {!result.ok && result.output.trim() !== '' && (
              <details className={styles.details}>
                <summary>Output</summary>
                <pre aria-label={`Output of ${result.command}`}>{result.output}</pre>
              </details>
            )}
          </li>
        ))}
      </ul>
      {checks.exhausted && <p className={styles.exhausted}>Not sent to the agent: the {MAX_AUTO_FIX_ATTEMPTS} fix attempts of this run are used up.</p>}
    </section>
  );
}
