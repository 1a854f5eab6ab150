import { describe, expect, it } from 'vitest';
import { causeOf, classify } from '../node-suite/lib/outcome.mjs';
import { rates } from '../node-suite/lib/report.mjs';

const run = (output: string, exitCode: number | null, timedOut = false) => ({ exitCode, output, ms: 10, timedOut, restarted: false });

describe("reading a Node test file's run", () => {
  it('passes on exit 0, and reads Node harness skips as skips with their reason', () => {
    expect(classify(run('ok\n', 0)).status).toBe('pass');
    expect(classify(run('1..0 # Skipped: missing crypto\n', 0))).toMatchObject({ status: 'skip', reason: 'missing crypto' });
  });

  it('gives the first error line of a failing file, not the stack under it', () => {
    const out =
      'some log\r\n\x1b[31mAssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\x1b[0m\n    at Object.<anonymous> (/test/parallel/test-x.js:3:8)\n';
    expect(classify(run(out, 1))).toMatchObject({ status: 'fail', reason: 'AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:' });
    expect(classify(run('', 1)).reason).toBe('exit code 1 with no output');
  });

  it('says when a file that timed out had already thrown an uncaught error', () => {
    expect(classify(run('', null, true)).reason).toBe('timed out');
    const reason = classify(run('Uncaught TypeError: server.address(...) is null\n', null, true)).reason;
    expect(reason).toContain('after an uncaught error');
    expect(causeOf(reason)).toBe('timed out after an uncaught error (Node would have exited)');
  });

  it('groups causes without the paths and numbers of each file', () => {
    expect(causeOf("Error: ENOENT: no such file or directory, open '/test/.tmp.0/a.txt'")).toBe(
      causeOf("Error: ENOENT: no such file or directory, open '/test/.tmp.0/b.txt'"),
    );
    expect(causeOf('Mismatched noop function calls. Expected exactly 1, actual 0.')).toBe('Mismatched noop function calls. Expected exactly N, actual N.');
    expect(causeOf("Error: Cannot find module 'a'")).not.toBe(causeOf("Error: Cannot find module 'b'"));
  });

  it('counts a file the harness skipped as not passing (every chosen file passes in real Node)', () => {
    const results = [
      { path: 'a', module: 'm', status: 'pass' as const, reason: '', head: [], exitCode: 0, ms: 1 },
      { path: 'b', module: 'm', status: 'skip' as const, reason: 'missing crypto', head: [], exitCode: 0, ms: 1 },
    ];
    expect(rates(results).total).toMatchObject({ files: 2, passed: 1, skipped: 1, rate: 50 });
  });
});
