/**
 * `events` for programs: the `events` package, a port of Node's own EventEmitter. Unlike almostnode's shim
 * (an ES class) it can be called as a function, which old packages do (`EventEmitter.call(this)` with
 * `util.inherits`), and it behaves like Node's (listener errors propagate, `once` listeners can be removed).
 * almostnode's own emitters (servers, streams, process) still count as `instanceof EventEmitter`.
 */
import EventEmitter from 'events/events.js';
import { eventTargetListeners, trackEventTargetListeners } from './event-target-listeners';
import { addAbortListener, errorMonitor, installNodeEmitter, setMaxListenersOf } from './events-node';

type Emitter = InstanceType<typeof EventEmitter>;
type AnyFunction = (...args: unknown[]) => unknown;

const ordinaryHasInstance = (ctor: unknown, value: unknown) => Function.prototype[Symbol.hasInstance].call(ctor as AnyFunction, value);

/** `for await (const args of on(emitter, name))`, as Node's events.on. */
function on(emitter: Emitter, event: string): AsyncIterableIterator<unknown[]> {
  const queue: unknown[][] = [];
  const waiting: ((result: IteratorResult<unknown[]>) => void)[] = [];
  let failure: unknown = null;
  const rejecters: ((error: unknown) => void)[] = [];
  const listener = (...args: unknown[]) => {
    const next = waiting.shift();
    rejecters.shift();
    if (next) next({ value: args, done: false });
    else queue.push(args);
  };
  const onError = (error: unknown) => {
    failure = error;
    for (const reject of rejecters.splice(0)) reject(error);
    waiting.length = 0;
  };
  emitter.on(event, listener);
  if (event !== 'error') emitter.on('error', onError);
  const stop = () => {
    emitter.removeListener(event, listener);
    emitter.removeListener('error', onError);
  };
  return {
    next: () => {
      const queued = queue.shift();
      if (queued) return Promise.resolve({ value: queued, done: false });
      if (failure) return Promise.reject(failure);
      return new Promise((resolve, reject) => {
        waiting.push(resolve);
        rejecters.push(reject);
      });
    },
    return: () => {
      stop();
      for (const resolve of waiting.splice(0)) resolve({ value: undefined, done: true });
      return Promise.resolve({ value: undefined, done: true });
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/**
 * The module object (the EventEmitter function with Node's helpers). `almostEmitter` is almostnode's class:
 * its instances pass `instanceof EventEmitter` checks too.
 */
export function eventsModule(almostEmitter: unknown): typeof EventEmitter {
  const module = EventEmitter as typeof EventEmitter & Record<string | symbol, unknown>;
  if (Object.hasOwn(module, 'getEventListeners')) return module;
  trackEventTargetListeners();
  installNodeEmitter(module);
  Object.defineProperty(module, Symbol.hasInstance, {
    configurable: true,
    value(this: unknown, value: unknown) {
      return ordinaryHasInstance(this, value) || (this === module && ordinaryHasInstance(almostEmitter, value));
    },
  });
  Object.assign(module, {
    on,
    errorMonitor,
    captureRejectionSymbol: Symbol.for('nodejs.rejection'),
    captureRejections: false,
    getEventListeners: (emitter: Emitter | EventTarget, name: string) =>
      typeof (emitter as Emitter).listeners === 'function' ? (emitter as Emitter).listeners(name) : eventTargetListeners(emitter as EventTarget, name),
    getMaxListeners: (emitter: Emitter) => emitter.getMaxListeners(),
    setMaxListeners: setMaxListenersOf(module),
    addAbortListener,
    EventEmitterAsyncResource: EventEmitter,
  });
  return module;
}
