/**
 * node:test's runner for one process: tests and suites are collected as the file declares them, top-level
 * tests start once the file's synchronous code has run, one after another, and each reports `test:start`
 * then `test:pass` or `test:fail` (with its duration, its failure and its diagnostics), as Node's do.
 */
import type { TestEvent, TestFailure } from './events';
import { describeFailure, runnerFailure, type FailureFormat } from './failure';
import { createTestContext, type ContextParts } from './test-context';
import { selectedByName, selectedByOnly, TestNode, type Location, type TestFn, type TestOptions } from './test-node';

interface HarnessOptions {
  only: boolean;
  namePatterns: RegExp[];
  skipPatterns: RegExp[];
  /** Milliseconds a test may run (`--test-timeout`); Infinity for none. */
  timeout: number;
  emit(event: TestEvent): void;
  failure: FailureFormat;
  /** The timer functions as they were when node:test loaded: mocked timers must not stop the runner's own. */
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Holds the process open while tests run; returns the release. */
  keepAlive(): () => void;
  locate(): Location;
  parts: Omit<ContextParts, 'runSubtest'>;
}

class TimeoutError extends Error {}

export class Harness {
  readonly root = new TestNode('<root>', 'suite', undefined, {}, null, {});
  private readonly suiteStack: TestNode[] = [];
  /** Suites whose async body is still running: what it declares after an await belongs to it, as in Node. */
  private readonly building: TestNode[] = [];
  private next = 0;
  private draining: Promise<void> | null = null;
  private rootBeforeDone = false;
  /** Fails the test running now; set while a test function runs. */
  private failRunning: ((error: unknown) => void) | null = null;

  constructor(private readonly options: HarnessOptions) {}

  /** `test()` / `describe()`: declares a test or suite where the file is (at top level, or in a suite's body). */
  declare(kind: 'test' | 'suite', name: string, options: TestOptions, fn: TestFn | undefined): Promise<void> {
    const parent = this.currentSuite();
    const node = new TestNode(name, kind, fn, options, parent, this.options.locate());
    parent.children.push(node);
    if (kind === 'suite') this.buildSuite(node);
    if (parent === this.root) this.scheduleDrain();
    return node.finished;
  }

  addHook(kind: keyof TestNode['hooks'], fn: TestFn): void {
    this.currentSuite().hooks[kind].push(fn);
  }

  private currentSuite(): TestNode {
    return this.suiteStack[this.suiteStack.length - 1] ?? this.building[this.building.length - 1] ?? this.root;
  }

  private buildSuite(node: TestNode): void {
    this.suiteStack.push(node);
    try {
      const result = node.fn?.call(undefined, { name: node.name, fullName: node.fullName, signal: node.controller.signal, filePath: node.location.file });
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        // From the next microtask: what the file declares synchronously after the suite is not in it.
        queueMicrotask(() => this.building.push(node));
        node.built = Promise.resolve(result).finally(() => {
          const index = this.building.indexOf(node);
          if (index >= 0) this.building.splice(index, 1);
        });
      }
    } catch (error) {
      node.error = describeFailure(error, 'testCodeFailure', this.options.failure);
    } finally {
      this.suiteStack.pop();
    }
  }

  private scheduleDrain(): void {
    if (this.draining) return;
    const release = this.options.keepAlive();
    this.draining = new Promise<void>((resolve) => this.options.setTimeout(resolve, 0))
      .then(() => this.drain())
      .finally(() => {
        this.draining = null;
        release();
        // Tests declared while the last ones ran (after a top-level await) run as well.
        if (this.next < this.root.children.length) this.scheduleDrain();
      });
  }

  private async drain(): Promise<void> {
    if (!this.rootBeforeDone) {
      this.rootBeforeDone = true;
      await this.runHooks(this.root.hooks.before, this.root, undefined);
    }
    while (this.next < this.root.children.length) await this.run(this.root.children[this.next++] as TestNode);
    await this.runHooks(this.root.hooks.after.splice(0), this.root, undefined).catch(() => undefined);
  }

  /**
   * An error thrown where no test can catch it (a timer's callback, a promise nobody awaits) fails the test
   * that is running, as in Node, instead of leaving it waiting for ever. False when no test is running.
   */
  failCurrent(error: unknown): boolean {
    if (!this.failRunning) return false;
    this.failRunning(error);
    return true;
  }

  get failed(): boolean {
    return this.root.failedChildren > 0;
  }

  get reportedTopLevel(): number {
    return this.root.reportedChildren;
  }

  private included(node: TestNode): boolean {
    return selectedByName(node, this.options.namePatterns, this.options.skipPatterns);
  }

  async run(node: TestNode): Promise<void> {
    try {
      if (!this.included(node)) return;
      if (this.options.only && node.skip === undefined && !selectedByOnly(node)) node.skip = "'only' option not set";
      const { file, line, column } = node.location;
      this.options.emit({ type: 'test:start', data: { name: node.name, nesting: node.nesting, file, line, column } });
      const started = performance.now();
      if (node.skip === undefined && !node.error) {
        try {
          if (node.kind === 'suite') await this.runSuite(node);
          else await this.runTest(node);
        } catch (error) {
          node.error ??= this.failureOf(error);
        }
      }
      if (!node.error && node.failedChildren > 0) {
        const count = node.failedChildren;
        node.error = runnerFailure('subtestsFailed', `${count} subtest${count === 1 ? '' : 's'} failed`, this.options.failure.inspect);
      }
      this.report(node, performance.now() - started);
    } finally {
      node.finish();
    }
  }

  private failureOf(error: unknown, failureType = 'testCodeFailure'): TestFailure {
    if (error instanceof TimeoutError) return runnerFailure('testTimeoutFailure', error.message, this.options.failure.inspect);
    return describeFailure(error, failureType, this.options.failure);
  }

  private async runSuite(node: TestNode): Promise<void> {
    await node.built;
    await this.runHooks(node.hooks.before, node, undefined, 'hookFailure');
    for (const child of node.children) await this.run(child);
    await this.runHooks(node.hooks.after, node, undefined, 'hookFailure');
  }

  private async runTest(node: TestNode): Promise<void> {
    const context = createTestContext(node, { ...this.options.parts, runSubtest: (child) => this.runSubtest(node, child) });
    const ancestors = node.ancestors();
    for (const ancestor of ancestors) await this.runHooks(ancestor.hooks.beforeEach, node, context, 'hookFailure');
    let testError: unknown = null;
    const previous = this.failRunning;
    const uncaught = new Promise<never>((_, reject) => (this.failRunning = reject));
    try {
      await this.withTimeout(node, () => Promise.race([this.callWithDone(node.fn, context), uncaught]));
    } catch (error) {
      testError = error;
    } finally {
      this.failRunning = previous;
    }
    await node.subtests;
    for (const ancestor of [...ancestors].reverse()) await this.runHooks(ancestor.hooks.afterEach, node, context, 'hookFailure');
    await this.runHooks(node.hooks.after, node, context, 'hookFailure');
    context.mock.restoreAll();
    if (testError !== null) throw testError;
    const counted = node.assertions + node.reportedChildren;
    if (node.plan !== undefined && counted !== node.plan) {
      node.error = runnerFailure('testCodeFailure', `plan expected ${node.plan} assertions but received ${counted}`, this.options.failure.inspect);
    }
  }

  private runSubtest(parent: TestNode, child: TestNode): Promise<void> {
    const first = parent.children.length === 0;
    parent.children.push(child);
    // `t.before()` hooks run once, before the first subtest.
    const before = first ? parent.subtests.then(() => this.runHooks(parent.hooks.before, parent, undefined)) : parent.subtests;
    const run = before.then(
      () => this.run(child),
      () => this.run(child),
    );
    parent.subtests = run;
    return run;
  }

  private async runHooks(hooks: TestFn[], node: TestNode, context: unknown, failureType = 'hookFailure'): Promise<void> {
    for (const hook of hooks) {
      try {
        await this.callWithDone(hook, context ?? { name: node.name, signal: node.controller.signal });
      } catch (error) {
        node.error ??= this.failureOf(error, failureType);
        throw error;
      }
    }
  }

  /** Calls a test or hook function, waiting for its promise, or for `done` when it takes one. */
  private callWithDone(fn: TestFn | undefined, context: unknown): Promise<unknown> {
    if (!fn) return Promise.resolve();
    if (fn.length < 2) return Promise.resolve().then(() => fn(context));
    return new Promise((resolve, reject) => {
      const done = (error?: unknown) => (error ? reject(error) : resolve(undefined));
      try {
        fn(context, done);
      } catch (error) {
        reject(error);
      }
    });
  }

  private withTimeout(node: TestNode, work: () => Promise<unknown>): Promise<unknown> {
    const ms = node.options.timeout ?? this.options.timeout;
    if (!Number.isFinite(ms)) return work();
    let handle: unknown;
    const timeout = new Promise((_, reject) => {
      handle = this.options.setTimeout(() => {
        node.controller.abort();
        reject(new TimeoutError(`test timed out after ${ms}ms`));
      }, ms);
    });
    return Promise.race([work(), timeout]).finally(() => this.options.clearTimeout(handle));
  }

  private report(node: TestNode, duration: number): void {
    const parent = node.parent as TestNode;
    const failed = node.error !== undefined && node.todo === undefined;
    if (failed) parent.failedChildren++;
    if (node.reportedChildren > 0) this.options.emit({ type: 'test:plan', data: { nesting: node.nesting + 1, count: node.reportedChildren } });
    const { file, line, column } = node.location;
    this.options.emit({
      type: node.error ? 'test:fail' : 'test:pass',
      data: {
        name: node.name,
        nesting: node.nesting,
        testNumber: ++parent.reportedChildren,
        file,
        line,
        column,
        skip: node.skip,
        todo: node.todo,
        details: { duration_ms: Number(duration.toFixed(6)), type: node.kind, error: node.error },
      },
    });
    for (const message of node.diagnostics) this.options.emit({ type: 'test:diagnostic', data: { nesting: node.nesting, message } });
  }
}
