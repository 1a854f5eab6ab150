/**
 * Per-process timer bookkeeping. In a browser there is no event loop to ask "is this process done?", so the
 * adapter counts the timers a process has pending: timers created while its code runs (its synchronous part
 * and its own timer callbacks) belong to it, and a process with pending timers or intervals keeps running,
 * as in Node. On a thread that several processes share, timers created elsewhere (promise continuations,
 * request handlers) cannot be told apart and are not counted; a process alone in its worker owns every timer
 * created there (ownEveryTimer), as after an `await` in an ES module, except the runtime's own (untracked).
 */
import { argTypeError } from './node/validators';

export interface TimerOwner {
  readonly timers: Set<unknown>;
  /** True when an error thrown by one of its callbacks is the owner's own business (process.exit unwinding). */
  handles?(error: unknown): boolean;
  /** Whether anything else (servers, ports, children, a pending main module) keeps the process running. */
  busy?(): boolean;
  /** process.emitWarning of the owning process. */
  warn?(message: string, type: string): void;
}

type TimerFn = (callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => unknown;
type ClearFn = (handle: unknown) => void;
interface TimerGlobals {
  setTimeout: TimerFn;
  setInterval: TimerFn;
  clearTimeout: ClearFn;
  clearInterval: ClearFn;
}

/**
 * The page's own timer functions, taken when this module loads, before anything wraps them: Node's timer
 * objects (node/node-timers.ts) are built on them and do their own bookkeeping.
 */
export const nativeTimers = {
  setTimeout: globalThis.setTimeout.bind(globalThis) as (callback: () => void, ms?: number) => unknown,
  clearTimeout: globalThis.clearTimeout.bind(globalThis) as (handle: unknown) => void,
};

let current: TimerOwner | null = null;
let everyTimersOwner: TimerOwner | null = null;
const owners = new Map<unknown, TimerOwner>();
/** Owns the runtime's own timers, which never keep a process alive. */
const RUNTIME: TimerOwner = { timers: new Set() };

/** Runs `work` with `owner` as the owner of any timer it creates. */
export function runAs<T>(owner: TimerOwner, work: () => T): T {
  const previous = current;
  current = owner;
  try {
    return work();
  } finally {
    current = previous;
  }
}

/** Makes `owner` the owner of every timer not created by another owner's code; returns what undoes it. */
export function ownEveryTimer(owner: TimerOwner): () => void {
  const previous = everyTimersOwner;
  everyTimersOwner = owner;
  return () => {
    everyTimersOwner = previous;
  };
}

/** Runs the runtime's own `work`: timers it creates belong to no process. */
export function untracked<T>(work: () => T): T {
  return runAs(RUNTIME, work);
}

/** The process whose code runs now: work it starts later (a test run) can keep it alive as its own. */
export function currentTimerOwner(): TimerOwner | null {
  return current === RUNTIME ? null : (current ?? everyTimersOwner);
}

function forget(handle: unknown): void {
  owners.get(handle)?.timers.delete(handle);
  owners.delete(handle);
}

/** Wraps the global timer functions; returns a function that restores them. */
export function installTimerTracking(target: TimerGlobals = globalThis as unknown as TimerGlobals): () => void {
  const original = {
    setTimeout: target.setTimeout,
    setInterval: target.setInterval,
    clearTimeout: target.clearTimeout,
    clearInterval: target.clearInterval,
  };
  const track = (repeat: boolean): TimerFn =>
    function (callback, ms, ...args) {
      const owner = currentTimerOwner();
      const create = repeat ? original.setInterval : original.setTimeout;
      if (!owner) return create.call(globalThis, callback, ms, ...args);
      // A node process gets Node's error, never the browser's evaluation of a string as code.
      if (typeof callback !== 'function') throw argTypeError('callback', 'function', callback);
      const handle: unknown = create.call(
        globalThis,
        (...callArgs: unknown[]) => {
          if (!repeat) forget(handle);
          try {
            runAs(owner, () => callback(...callArgs));
          } catch (error) {
            if (!owner.handles?.(error)) throw error;
          }
        },
        ms,
        ...args,
      );
      owner.timers.add(handle);
      owners.set(handle, owner);
      // Node's unref() means "do not keep the process alive for this timer".
      const unrefable = handle as { unref?: () => unknown } | null;
      if (unrefable && typeof unrefable.unref === 'function') {
        const unref = unrefable.unref.bind(unrefable);
        unrefable.unref = () => (forget(handle), unref());
      }
      return handle;
    };
  target.setTimeout = track(false);
  target.setInterval = track(true);
  target.clearTimeout = (handle) => (forget(handle), original.clearTimeout.call(globalThis, handle));
  target.clearInterval = (handle) => (forget(handle), original.clearInterval.call(globalThis, handle));
  return () => Object.assign(target, original);
}
