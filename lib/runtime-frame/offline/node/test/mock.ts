/**
 * node:test's `mock`: `mock.fn()`, `mock.method()`, `mock.getter()`/`mock.setter()` with their `.mock`
 * context (calls, callCount, mockImplementation[Once], resetCalls, restore), and `mock.timers`.
 */
import { MockTimers } from './mock-timers';

type AnyFn = (this: unknown, ...args: unknown[]) => unknown;

interface MockCall {
  arguments: unknown[];
  error: unknown;
  result: unknown;
  stack: Error;
  target: unknown;
  this: unknown;
}

interface MockOptions {
  times?: number;
  getter?: boolean;
  setter?: boolean;
}

class MockFunctionContext {
  readonly calls: MockCall[] = [];
  private readonly once = new Map<number, AnyFn>();
  constructor(
    private implementation: AnyFn,
    readonly original: AnyFn,
    private readonly times: number,
    private readonly restorer: () => void,
  ) {}

  callCount(): number {
    return this.calls.length;
  }

  mockImplementation(implementation: AnyFn): void {
    this.implementation = implementation;
  }

  mockImplementationOnce(implementation: AnyFn, onCall = this.calls.length): void {
    this.once.set(onCall, implementation);
  }

  resetCalls(): void {
    this.calls.length = 0;
  }

  restore(): void {
    this.restorer();
  }

  /** The function for the next call: a one-off, the implementation while `times` lasts, then the original. */
  nextImplementation(): AnyFn {
    const index = this.calls.length;
    const once = this.once.get(index);
    if (once) {
      this.once.delete(index);
      return once;
    }
    return index < this.times ? this.implementation : this.original;
  }
}

const noop: AnyFn = () => undefined;

export class MockTracker {
  readonly timers = new MockTimers();
  private readonly mocks: MockFunctionContext[] = [];

  fn(original?: unknown, implementation?: unknown, options?: MockOptions): AnyFn {
    if (implementation && typeof implementation === 'object') [implementation, options] = [undefined, implementation as MockOptions];
    const base = typeof original === 'function' ? (original as AnyFn) : noop;
    const impl = typeof implementation === 'function' ? (implementation as AnyFn) : base;
    return this.wrap(base, impl, options?.times ?? Infinity, () => undefined);
  }

  method(object: Record<PropertyKey, unknown>, name: PropertyKey, implementation?: unknown, options?: MockOptions): AnyFn {
    if (implementation && typeof implementation === 'object') [implementation, options] = [undefined, implementation as MockOptions];
    const descriptor = findDescriptor(object, name);
    const kind = options?.getter ? 'get' : options?.setter ? 'set' : 'value';
    const original = descriptor?.[kind] as AnyFn | undefined;
    if (typeof original !== 'function') {
      throw Object.assign(new TypeError(`The argument 'methodName' must be a method. Received ${String(name)}`), { code: 'ERR_INVALID_ARG_VALUE' });
    }
    const own = Object.getOwnPropertyDescriptor(object, name);
    // A method found on the prototype is shadowed by the mock; restoring removes the shadow.
    const restore = () => (own ? Object.defineProperty(object, name, own) : Reflect.deleteProperty(object, name));
    const impl = typeof implementation === 'function' ? (implementation as AnyFn) : original;
    const mocked = this.wrap(original, impl, options?.times ?? Infinity, restore);
    Object.defineProperty(object, name, { ...descriptor, configurable: true, [kind]: mocked });
    return mocked;
  }

  getter(object: Record<PropertyKey, unknown>, name: PropertyKey, implementation?: unknown, options?: MockOptions): AnyFn {
    return this.method(object, name, implementation, { ...options, getter: true });
  }

  setter(object: Record<PropertyKey, unknown>, name: PropertyKey, implementation?: unknown, options?: MockOptions): AnyFn {
    return this.method(object, name, implementation, { ...options, setter: true });
  }

  /** Restores every mocked method and forgets the mocks. */
  reset(): void {
    this.restoreAll();
    this.mocks.length = 0;
  }

  restoreAll(): void {
    for (const mock of this.mocks) mock.restore();
    this.timers.reset();
  }

  private wrap(original: AnyFn, implementation: AnyFn, times: number, restore: () => void): AnyFn {
    const context = new MockFunctionContext(implementation, original, times, restore);
    this.mocks.push(context);
    const mocked = function (this: unknown, ...args: unknown[]) {
      const call: MockCall = { arguments: args, error: undefined, result: undefined, stack: new Error(), target: new.target, this: this };
      const impl = context.nextImplementation();
      try {
        call.result = new.target ? Reflect.construct(impl, args, new.target) : impl.apply(this, args);
        return call.result;
      } catch (error) {
        call.error = error;
        throw error;
      } finally {
        context.calls.push(call);
      }
    };
    Object.defineProperty(mocked, 'mock', { value: context, enumerable: false });
    Object.defineProperty(mocked, 'name', { value: original.name });
    Object.defineProperty(mocked, 'length', { value: original.length });
    return mocked;
  }
}

function findDescriptor(object: object, name: PropertyKey): PropertyDescriptor | undefined {
  for (let target: object | null = object; target; target = Object.getPrototypeOf(target)) {
    const descriptor = Object.getOwnPropertyDescriptor(target, name);
    if (descriptor) return descriptor;
  }
  return undefined;
}
