/**
 * The parts of Node's EventEmitter the `events` package (a port of an older Node) does differently, put on its
 * prototype so that every emitter (programs', streams', the runtime's own) behaves as Node 22's:
 * - listener arguments are checked with ERR_INVALID_ARG_TYPE ("The "listener" argument must be of type
 *   function. Received null");
 * - `setMaxListeners` takes only numbers >= 0 (ERR_INVALID_ARG_TYPE, ERR_OUT_OF_RANGE);
 * - `emit('error')` first tells `errorMonitor` listeners, and an error nobody listens to that is not an Error
 *   becomes ERR_UNHANDLED_ERROR with the value inspected ("Unhandled error. ('text')");
 * - `listenerCount(name, listener)` counts only that listener;
 * - `removeAllListeners()` removes symbol-named events' listeners too;
 * - an unhandled 'error' of an emitter in a domain goes to the domain (domain-module.ts).
 * Each method keeps its own name, as Node's have.
 */
import { nodeInspect } from './inspect';
import { nodeError } from './node-errors';
import { argTypeError, validateAbortSignal, validateFunction, validateNumber } from './validators';

type Listener = ((...args: unknown[]) => unknown) & { listener?: unknown };
type Events = Record<string | symbol, Listener | Listener[] | undefined>;
interface Emitter {
  _events?: Events;
  _eventsCount: number;
  _maxListeners?: number;
  domain?: { emit(type: string, ...args: unknown[]): unknown } | null;
  emit(type: string | symbol, ...args: unknown[]): boolean;
  removeListener(type: string | symbol, listener: Listener): Emitter;
  removeAllListeners(type?: string | symbol): Emitter;
  setMaxListeners?(n: number): unknown;
}
type Method = (this: Emitter, ...args: unknown[]) => unknown;

export const errorMonitor = Symbol('events.errorMonitor');

/** The message Node gives an unhandled 'error' whose value is not an Error. */
function unhandledError(value: unknown): Error {
  let shown: string;
  try {
    shown = nodeInspect(value);
  } catch {
    shown = String(value);
  }
  const error = nodeError(Error, 'ERR_UNHANDLED_ERROR', `Unhandled error. (${shown})`) as Error & { context?: unknown };
  error.context = value;
  return error;
}

/** Node's domain module: an unhandled 'error' of an emitter added to a domain goes to the domain's 'error'. */
function toDomain(emitter: Emitter, domain: NonNullable<Emitter['domain']>, value: unknown): false {
  const error = value || nodeError(Error, 'ERR_UNHANDLED_ERROR', 'Unhandled error.');
  if (typeof error === 'object') Object.assign(error, { domainEmitter: emitter, domain, domainThrown: false });
  domain.emit('error', error);
  return false;
}

function emit(this: Emitter, type: string | symbol, ...args: unknown[]): boolean {
  const events = this._events;
  let unhandled = type === 'error';
  if (events !== undefined) {
    if (unhandled && events[errorMonitor] !== undefined) this.emit(errorMonitor, ...args);
    unhandled = unhandled && events.error === undefined;
  } else if (!unhandled) return false;
  if (unhandled) {
    const error = args[0];
    if (this.domain) return toDomain(this, this.domain, error);
    if (error instanceof Error) throw error;
    throw unhandledError(error);
  }
  const handler = events?.[type];
  if (handler === undefined) return false;
  if (typeof handler === 'function') {
    Reflect.apply(handler, this, args);
  } else {
    // A listener that adds or removes listeners must not change who hears this emit.
    for (const listener of handler.slice()) Reflect.apply(listener, this, args);
  }
  return true;
}

function listenerCount(this: Emitter, type: string | symbol, listener?: unknown): number {
  const stored = this._events?.[type];
  if (stored === undefined) return 0;
  const all = typeof stored === 'function' ? [stored] : stored;
  if (listener === undefined || listener === null) return all.length;
  return all.filter((each) => each === listener || each.listener === listener).length;
}

/** Wraps `original` in a method called `name` that checks its listener argument first. */
function checkingListener(name: string, original: Method): Method {
  const method = {
    [name](this: Emitter, type: unknown, listener: unknown, ...rest: unknown[]) {
      validateFunction(listener, 'listener');
      return Reflect.apply(original, this, [type, listener, ...rest]);
    },
  }[name] as Method;
  return method;
}

/**
 * Node's: with no name, every event's listeners go (symbol-named ones too), 'removeListener' ones last, each
 * removal announced; with a name, that event's listeners go last-added first.
 */
function removeAllListeners(this: Emitter, ...args: [type?: string | symbol]): Emitter {
  const events = this._events;
  if (events === undefined) return this;
  const [type] = args;
  if (events.removeListener === undefined) {
    if (args.length === 0) {
      this._events = Object.create(null) as Events;
      this._eventsCount = 0;
    } else if (type !== undefined && events[type] !== undefined) {
      if (--this._eventsCount === 0) this._events = Object.create(null) as Events;
      else Reflect.deleteProperty(events, type);
    }
    return this;
  }
  if (args.length === 0) {
    for (const key of Reflect.ownKeys(events)) if (key !== 'removeListener') this.removeAllListeners(key);
    this.removeAllListeners('removeListener');
    this._events = Object.create(null) as Events;
    this._eventsCount = 0;
    return this;
  }
  const listeners = type === undefined ? undefined : events[type];
  if (typeof listeners === 'function') this.removeListener(type as string | symbol, listeners);
  else if (listeners !== undefined) for (let at = listeners.length - 1; at >= 0; at--) this.removeListener(type as string | symbol, listeners[at] as Listener);
  return this;
}

function setMaxListeners(this: Emitter, n: unknown): Emitter {
  validateNumber(n, 'setMaxListeners', 0);
  this._maxListeners = n;
  return this;
}

interface EmitterClass {
  prototype: object;
  defaultMaxListeners: number;
}

/** Puts Node's behaviour on the `events` package's EventEmitter (once per realm). */
export function installNodeEmitter(EventEmitter: EmitterClass): void {
  const proto = EventEmitter.prototype as Record<string, unknown>;
  if (proto.emit === emit) return;
  for (const name of ['addListener', 'prependListener', 'once', 'prependOnceListener', 'removeListener']) {
    proto[name] = checkingListener(name, proto[name] as Method);
  }
  proto.on = proto.addListener;
  proto.off = proto.removeListener;
  Object.assign(proto, { emit, listenerCount, removeAllListeners, setMaxListeners });
  // The package's functions lose their names to the minifier; Node's keep them.
  for (const [name, value] of Object.entries(proto)) {
    if (typeof value === 'function' && !['constructor', 'on', 'off'].includes(name)) Object.defineProperty(value, 'name', { value: name, configurable: true });
  }
  Object.defineProperty(EventEmitter, 'name', { value: 'EventEmitter', configurable: true });
}

/** `events.setMaxListeners(n, ...targets)`: the default for new emitters, or the limit of each target. */
export function setMaxListenersOf(EventEmitter: EmitterClass) {
  return function setMaxListeners(n: unknown = EventEmitter.defaultMaxListeners, ...targets: unknown[]): void {
    validateNumber(n, 'setMaxListeners', 0);
    if (targets.length === 0) {
      EventEmitter.defaultMaxListeners = n;
      return;
    }
    for (const target of targets) {
      if (target instanceof EventTarget) {
        // Node keeps an EventTarget's limit on the target itself; a page's EventTarget warns about none.
        continue;
      }
      const emitter = target as Emitter | null;
      if (typeof emitter?.setMaxListeners !== 'function') throw argTypeError('eventTargets', ['EventEmitter', 'EventTarget'], target);
      emitter.setMaxListeners(n);
    }
  };
}

/**
 * `events.addAbortListener(signal, listener)`: runs `listener` once when `signal` aborts (on the next microtask
 * if it already has). Node's listener runs even when an earlier one stops the event's propagation; a page's
 * EventTarget calls capturing listeners on the target before the others, so listening in that phase does too.
 */
export function addAbortListener(signal: unknown, listener: unknown): Disposable {
  if (signal === undefined) throw argTypeError('signal', 'AbortSignal', signal);
  validateAbortSignal(signal, 'signal');
  validateFunction(listener, 'listener');
  const target = signal as AbortSignal;
  const remove = () => target.removeEventListener('abort', listener as EventListener, { capture: true });
  if (target.aborted) queueMicrotask(() => (listener as () => void)());
  else target.addEventListener('abort', listener as EventListener, { once: true, capture: true });
  return { [Symbol.dispose ?? Symbol.for('nodejs.dispose')]: remove } as Disposable;
}
