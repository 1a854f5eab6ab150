/**
 * One test or suite of node:test's tree, with the options Node takes (`skip`, `todo`, `only`, `timeout`,
 * `plan`), its hooks, and the selection rules of `--test-only` and `--test-name-pattern`.
 */
import type { TestFailure } from './events';

export type TestFn = (...args: unknown[]) => unknown;
export type HookKind = 'before' | 'after' | 'beforeEach' | 'afterEach';

export interface TestOptions {
  skip?: boolean | string;
  todo?: boolean | string;
  only?: boolean;
  timeout?: number;
  plan?: number;
  concurrency?: unknown;
  signal?: AbortSignal;
}

export interface Location {
  file?: string;
  line?: number;
  column?: number;
}

export class TestNode {
  readonly children: TestNode[] = [];
  readonly hooks: Record<HookKind, TestFn[]> = { before: [], after: [], beforeEach: [], afterEach: [] };
  readonly diagnostics: string[] = [];
  readonly nesting: number;
  readonly controller = new AbortController();
  skip: string | true | undefined;
  todo: string | true | undefined;
  error: TestFailure | undefined;
  /** A suite's body, when it returned a promise: its tests are known once it settles. */
  built: Promise<unknown> = Promise.resolve();
  /** A test's subtests run one after another; this is the end of the line. */
  subtests: Promise<void> = Promise.resolve();
  failedChildren = 0;
  reportedChildren = 0;
  assertions = 0;
  plan: number | undefined;
  /** `t.runOnly(true)`: under --test-only, only this test's subtests with `only` run. */
  runOnly = false;
  readonly finished: Promise<void>;
  finish!: () => void;

  constructor(
    readonly name: string,
    readonly kind: 'test' | 'suite',
    readonly fn: TestFn | undefined,
    readonly options: TestOptions,
    readonly parent: TestNode | null,
    readonly location: Location,
  ) {
    this.nesting = parent ? parent.nesting + 1 : -1;
    this.skip = options.skip === true || (typeof options.skip === 'string' && options.skip) ? options.skip : undefined;
    this.todo = options.todo === true || (typeof options.todo === 'string' && options.todo) ? options.todo : undefined;
    this.plan = options.plan;
    this.finished = new Promise((resolve) => (this.finish = resolve));
    // Node: a test given no function is a todo.
    if (!fn && kind === 'test' && this.todo === undefined && this.skip === undefined) this.todo = true;
  }

  get fullName(): string {
    return this.parent && this.parent.nesting >= 0 ? `${this.parent.fullName} > ${this.name}` : this.name;
  }

  ancestors(): TestNode[] {
    const chain: TestNode[] = [];
    for (let node = this.parent; node; node = node.parent) chain.unshift(node);
    return chain;
  }

  someDescendant(test: (node: TestNode) => boolean): boolean {
    return this.children.some((child) => test(child) || child.someDescendant(test));
  }
}

/** Whether `--test-only` lets the test run: it or an enclosing suite has `only`, or a suite holds such tests. */
export function selectedByOnly(node: TestNode): boolean {
  const parent = node.parent;
  if (parent && parent.kind === 'test' && parent.nesting >= 0) return !parent.runOnly || node.options.only === true;
  if (node.options.only) return true;
  if (node.kind === 'suite' && node.someDescendant((child) => child.options.only === true)) return true;
  if (parent?.children.some((sibling) => sibling.options.only === true)) return false;
  return node.ancestors().some((ancestor) => ancestor.options.only === true);
}

/** Whether the name patterns let the test run: it, an enclosing suite or (for a suite) a test in it matches. */
export function selectedByName(node: TestNode, include: RegExp[], exclude: RegExp[]): boolean {
  const matches = (candidate: TestNode, patterns: RegExp[]) =>
    patterns.some((pattern) => pattern.test(candidate.name) || pattern.test(candidate.fullName.replace(/ > /g, ' ')));
  if (exclude.length && [node, ...node.ancestors()].some((candidate) => candidate.nesting >= 0 && matches(candidate, exclude))) return false;
  if (!include.length) return true;
  if (matches(node, include)) return true;
  if (node.ancestors().some((ancestor) => ancestor.nesting >= 0 && matches(ancestor, include))) return true;
  return node.kind === 'suite' && node.someDescendant((child) => matches(child, include));
}
