/**
 * The `t` a test function receives: `t.test()` subtests, `t.diagnostic()`, `t.plan()`, `t.assert` (node:assert's
 * functions, counted for the plan), `t.mock` (restored when the test ends), `t.skip()`/`t.todo()`, hooks for
 * its subtests, and its name and abort signal.
 */
import { TestNode, type Location, type TestFn, type TestOptions } from './test-node';

interface MockRestorer {
  restoreAll(): void;
}

export interface ContextParts {
  assert: Record<string, unknown>;
  createMock(): MockRestorer;
  locate(): Location;
  runSubtest(child: TestNode): Promise<void>;
}

/** test(name?, options?, fn?) in any of Node's argument orders. */
export function testArguments(args: unknown[]): { name: string; options: TestOptions; fn: TestFn | undefined } {
  let name: string | undefined;
  let options: TestOptions = {};
  let fn: TestFn | undefined;
  for (const arg of args) {
    if (typeof arg === 'string') name = arg;
    else if (typeof arg === 'function') fn = arg as TestFn;
    else if (arg && typeof arg === 'object') options = arg as TestOptions;
  }
  return { name: name ?? (fn?.name || '<anonymous>'), options, fn };
}

/** The node:assert functions Node 22 puts on `t.assert`. */
const CONTEXT_ASSERTIONS = [
  'deepEqual',
  'deepStrictEqual',
  'doesNotMatch',
  'doesNotReject',
  'doesNotThrow',
  'equal',
  'fail',
  'ifError',
  'match',
  'notDeepEqual',
  'notDeepStrictEqual',
  'notEqual',
  'notStrictEqual',
  'ok',
  'rejects',
  'strictEqual',
  'throws',
];

function countedAssert(assert: Record<string, unknown>, node: TestNode): Record<string, unknown> {
  const counted: Record<string, unknown> = {};
  for (const key of CONTEXT_ASSERTIONS) {
    const value = assert[key];
    if (typeof value !== 'function') continue;
    counted[key] = (...args: unknown[]) => {
      node.assertions++;
      return (value as (...args: unknown[]) => unknown)(...args);
    };
  }
  return counted;
}

export function createTestContext(node: TestNode, parts: ContextParts) {
  let mock: MockRestorer | undefined;
  const subtest =
    (extra: TestOptions) =>
    (...args: unknown[]) => {
      const { name, options, fn } = testArguments(args);
      const child = new TestNode(name, 'test', fn, { ...options, ...extra }, node, parts.locate());
      return parts.runSubtest(child);
    };
  const test = Object.assign(subtest({}), { skip: subtest({ skip: true }), todo: subtest({ todo: true }), only: subtest({ only: true }) });
  return {
    name: node.name,
    fullName: node.fullName,
    filePath: node.location.file,
    signal: node.controller.signal,
    assert: countedAssert(parts.assert, node),
    get mock() {
      return (mock ??= parts.createMock());
    },
    test,
    diagnostic(message: string) {
      node.diagnostics.push(String(message));
    },
    plan(count: number) {
      node.plan = count;
    },
    skip(message?: string) {
      node.skip = message || true;
    },
    todo(message?: string) {
      node.todo = message || true;
    },
    runOnly(value: boolean) {
      node.runOnly = Boolean(value);
    },
    before: (fn: TestFn) => void node.hooks.before.push(fn),
    after: (fn: TestFn) => void node.hooks.after.push(fn),
    beforeEach: (fn: TestFn) => void node.hooks.beforeEach.push(fn),
    afterEach: (fn: TestFn) => void node.hooks.afterEach.push(fn),
  };
}
