/**
 * `stream` for programs: readable-stream, which is Node's own streams code published for other runtimes, so
 * programs get Node's buffering, back-pressure, destroy/finished/pipeline semantics, operators (`map`,
 * `compose`…), `wrap`, `unshift` and its errors. Streams the runtime makes elsewhere on almostnode's classes
 * (http messages) still count as `instanceof` the matching class here, as they would in Node.
 */
import processShim from 'process/';
import readableStream from 'readable-stream/lib/stream.js';
import { currentTimerOwner, runAs } from '../timers';
import { installWebAdapters } from './stream-web-adapters';

type AnyFunction = (...args: unknown[]) => unknown;
type Module = Record<string, unknown>;

const CLASSES = ['Readable', 'Writable', 'Duplex', 'Transform', 'PassThrough'] as const;
const ordinaryHasInstance = (ctor: unknown, value: unknown) => Function.prototype[Symbol.hasInstance].call(ctor as AnyFunction, value);

/** Classes of the runtime's other streams, by name: every host (file system) of the page adds its own. */
const othersByName = new Map<string, Set<unknown>>();

function acceptOthers(Class: AnyFunction, name: string): void {
  const descriptor = Object.getOwnPropertyDescriptor(Class, Symbol.hasInstance);
  // readable-stream's Writable has a fixed rule of its own (duplexes count as writables); it stays.
  if (descriptor && !descriptor.configurable) return;
  const previous = descriptor?.value as ((value: unknown) => boolean) | undefined;
  const own = (self: unknown, value: unknown) => (previous ? previous.call(self, value) : ordinaryHasInstance(self, value));
  Object.defineProperty(Class, Symbol.hasInstance, {
    configurable: false,
    value(this: unknown, value: unknown) {
      // Subclasses inherit this static; for them only their own prototype chain counts.
      if (own(this, value)) return true;
      if (this !== Class) return false;
      return [...(othersByName.get(name) ?? [])].some((each) => typeof each === 'function' && ordinaryHasInstance(each, value));
    },
  });
}

const hooked = new Set<string>();

/**
 * readable-stream defers its work with the `process` package's nextTick, which drains every caller's callbacks
 * from one timer of no process. Here a tick runs as a microtask (as Node's run before timers) on behalf of the
 * process that asked for it, so the file reads and timers a stream starts belong to that process: they keep it
 * alive while it streams and stop when it ends.
 */
function ownNextTick(): void {
  const shim = processShim as unknown as { nextTick: AnyFunction };
  // Under a real Node (unit tests) the package is Node's own process object: leave it alone.
  if (shim === (globalThis as { process?: unknown }).process || shim.nextTick === nextTick) return;
  shim.nextTick = nextTick as AnyFunction;
}

function nextTick(callback: AnyFunction, ...args: unknown[]): void {
  const owner = currentTimerOwner();
  queueMicrotask(() => (owner ? runAs(owner, () => callback(...args)) : callback(...args)));
}

/**
 * `others` holds the runtime's other stream classes by name (almostnode-based ones); an instance of one counts
 * as an instance of the class of the same name here, and of Stream.
 */
const CALLS_BACK_NULL = Symbol('callsBackNull');

/**
 * Node calls the callbacks given to `writable.write()` and `writable.end()` with `null` when all went well;
 * readable-stream calls them with nothing. Duplex has Writable's methods copied, so both get this.
 */
function callbacksGetNull(Class: { prototype: Record<string | symbol, unknown> }, name: 'write' | 'end'): void {
  const proto = Class.prototype;
  const original = proto[name] as AnyFunction & { [CALLS_BACK_NULL]?: boolean };
  if (typeof original !== 'function' || original[CALLS_BACK_NULL]) return;
  const methods = {
    [name](this: unknown, ...args: unknown[]) {
      const at = args.slice(0, 3).findLastIndex((arg) => typeof arg === 'function');
      if (at !== -1) {
        const callback = args[at] as AnyFunction;
        args[at] = (error: unknown, ...rest: unknown[]) => callback(error ?? null, ...rest);
      }
      return Reflect.apply(original, this, args);
    },
  };
  proto[name] = Object.assign(methods[name] as AnyFunction, { [CALLS_BACK_NULL]: true });
}

export function nodeStreamModule(others: Module): Module {
  ownNextTick();
  const module = readableStream as Module;
  for (const name of ['Writable', 'Duplex'] as const) {
    for (const method of ['write', 'end'] as const) callbacksGetNull(module[name] as { prototype: Record<string | symbol, unknown> }, method);
  }
  for (const name of [...CLASSES, 'Stream'] as const) {
    const names = name === 'Stream' ? [...CLASSES, 'Stream'] : [name];
    const set = othersByName.get(name) ?? new Set<unknown>();
    for (const each of names) if (others[each]) set.add(others[each]);
    othersByName.set(name, set);
    if (hooked.has(name)) continue;
    hooked.add(name);
    acceptOthers((name === 'Stream' ? module : module[name]) as AnyFunction, name);
  }
  installWebAdapters(module as never);
  module.default = module;
  // util.promisify(stream.pipeline) is stream/promises' pipeline: it keeps the name Node gives it, which a
  // minifier would shorten.
  const promises = module.promises as Record<string, unknown> | undefined;
  for (const name of ['pipeline', 'finished']) {
    if (typeof promises?.[name] === 'function') Object.defineProperty(promises[name], 'name', { value: name, configurable: true });
  }
  return module;
}
