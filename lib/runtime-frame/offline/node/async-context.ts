/**
 * The async context frame every AsyncLocalStorage of this realm reads (one realm is one process's worker), and
 * how it follows the program's asynchronous work. Node carries the frame with promise hooks inside V8; a page
 * has none, so the frame is carried by the code itself:
 * - each `await` is compiled as `resume(capture(), await x)` (awaitRewrite), which puts back after the await
 *   the frame that was current before it;
 * - callbacks given to `then`/`catch`/`finally`, `queueMicrotask` and `process.nextTick` run in the frame
 *   current when they were registered, once a program has made an AsyncLocalStorage (before that there is
 *   nothing to carry, and the functions are left as they are); Node's timer objects keep theirs (node-timers.ts).
 */
export type Frame = ReadonlyMap<object, unknown>;

const EMPTY: Frame = new Map();
let current: Frame = EMPTY;

/** Names the compiled code calls; a module would have to spell them out to collide. */
export const CAPTURE_NAME = '__tabsmith_ctx_capture';
export const RESUME_NAME = '__tabsmith_ctx_resume';

export function currentFrame(): Frame {
  return current;
}

export function setFrame(frame: Frame): void {
  current = frame;
}

export function withFrame<R>(frame: Frame, fn: () => R): R {
  const previous = current;
  current = frame;
  try {
    return fn();
  } finally {
    current = previous;
  }
}

/** Wraps `fn` so that it runs in the frame current now; returns `fn` itself when there is nothing to carry. */
function bindFrame<F>(fn: F): F {
  if (typeof fn !== 'function' || current === EMPTY) return fn;
  const frame = current;
  const target = fn as unknown as (...args: unknown[]) => unknown;
  return function (this: unknown, ...args: unknown[]) {
    return withFrame(frame, () => Reflect.apply(target, this, args));
  } as unknown as F;
}

/** Defines the functions rewritten awaits call. Cheap enough to stay in place for programs that use no storage. */
export function installAwaitHelpers(target: Record<string, unknown> = globalThis as never): void {
  if (typeof target[CAPTURE_NAME] === 'function') return;
  const define = (name: string, value: unknown) => Object.defineProperty(target, name, { value, configurable: true, writable: false, enumerable: false });
  define(CAPTURE_NAME, () => current);
  define(RESUME_NAME, <T>(frame: Frame, value: T): T => {
    current = frame;
    return value;
  });
}

const propagating = new WeakSet<object>();

type Scheduler = (callback: unknown, ...rest: unknown[]) => unknown;

function wrapFirst(owner: Record<string, unknown>, name: string): void {
  const original = owner[name];
  if (typeof original !== 'function') return;
  owner[name] = Object.assign(function (this: unknown, callback: unknown, ...rest: unknown[]) {
    return (original as Scheduler).call(this, bindFrame(callback), ...rest);
  }, original);
}

/**
 * From the first AsyncLocalStorage on, callbacks of promise reactions, microtasks, ticks and timers keep the
 * frame of the code that registered them, as Node's do.
 */
export function propagateFrames(process: Record<string, unknown>, target: Record<string, unknown> = globalThis as never): void {
  if (!propagating.has(process)) {
    propagating.add(process);
    wrapFirst(process, 'nextTick');
  }
  if (propagating.has(target)) return;
  propagating.add(target);
  const proto = Promise.prototype as unknown as { then: (...args: unknown[]) => unknown };
  const then = proto.then;
  proto.then = function (this: Promise<unknown>, onFulfilled?: unknown, onRejected?: unknown) {
    return then.call(this, bindFrame(onFulfilled), bindFrame(onRejected));
  };
  // catch and finally call `then` themselves, so they are covered.
  wrapFirst(target, 'queueMicrotask');
}
