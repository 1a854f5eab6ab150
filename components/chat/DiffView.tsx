'use client';

import styles from './chat.module.css';

/** Header lines of a unified diff carry no change for the reader. */
const HEADER = /^(Index: |={3,}|--- |\+\+\+ )/;

/** A unified diff with added lines green and removed lines red; each line's sign stays for screen readers. */
export function DiffView({ diff, label }: { diff: string; label: string }) {
  const lines = diff.split('\n').filter((line) => line !== '' && !HEADER.test(line));
  return (
    <pre className={styles.diff} aria-label={label}>
      {lines.map((line, i) => (
        <span key={i} className={lineClass(line)}>
          {line}
          {'\n'}
        </span>
      ))}
    </pre>
  );
}

function lineClass(line: string): string | undefined {
  if (line.startsWith('+')) return styles.added;
  if (line.startsWith('-')) return styles.removed;
  if (line.startsWith('@@')) return styles.hunk;
  return undefined;
}
