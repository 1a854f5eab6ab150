/**
 * `async_hooks` for one process. Stores live in one context frame shared by every AsyncLocalStorage, as in
 * Node 24's AsyncContextFrame: `run`, `exit`, `enterWith` and `getStore` behave as Node's within synchronous
 * code and in callbacks bound with `AsyncResource`, `AsyncResource.bind`, `AsyncLocalStorage.bind` or
 * `snapshot()`, which capture the frame and restore it when called.
 *
 * Not done: carrying the frame across `await`, promise reactions and timers on its own. Node does that from
 * inside V8 (promise hooks); a page has no such hook, and patching `Promise.prototype.then` would not see a
 * native `await`. After an `await` inside `run()`, `getStore()` answers with the frame that is current when the
 * continuation runs.
 */
type Frame = ReadonlyMap<object, unknown>;
type Module = Record<string, unknown>;

/** Per process: each process's built-ins are made once, so each has its own frame. */
export function asyncHooksModule(almost: Module): Module {
  let current: Frame = new Map();

  function withFrame<R>(frame: Frame, fn: () => R): R {
    const previous = current;
    current = frame;
    try {
      return fn();
    } finally {
      current = previous;
    }
  }

  let nextAsyncId = 1;

  class AsyncResource {
    readonly #frame = current;
    readonly #asyncId = ++nextAsyncId;
    readonly #triggerAsyncId: number;
    constructor(readonly type: string, options?: number | { triggerAsyncId?: number }) {
      this.#triggerAsyncId = typeof options === 'number' ? options : (options?.triggerAsyncId ?? 1);
    }
    runInAsyncScope<R>(fn: (...args: unknown[]) => R, thisArg?: unknown, ...args: unknown[]): R {
      return withFrame(this.#frame, () => Reflect.apply(fn, thisArg, args));
    }
    bind<F extends (...args: unknown[]) => unknown>(fn: F, thisArg?: unknown): F {
      const run = this.runInAsyncScope.bind(this);
      return function bound(this: unknown, ...args: unknown[]) {
        return run(fn, thisArg === undefined ? this : thisArg, ...args);
      } as F;
    }
    static bind<F extends (...args: unknown[]) => unknown>(fn: F, type?: string, thisArg?: unknown): F {
      return new AsyncResource(type ?? (fn.name || 'bound-anonymous-fn')).bind(fn, thisArg);
    }
    emitDestroy(): this {
      return this;
    }
    asyncId(): number {
      return this.#asyncId;
    }
    triggerAsyncId(): number {
      return this.#triggerAsyncId;
    }
  }

  class AsyncLocalStorage<T> {
    #enabled = true;
    getStore(): T | undefined {
      return this.#enabled ? (current.get(this) as T | undefined) : undefined;
    }
    run<R>(store: T, callback: (...args: unknown[]) => R, ...args: unknown[]): R {
      this.#enabled = true;
      const frame = new Map(current);
      frame.set(this, store);
      return withFrame(frame, () => callback(...args));
    }
    exit<R>(callback: (...args: unknown[]) => R, ...args: unknown[]): R {
      const frame = new Map(current);
      frame.delete(this);
      return withFrame(frame, () => callback(...args));
    }
    enterWith(store: T): void {
      this.#enabled = true;
      const frame = new Map(current);
      frame.set(this, store);
      current = frame;
    }
    disable(): void {
      this.#enabled = false;
      const frame = new Map(current);
      frame.delete(this);
      current = frame;
    }
    static bind<F extends (...args: unknown[]) => unknown>(fn: F): F {
      return AsyncResource.bind(fn);
    }
    static snapshot() {
      const frame = current;
      return <R>(fn: (...args: unknown[]) => R, ...args: unknown[]) => withFrame(frame, () => fn(...args));
    }
  }
  return {
    ...almost,
    AsyncLocalStorage,
    AsyncResource,
    createHook: () => ({ enable() { return this; }, disable() { return this; } }),
    executionAsyncId: () => 1,
    triggerAsyncId: () => 0,
    executionAsyncResource: () => ({}),
    asyncWrapProviders: Object.freeze({ NONE: 0, PROMISE: 27, TIMERWRAP: 34, Timeout: 35, Immediate: 36, TickObject: 37 }),
  };
}
