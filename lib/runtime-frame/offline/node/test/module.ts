/**
 * `node:test` as one process sees it: `test`/`it`, `describe`/`suite` (with `.skip`, `.todo`, `.only`), the
 * hooks, `mock`, and the exports' own names. Run directly (`node file.test.js`) the file reports with the
 * reporter Node would pick (spec on a terminal) and prints the summary as the process ends; run by
 * `node --test` it sends its events to the runner instead, which reports for every file.
 */
import { currentTimerOwner, runAs } from '../../timers';
import type { Inspect } from '../console';
import { errorWithCode } from '../records';
import { reportWriter } from './destination';
import { CHILD_CONTEXT_ENV, eventLine, type TestEvent } from './events';
import { userFrames } from './failure';
import { Harness } from './harness';
import { MockTracker } from './mock';
import { testRunOptions } from './options';
import { colorsFor, createReporter, shouldColorize } from './reporters';
import { RunSummary } from './summary';
import { testArguments } from './test-context';
import type { HookKind, Location, TestOptions } from './test-node';

interface OutputStream {
  write(text: string): unknown;
  isTTY?: boolean;
  hasColors?: () => boolean;
  columns?: number;
}

export interface TestModuleParts {
  process: {
    env: Record<string, string | undefined>;
    execArgv?: string[];
    cwd(): string;
    stdout: unknown;
    stderr: unknown;
    on(event: 'exit', listener: () => void): unknown;
    exitCode?: number | string;
  };
  assert: Record<string, unknown>;
  inspect: Inspect;
  /** The process's fs (relative paths from its working folder). */
  fs: {
    existsSync(path: string): boolean;
    writeFileSync(path: string, text: string): void;
    appendFileSync(path: string, text: string): void;
  };
}

/** process.exit() unwinds with an error of its own, which is the process's business, not a test failure. */
const isExitUnwinding = (error: unknown) => error instanceof Error && /^Process exited with code \d+$/.test(error.message);

/**
 * Hands errors nobody caught to `fail` (which says whether a test took them). Listening in the capture
 * phase runs before the runtime's own report of an uncaught error, which a failed test makes redundant.
 */
function catchUncaught(fail: (error: unknown) => boolean): () => void {
  const target = globalThis as unknown as Partial<Pick<Window, 'addEventListener' | 'removeEventListener'>>;
  if (!target.addEventListener || !target.removeEventListener) return () => undefined;
  const take = (event: Event, error: unknown) => {
    if (isExitUnwinding(error) || !fail(error)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  const onError = (event: ErrorEvent) => take(event, event.error);
  const onRejection = (event: PromiseRejectionEvent) => take(event, event.reason);
  target.addEventListener('error', onError, { capture: true });
  target.addEventListener('unhandledrejection', onRejection, { capture: true });
  return () => {
    target.removeEventListener?.('error', onError, { capture: true });
    target.removeEventListener?.('unhandledrejection', onRejection, { capture: true });
  };
}

/** The value Node sets in NODE_TEST_CONTEXT for a file its runner starts. */
export const CHILD_CONTEXT = 'child-v8';

type Declare = (...args: unknown[]) => Promise<void>;

export function testModule(parts: TestModuleParts): Declare {
  const { process } = parts;
  const stdout = process.stdout as OutputStream;
  const owner = currentTimerOwner();
  const timers = {
    setTimeout: globalThis.setTimeout,
    clearTimeout: globalThis.clearTimeout,
    setInterval: globalThis.setInterval,
    clearInterval: globalThis.clearInterval,
  };
  const options = testRunOptions(process.execArgv ?? [], stdout.isTTY === true);
  const child = process.env[CHILD_CONTEXT_ENV] === CHILD_CONTEXT;
  const stderr = process.stderr as OutputStream;
  const reportStream = options.destination === 'stderr' ? stderr : options.destination === 'stdout' ? stdout : {};
  const reporter = createReporter(options.reporter, {
    colors: colorsFor(shouldColorize(process.env, reportStream)),
    cwd: process.cwd(),
    columns: stdout.columns ?? 80,
  });
  const summary = new RunSummary();
  // Under `node --test`, events go to the runner on stdout, and the runner writes the report where asked.
  const write = reportWriter(child ? 'stdout' : options.destination, {
    stdout: (text) => stdout.write(text),
    stderr: (text) => stderr.write(text),
    writeFile: (path, text, append) => (append ? parts.fs.appendFileSync(path, text) : parts.fs.writeFileSync(path, text)),
  });
  const emit = (event: TestEvent) => {
    summary.count(event);
    write(child ? eventLine(event) : reporter.event(event));
  };
  const isUserFile = (path: string) => parts.fs.existsSync(path);
  const locate = (): Location => {
    const frame = userFrames(new Error().stack, { isUserFile })[0];
    const match = frame && /(\/[^():]+):(\d+):(\d+)\)?$/.exec(frame);
    return match ? { file: match[1], line: Number(match[2]), column: Number(match[3]) } : {};
  };
  const harness = new Harness({
    ...options,
    emit,
    failure: { inspect: parts.inspect, isUserFile },
    setTimeout: (callback, ms) => timers.setTimeout(callback, ms),
    clearTimeout: (handle) => timers.clearTimeout(handle as number),
    // The tests' own promises are invisible to the runtime; an interval owned by the process keeps it running.
    keepAlive: () => {
      const handle = owner ? runAs(owner, () => timers.setInterval(() => undefined, 1000)) : timers.setInterval(() => undefined, 1000);
      const stopCatching = catchUncaught((error) => harness.failCurrent(error));
      return () => {
        timers.clearInterval(handle);
        stopCatching();
      };
    },
    locate,
    parts: { assert: parts.assert, createMock: () => new MockTracker(), locate },
  });

  process.on('exit', () => {
    if (harness.root.children.length === 0) return;
    if (!child) {
      if (harness.reportedTopLevel > 0) write(reporter.event({ type: 'test:plan', data: { nesting: 0, count: harness.reportedTopLevel } }));
      for (const event of summary.diagnostics()) write(reporter.event(event));
      write(reporter.end());
    }
    if (summary.failed) process.exitCode = 1;
  });

  const declare =
    (kind: 'test' | 'suite', extra: TestOptions = {}): Declare =>
    (...args) => {
      const { name, options: given, fn } = testArguments(args);
      return harness.declare(kind, name, { ...given, ...extra }, fn);
    };
  const withVariants = (kind: 'test' | 'suite') =>
    Object.assign(declare(kind), { skip: declare(kind, { skip: true }), todo: declare(kind, { todo: true }), only: declare(kind, { only: true }) });
  const hook = (kind: HookKind) => (fn: (...args: unknown[]) => unknown) => harness.addHook(kind, fn);
  const test = withVariants('test');
  const describe = withVariants('suite');
  const run = () => {
    throw errorWithCode(new Error('The run() method is not implemented here; use node --test'), 'ERR_METHOD_NOT_IMPLEMENTED');
  };
  return Object.assign(test, {
    test,
    it: test,
    describe,
    suite: describe,
    before: hook('before'),
    after: hook('after'),
    beforeEach: hook('beforeEach'),
    afterEach: hook('afterEach'),
    mock: new MockTracker(),
    run,
  });
}
