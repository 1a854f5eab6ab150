/**
 * `assert.CallTracker` (deprecated in Node 22, still there): wraps functions, counts their calls with their
 * `this` and arguments, and `verify()` throws an AssertionError naming the functions called the wrong number of
 * times, in Node's words.
 */
import { nodeError } from './node-errors';
import { argValueError, validateUint32 } from './validators';

type AnyFunction = (...args: unknown[]) => unknown;
interface Call {
  thisArg: unknown;
  arguments: readonly unknown[];
}
interface CallReport {
  message: string;
  actual: number;
  expected: number;
  operator: string;
  stack: Error;
}

class TrackedCalls {
  calls: Call[] = [];
  constructor(
    readonly expected: number,
    readonly name: string,
    readonly stack: Error,
  ) {}
  report(): CallReport | undefined {
    if (this.calls.length === this.expected) return undefined;
    const message = `Expected the ${this.name} function to be executed ${this.expected} time(s) but was executed ${this.calls.length} time(s).`;
    return { message, actual: this.calls.length, expected: this.expected, operator: this.name, stack: this.stack };
  }
}

const noop = () => undefined;

export function callTrackerClass(AssertionError: new (options: object) => Error, isExiting: () => boolean) {
  return class CallTracker {
    #pending = new Set<TrackedCalls>();
    #all = new Set<TrackedCalls>();
    #tracked = new WeakMap<object, TrackedCalls>();

    #of(tracked: unknown): TrackedCalls {
      const found = typeof tracked === 'function' ? this.#tracked.get(tracked) : undefined;
      if (!found) throw argValueError('tracked', tracked, 'is not a tracked function');
      return found;
    }

    calls(fn?: unknown, expected: unknown = 1): AnyFunction {
      if (isExiting()) throw nodeError(Error, 'ERR_UNAVAILABLE_DURING_EXIT', 'Cannot call function in process exit handler');
      if (typeof fn === 'number') {
        expected = fn;
        fn = noop;
      } else if (fn === undefined) {
        fn = noop;
      }
      validateUint32(expected, 'expected', true);
      const target = fn as AnyFunction;
      const context = new TrackedCalls(expected, target.name || 'calls', new Error());
      const pending = this.#pending;
      // A Proxy keeps the function's length, name and own properties without reading them. Its handler has
      // no prototype, so traps a program adds to Object.prototype (a `get`, say) are not taken for its own.
      const handler: ProxyHandler<AnyFunction> = Object.setPrototypeOf(
        {
          apply(original: AnyFunction, thisArg: unknown, args: unknown[]) {
            context.calls.push(Object.freeze({ thisArg, arguments: Object.freeze(Array.prototype.slice.call(args)) }));
            if (context.calls.length === context.expected) pending.delete(context);
            else pending.add(context);
            return Reflect.apply(original, thisArg, args);
          },
        },
        null,
      );
      const tracked = new Proxy(target, handler);
      pending.add(context);
      this.#all.add(context);
      this.#tracked.set(tracked, context);
      return tracked;
    }

    getCalls(tracked: unknown): readonly Call[] {
      return Object.freeze([...this.#of(tracked).calls]);
    }

    reset(tracked?: unknown): void {
      if (tracked === undefined) {
        for (const context of this.#all) context.calls = [];
        return;
      }
      this.#of(tracked).calls = [];
    }

    report(): CallReport[] {
      return [...this.#pending].map((context) => context.report()).filter((report): report is CallReport => report !== undefined);
    }

    verify(): void {
      const reports = this.report();
      if (reports.length === 0) return;
      const message = reports.length === 1 ? (reports[0] as CallReport).message : 'Functions were not called the expected number of times';
      throw new AssertionError({ message, details: reports });
    }
  };
}
