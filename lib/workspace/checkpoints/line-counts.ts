/**
 * Lines added and removed between two texts (jsdiff's line diff). Shared by the diff worker and the in-thread
 * fallback, so both count the same way.
 */
import { diffLines } from 'diff';

export interface TextPair {
  before: string;
  after: string;
}

export interface LineCounts {
  additions: number;
  deletions: number;
}

/** A diff that takes longer than this is given up: every line then counts as changed. */
const DIFF_TIMEOUT_MS = 2_000;

function lineCount(text: string): number {
  if (text === '') return 0;
  let count = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) if (i < text.length - 1) count++;
  return count;
}

export function countLines({ before, after }: TextPair): LineCounts {
  if (before === after) return { additions: 0, deletions: 0 };
  const changes = diffLines(before, after, { timeout: DIFF_TIMEOUT_MS });
  if (!changes) return { additions: lineCount(after), deletions: lineCount(before) };
  let additions = 0;
  let deletions = 0;
  for (const change of changes) {
    if (change.added) additions += change.count;
    else if (change.removed) deletions += change.count;
  }
  return { additions, deletions };
}
