/**
 * A tiny assertion helper for the contract cases. No test framework: the same cases run in Vitest
 * and on the /selftest page in a real browser.
 */

export class ContractFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContractFailure';
  }
}

/** Plain-data rendering for messages and deep comparison; bytes show as arrays. */
function show(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v instanceof Uint8Array ? Array.from(v) : v)) ?? String(value);
}

export interface Assert {
  // Not an `asserts` signature: those need explicit annotations at every call site. Narrow with
  // `if (!x) return t.fail(...)` instead.
  ok(condition: unknown, message: string): void;
  equal<T>(actual: T, expected: T, message?: string): void;
  /** Structural equality of plain data (objects, arrays, strings, numbers, Uint8Array). */
  deepEqual(actual: unknown, expected: unknown, message?: string): void;
  fail(message: string): never;
}

export const assert: Assert = {
  ok(condition, message) {
    if (!condition) throw new ContractFailure(message);
  },
  equal(actual, expected, message) {
    if (!Object.is(actual, expected)) {
      throw new ContractFailure(`${message ?? 'values differ'}: expected ${show(expected)}, got ${show(actual)}`);
    }
  },
  deepEqual(actual, expected, message) {
    if (show(actual) !== show(expected)) {
      throw new ContractFailure(`${message ?? 'values differ'}: expected ${show(expected)}, got ${show(actual)}`);
    }
  },
  fail(message) {
    throw new ContractFailure(message);
  },
};
