/**
 * The per-ref lines fetch and push print under "From …" / "To …":
 *
 *    * [new branch]      main       -> origin/main
 *      a1b2c3d..e4f5a6b  main       -> origin/main
 *    + a1b2c3d...e4f5a6b main       -> origin/main  (forced update)
 *    ! [rejected]        main -> main (fetch first)
 *
 * A flag, a summary in a column as wide as two abbreviated ids with "..", then the refs. fetch lines its
 * source names up in a column of their own; push does not.
 */
import { shortOid } from './state';

const SUMMARY_WIDTH = 17;
/** git's narrowest column for the source ref of fetch lines. */
const MIN_REF_WIDTH = 10;

export interface RefLine {
  /** ' ' updated, '*' new, '+' forced, '-' deleted, '!' refused. */
  flag: string;
  summary: string;
  from: string;
  to: string;
  /** Text after the refs: " (fetch first)", "  (forced update)". */
  note?: string;
}

/** The summary for a ref that moved from `before` to `after`: "a1b2c3d..e4f5a6b", or "..." when forced. */
export function rangeSummary(before: string, after: string, forced: boolean): string {
  return `${shortOid(before)}${forced ? '...' : '..'}${shortOid(after)}`;
}

function format(line: RefLine, width: number): string {
  return ` ${line.flag} ${line.summary.padEnd(SUMMARY_WIDTH)} ${line.from.padEnd(width)} -> ${line.to}${line.note ?? ''}\n`;
}

export function fetchLines(lines: readonly RefLine[]): string {
  const width = Math.max(MIN_REF_WIDTH, ...lines.map((line) => line.from.length));
  return lines.map((line) => format(line, width)).join('');
}

export function pushLines(lines: readonly RefLine[]): string {
  return lines.map((line) => format(line, 0)).join('');
}
