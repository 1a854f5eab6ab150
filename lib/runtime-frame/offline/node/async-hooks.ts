/**
 * `async_hooks` for one process. Stores live in one context frame shared by every AsyncLocalStorage, as in
 * Node 24's AsyncContextFrame: `run`, `exit`, `enterWith` and `getStore` behave as Node's within synchronous
 * code, across `await`, in promise reactions, microtasks, ticks and timers (async-context.ts carries the frame),
 * and in callbacks bound with `AsyncResource`, `AsyncResource.bind`, `AsyncLocalStorage.bind` or `snapshot()`.
 *
 * `createHook`'s hooks see the resources made with AsyncResource (async-hook-registry.ts); the ones Node makes
 * inside V8 and libuv (promises, requests, handles) a page cannot observe.
 */
import { currentFrame, propagateFrames, setFrame, withFrame, type Frame } from './async-context';
import { asyncHookRegistry, type Execution } from './async-hook-registry';
import { nodeError } from './node-errors';
import { argTypeError, validateFunction } from './validators';

type Module = Record<string, unknown>;

/** Per process: each process's built-ins are made once. */
export function asyncHooksModule(almost: Module, process: Module): Module {
  const hooks = asyncHookRegistry();

  class AsyncResource {
    readonly #frame = currentFrame();
    readonly #asyncId = hooks.newAsyncId();
    readonly #triggerAsyncId: number;
    constructor(
      readonly type: string,
      options?: number | { triggerAsyncId?: number },
    ) {
      if (typeof type !== 'string') throw argTypeError('type', 'string', type);
      if (type.length === 0) throw nodeError(TypeError, 'ERR_ASYNC_TYPE', `Invalid name for async "type": ${type}`);
      const trigger = typeof options === 'number' ? options : (options?.triggerAsyncId ?? hooks.current().asyncId);
      if (!Number.isSafeInteger(trigger) || trigger < -1) throw nodeError(RangeError, 'ERR_INVALID_ASYNC_ID', `Invalid triggerAsyncId value: ${trigger}`);
      this.#triggerAsyncId = trigger;
      hooks.emitInit(this.#asyncId, type, trigger, this);
    }
    runInAsyncScope<R>(fn: (...args: unknown[]) => R, thisArg?: unknown, ...args: unknown[]): R {
      const execution: Execution = { asyncId: this.#asyncId, triggerAsyncId: this.#triggerAsyncId, resource: this };
      return withFrame(this.#frame, () => hooks.runIn(execution, () => Reflect.apply(fn, thisArg, args)));
    }
    bind<F extends (...args: unknown[]) => unknown>(fn: F, thisArg?: unknown): F {
      const run = this.runInAsyncScope.bind(this);
      return function bound(this: unknown, ...args: unknown[]) {
        return run(fn, thisArg === undefined ? this : thisArg, ...args);
      } as F;
    }
    static bind<F extends (...args: unknown[]) => unknown>(fn: F, type?: string, thisArg?: unknown): F {
      validateFunction(fn, 'fn');
      return new AsyncResource(type ?? (fn.name || 'bound-anonymous-fn')).bind(fn, thisArg);
    }
    emitDestroy(): this {
      hooks.emitDestroy(this.#asyncId);
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
    constructor() {
      // From here on the frame has something to carry across callbacks.
      propagateFrames(process);
    }
    getStore(): T | undefined {
      return this.#enabled ? (currentFrame().get(this) as T | undefined) : undefined;
    }
    run<R>(store: T, callback: (...args: unknown[]) => R, ...args: unknown[]): R {
      this.#enabled = true;
      const previous = currentFrame();
      const frame = new Map(previous);
      frame.set(this, store);
      // No helper frames between run() and the callback: programs nest run() a thousand deep.
      setFrame(frame);
      try {
        return callback(...args);
      } finally {
        setFrame(previous);
      }
    }
    exit<R>(callback: (...args: unknown[]) => R, ...args: unknown[]): R {
      const frame = new Map(currentFrame());
      frame.delete(this);
      return withFrame(frame, () => callback(...args));
    }
    enterWith(store: T): void {
      this.#enabled = true;
      const frame = new Map(currentFrame());
      frame.set(this, store);
      setFrame(frame);
    }
    disable(): void {
      this.#enabled = false;
      const frame = new Map(currentFrame());
      frame.delete(this);
      setFrame(frame);
    }
    static bind<F extends (...args: unknown[]) => unknown>(fn: F): F {
      validateFunction(fn, 'fn');
      return AsyncResource.bind(fn);
    }
    static snapshot() {
      const frame: Frame = currentFrame();
      return <R>(fn: (...args: unknown[]) => R, ...args: unknown[]) => withFrame(frame, () => fn(...args));
    }
  }
  return {
    ...almost,
    AsyncLocalStorage,
    AsyncResource,
    createHook: (callbacks: unknown) => hooks.createHook(callbacks),
    executionAsyncId: () => hooks.current().asyncId,
    triggerAsyncId: () => hooks.current().triggerAsyncId,
    executionAsyncResource: () => hooks.current().resource,
    asyncWrapProviders: Object.freeze({ NONE: 0, PROMISE: 27, TIMERWRAP: 34, Timeout: 35, Immediate: 36, TickObject: 37 }),
  };
}
