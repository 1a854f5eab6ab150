'use client';

/** Result views for the search and preview tools, and the card body of a call rejected before it ran. */
import type { PreviewLogEntry, ToolOutput } from '@/lib/agent/tool-schemas';
import chat from './chat.module.css';
import styles from './tool-results.module.css';
import controls from '../ui/controls.module.css';

type Success<N extends 'fs_search' | 'fs_glob' | 'preview_logs' | 'preview_check'> = Exclude<ToolOutput<N>, { error: unknown }>;

/** Why the call never ran, and what the model sent (raw text when it was not JSON). */
export function RejectedCall({ reason, input }: { reason: string; input: unknown }) {
  const raw = typeof input === 'string' ? input : JSON.stringify(input);
  return (
    <div>
      <p className={chat.error}>Rejected: {reason}</p>
      {raw && raw !== '{}' && (
        <p className={styles.rawInput} aria-label="Arguments sent">
          {raw.length > 300 ? `${raw.slice(0, 300)}…` : raw}
        </p>
      )}
    </div>
  );
}

export function SearchResult({ output }: { output: Success<'fs_search'> }) {
  const files = new Set(output.matches.map((match) => match.path)).size;
  return (
    <div>
      <p className={controls.muted}>
        {output.matches.length} matches in {files} files · {output.filesSearched} searched{output.truncated ? ' (truncated)' : ''}
      </p>
      {output.matches.length > 0 && (
        <ul className={styles.matches} aria-label="Matches">
          {output.matches.slice(0, 20).map((match) => (
            <li key={`${match.path}:${match.line}`}>
              {match.path}:{match.line} {match.text.trim()}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function GlobResult({ output }: { output: Success<'fs_glob'> }) {
  return (
    <p className={controls.muted}>
      {output.paths.length} files{output.truncated ? ' (truncated)' : ''}
    </p>
  );
}

const isProblem = (entry: PreviewLogEntry) => entry.kind !== 'console' || entry.level === 'error' || entry.level === 'warn';

function LogList({ entries }: { entries: PreviewLogEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <ul className={styles.matches} aria-label="Preview logs">
      {entries.slice(-30).map((entry, index) => (
        <li key={index} className={isProblem(entry) ? styles.logError : undefined}>
          [{entry.kind === 'console' ? entry.level : entry.kind}] {entry.message}
        </li>
      ))}
    </ul>
  );
}

export function LogsResult({ output }: { output: Success<'preview_logs'> }) {
  const problems = output.entries.filter(isProblem).length;
  return (
    <div>
      <p className={controls.muted}>
        {output.entries.length} entries · {problems} errors or warnings{output.dropped > 0 ? ` · ${output.dropped} dropped` : ''}
      </p>
      <LogList entries={output.entries} />
    </div>
  );
}

/** A check's answer and its cost (time, screenshots), with what the page logged. */
export function CheckResult({ output }: { output: Success<'preview_check'> }) {
  const cost = [
    output.durationMs !== undefined ? `${(output.durationMs / 1000).toFixed(1)} s` : '',
    output.screenshots !== undefined ? `${output.screenshots} screenshots` : '',
    `${output.steps} actions`,
  ].filter(Boolean);
  return (
    <div>
      <p className={controls.muted} aria-label="Check cost">
        {cost.join(' · ')}
      </p>
      <p className={output.ok ? controls.muted : chat.error}>{output.answer}</p>
      {output.logs && <LogList entries={output.logs.entries} />}
    </div>
  );
}
