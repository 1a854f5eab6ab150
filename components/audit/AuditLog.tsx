'use client';

import { useEffect, useState } from 'react';
import { listAudit, type AuditEntry } from '@/lib/agent/audit';
import { isToolName, TOOL_LABELS } from '@/lib/agent/tool-schemas';
import { openDatabase } from '@/lib/workspace/db';
import styles from './audit.module.css';
import { errorMessage } from '../../lib/error-message';

type LoadState = { phase: 'loading' } | { phase: 'ready'; entries: AuditEntry[] } | { phase: 'failed'; message: string };

const label = (tool: string) => (isToolName(tool) ? TOOL_LABELS[tool] : tool);
const time = (at: number) => new Date(at).toLocaleTimeString();
const duration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

function outcome(entry: AuditEntry): string {
  if (entry.error) return entry.error.split(':')[0] ?? 'failed';
  if (entry.exitCode !== null) return `exit ${entry.exitCode}`;
  return entry.ok ? 'ok' : 'failed';
}

async function readEntries(workspaceId: string): Promise<LoadState> {
  try {
    const db = await openDatabase();
    try {
      return { phase: 'ready', entries: await listAudit(db, workspaceId) };
    } finally {
      db.close();
    }
  } catch (error) {
    return { phase: 'failed', message: errorMessage(error) };
  }
}

/** The agent's tool calls in this workspace (tool, argument hash, duration, exit code). */
export function AuditLog({ workspaceId }: { workspaceId: string }) {
  const [state, setState] = useState<LoadState>({ phase: 'loading' });

  useEffect(() => {
    let current = true;
    void readEntries(workspaceId).then((next) => current && setState(next));
    // A workspace switch while reading must not show the previous workspace's entries.
    return () => {
      current = false;
    };
  }, [workspaceId]);

  return (
    <section className={styles.panel} aria-label="Agent audit log">
      <div className={styles.header}>
        <h2>Agent audit log</h2>
        <button type="button" onClick={() => void readEntries(workspaceId).then(setState)}>
          Refresh
        </button>
      </div>
      {state.phase === 'loading' && <p className={styles.empty}>Loading…</p>}
      {state.phase === 'failed' && <p className={styles.error}>Could not read the audit log: {state.message}</p>}
      {state.phase === 'ready' && state.entries.length === 0 && <p className={styles.empty}>No tool calls yet.</p>}
      {state.phase === 'ready' && state.entries.length > 0 && (
        <table className={styles.table}>
          <caption>Newest first; arguments are stored only as a SHA-256 hash.</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Tool</th>
              <th scope="col">Args hash</th>
              <th scope="col">Duration</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {state.entries.map((entry) => (
              <tr key={entry.id ?? `${entry.at}-${entry.argsHash}`}>
                <td>{time(entry.at)}</td>
                <td>{label(entry.tool)}</td>
                <td className={styles.hash} title={entry.argsHash}>
                  {entry.argsHash.slice(0, 12)}
                </td>
                <td>{duration(entry.durationMs)}</td>
                <td className={entry.ok ? undefined : styles.failed} title={entry.error}>
                  {outcome(entry)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
