/** The test tool's counts, read from what real runners printed (captured from Vitest 4 and node --test in Node). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTestCounts } from '@/worker/tools/test-counts';

const captured = (name: string) => readFileSync(new URL(`./fixtures/test-output/${name}`, import.meta.url), 'utf8');

describe('parseTestCounts', () => {
  it("reads Vitest's coloured summary of a run with a failing test", () => {
    const output = captured('vitest-4-failing.txt');
    expect(output).toContain('\x1b[');
    expect(parseTestCounts(output)).toEqual({ passed: 1, failed: 1, skipped: 0 });
  });

  it("reads Vitest's plain summary with a skipped test, not the per-file line", () => {
    expect(parseTestCounts(captured('vitest-4-passing.txt'))).toEqual({ passed: 2, failed: 0, skipped: 1 });
  });

  it('takes the last summary of a watch session', () => {
    const twice = `${captured('vitest-4-failing.txt')}\n RERUN  src/sum.test.js\n${captured('vitest-4-passing.txt')}`;
    expect(parseTestCounts(twice)).toEqual({ passed: 2, failed: 0, skipped: 1 });
  });

  it("reads node --test's TAP totals", () => {
    expect(parseTestCounts(captured('node-test-tap.txt'))).toEqual({ passed: 1, failed: 1, skipped: 1 });
  });

  it("reads Jest's and Mocha's summary lines", () => {
    expect(parseTestCounts('Test Suites: 1 failed, 1 total\nTests:       2 failed, 5 passed, 7 total\n')).toEqual({ passed: 5, failed: 2, skipped: 0 });
    expect(parseTestCounts('  ✔ works\n\n  4 passing (12ms)\n  1 pending\n  2 failing\n')).toEqual({ passed: 4, failed: 2, skipped: 1 });
  });

  it('gives null when there is no summary (a crash before any test ran)', () => {
    expect(parseTestCounts('Error: Cannot find module "vitest"\n')).toBeNull();
  });
});
