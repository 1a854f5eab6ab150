/**
 * Passed / failed test counts read from a test runner's own summary, so the agent gets numbers rather than
 * having to read a coloured report. Each runner words its summary differently; the last summary in the output
 * wins (a watch mode prints one per run).
 */
import stripAnsi from 'strip-ansi';

interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
}

const count = (line: string, word: RegExp): number => {
  const match = line.match(new RegExp(`(\\d+)\\s+(?:${word.source})\\b`));
  return match ? Number(match[1]) : 0;
};

/** Vitest: ` Tests  1 failed | 3 passed | 1 skipped (5)`. */
function vitest(lines: string[]): TestCounts | null {
  const line = lines.findLast((candidate) => /^\s*Tests\s{2,}\d/.test(candidate));
  if (!line) return null;
  return { passed: count(line, /passed/), failed: count(line, /failed/), skipped: count(line, /skipped|todo/) };
}

/** Jest: `Tests:       1 failed, 3 passed, 4 total`. */
function jest(lines: string[]): TestCounts | null {
  const line = lines.findLast((candidate) => /^\s*Tests:\s+.*\btotal\b/.test(candidate));
  if (!line) return null;
  return { passed: count(line, /passed/), failed: count(line, /failed/), skipped: count(line, /skipped|todo/) };
}

/** Mocha: `  3 passing (12ms)`, `  1 failing`, `  1 pending` on lines of their own. */
function mocha(lines: string[]): TestCounts | null {
  const passing = lines.findLastIndex((candidate) => /^\s*\d+ passing\b/.test(candidate));
  if (passing === -1) return null;
  const after = lines.slice(passing, passing + 3);
  const find = (word: string) => count(after.find((line) => new RegExp(`^\\s*\\d+ ${word}\\b`).test(line)) ?? '', new RegExp(word));
  return { passed: find('passing'), failed: find('failing'), skipped: find('pending') };
}

/** node --test (TAP and spec reporters): `# pass 3`, `# fail 1`, `# skipped 0` (spec: `ℹ pass 3`). */
function nodeTest(lines: string[]): TestCounts | null {
  const field = (name: string) => {
    const line = lines.findLast((candidate) => new RegExp(`^\\s*(?:#|ℹ)\\s+${name}\\s+\\d+\\s*$`).test(candidate));
    return line === undefined ? null : Number(line.match(/\d+/)?.[0]);
  };
  const passed = field('pass');
  const failed = field('fail');
  if (passed === null || failed === null) return null;
  return { passed, failed, skipped: (field('skipped') ?? 0) + (field('todo') ?? 0) };
}

const PARSERS = [vitest, jest, mocha, nodeTest];

/** The counts from the runner's summary in `output`, or null when no summary a known runner prints is there. */
export function parseTestCounts(output: string): TestCounts | null {
  // A runner colours its summary when it believes it writes to a terminal.
  const lines = stripAnsi(output).split(/\r?\n/);
  for (const parse of PARSERS) {
    const counts = parse(lines);
    if (counts) return counts;
  }
  return null;
}
