/**
 * The hooks of `async_hooks.createHook` for one process, and the stack of resources being run: what
 * `executionAsyncId()`, `triggerAsyncId()` and `executionAsyncResource()` read. Resources the runtime can see
 * (AsyncResource and what is built on it) call the hooks as Node does: init when made, before and after around
 * each callback run in them, destroy (queued, after the current callback, as Node runs them) when destroyed.
 * Hooks added or removed while hooks run take effect for the next event, as in Node.
 */
import { nodeError } from './node-errors';

type HookName = 'init' | 'before' | 'after' | 'destroy' | 'promiseResolve';
type Callbacks = Partial<Record<HookName, (...args: unknown[]) => void>>;

const HOOK_NAMES: readonly HookName[] = ['init', 'before', 'after', 'destroy', 'promiseResolve'];

export interface Execution {
  asyncId: number;
  triggerAsyncId: number;
  resource: object;
}

interface AsyncHookRegistry {
  createHook(callbacks: unknown): { enable(): unknown; disable(): unknown };
  newAsyncId(): number;
  current(): Execution;
  emitInit(asyncId: number, type: string, triggerAsyncId: number, resource: object): void;
  /** Runs `fn` as a callback of the resource: before, then fn, then after, with the resource current. */
  runIn<R>(execution: Execution, fn: () => R): R;
  emitDestroy(asyncId: number): void;
}

export function asyncHookRegistry(): AsyncHookRegistry {
  let nextAsyncId = 1;
  let active: Callbacks[] = [];
  const top: Execution = { asyncId: 1, triggerAsyncId: 0, resource: {} };
  const stack: Execution[] = [top];
  let destroyQueue: number[] = [];

  const emit = (name: HookName, ...args: unknown[]) => {
    // A copy: a hook that enables or disables hooks changes the list for the next event only.
    for (const hook of [...active]) hook[name]?.(...args);
  };

  const flushDestroys = () => {
    const ids = destroyQueue;
    destroyQueue = [];
    for (const id of ids) emit('destroy', id);
  };

  return {
    createHook(callbacks) {
      const given = (callbacks ?? {}) as Record<string, unknown>;
      const hook: Callbacks = {};
      for (const name of HOOK_NAMES) {
        const fn = given[name];
        if (fn === undefined) continue;
        if (typeof fn !== 'function') throw nodeError(TypeError, 'ERR_ASYNC_CALLBACK', `hook.${name} must be a function`);
        hook[name] = (...args) => void Reflect.apply(fn, given, args);
      }
      const handle = {
        enable() {
          if (!active.includes(hook)) active = [...active, hook];
          return handle;
        },
        disable() {
          active = active.filter((entry) => entry !== hook);
          return handle;
        },
      };
      return handle;
    },
    newAsyncId: () => ++nextAsyncId,
    current: () => stack[stack.length - 1] ?? top,
    emitInit(asyncId, type, triggerAsyncId, resource) {
      if (active.length > 0) emit('init', asyncId, type, triggerAsyncId, resource);
    },
    runIn(execution, fn) {
      if (active.length > 0) emit('before', execution.asyncId);
      stack.push(execution);
      try {
        return fn();
      } finally {
        stack.pop();
        if (active.length > 0) emit('after', execution.asyncId);
      }
    },
    emitDestroy(asyncId) {
      if (active.length === 0) return;
      if (destroyQueue.length === 0) setTimeout(flushDestroys, 0);
      destroyQueue.push(asyncId);
    },
  };
}
