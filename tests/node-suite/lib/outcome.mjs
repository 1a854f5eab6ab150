// What one file's run means: passed (exit 0), skipped (Node's common.skip(): "1..0 # Skipped: why", exit 0),
// or failed, with the first line that says why. The runtime's terminal stream carries stdout and stderr
// together, so "the first error line" is read from both.

/**
 * @typedef {{ exitCode: number | null, output: string, ms: number, timedOut: boolean, restarted: boolean }} RawRun
 * @typedef {{ path: string, module: string, changedSinceCompare?: boolean, status: 'pass' | 'fail' | 'skip', reason: string, head: string[], exitCode: number | null, ms: number, leaked?: string }} FileResult
 * @typedef {{ manifest: { source: object, compare: object }, results: FileResult[], restarts: number, wallMs: number, timeoutMs: number, pages: number }} SuiteRun
 */

const HEAD_LINES = 8;
const ERROR_LINE = /^(Uncaught |Unhandled promise rejection: )?(\w+Error|Error|\w+Exception)\b.*|.*\bERR_[A-Z_]+\b.*|^spawn failed: .*/;
// eslint-disable-next-line no-control-regex -- ANSI escapes in terminal output
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;

function lines(output) {
  return output
    .replace(ANSI, '')
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '');
}

/** @param {RawRun} run @returns {Pick<FileResult, 'status' | 'reason' | 'head' | 'exitCode'>} */
export function classify(run) {
  const all = lines(run.output);
  const head = all.slice(0, HEAD_LINES).map((line) => line.slice(0, 300));
  const skipped = all.find((line) => line.startsWith('1..0 # Skipped'));
  if (!run.timedOut && run.exitCode === 0) {
    return skipped
      ? { status: 'skip', reason: skipped.replace(/^1\.\.0 # Skipped:?\s*/, ''), head, exitCode: 0 }
      : { status: 'pass', reason: '', head, exitCode: 0 };
  }
  const errorLine = all.find((line) => ERROR_LINE.test(line.trim()));
  if (run.timedOut) {
    const stuck = run.restarted ? ', and the frame did not answer the kill (watchdog replaced it)' : '';
    // Node exits with code 1 on an uncaught error; a process that printed one and ran on failed there already.
    const after = errorLine ? ` after an uncaught error (Node would have exited): ${errorLine.trim().slice(0, 200)}` : '';
    return { status: 'fail', reason: `timed out${stuck}${after}`, head, exitCode: run.exitCode };
  }
  const reason = (errorLine ?? all.at(-1) ?? `exit code ${run.exitCode} with no output`).trim().slice(0, 240);
  return { status: 'fail', reason, head, exitCode: run.exitCode };
}

/**
 * A cause shared by several files: the error line with the test's own details (paths, numbers, long quoted
 * values, assertion diffs) taken out, so "Cannot find module 'x'" stays apart from "'y'", but two assertion
 * failures on different values fall together.
 */
export function causeOf(reason) {
  if (reason.startsWith('timed out') && reason.includes(' after an uncaught error')) return 'timed out after an uncaught error (Node would have exited)';
  return reason
    .replace(/^(Uncaught |Unhandled promise rejection: )/, '')
    .replace(/(AssertionError \[ERR_ASSERTION\]):.*/, '$1')
    .replace(/(['"`])[^'"`]{40,}\1/g, '$1…$1')
    .replace(/\/[\w./@-]+\/[\w.@-]+/g, '<path>')
    .replace(/\b\d+(\.\d+)?\b/g, 'N')
    .slice(0, 140);
}
