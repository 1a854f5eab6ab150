/**
 * `events.getEventListeners(target, type)` for EventTargets (an AbortSignal above all): Node's EventTarget
 * lists its listeners, the browser's does not, so this realm's EventTarget notes each listener added and
 * forgets it when it is removed, has run once (`once`), or its `signal` aborts.
 */

type Listener = EventListenerOrEventListenerObject;
type Registry = Map<string, Map<Listener, boolean>>;

const registries = new WeakMap<EventTarget, Registry>();
let installed = false;

const captureOf = (options: boolean | AddEventListenerOptions | EventListenerOptions | undefined) =>
  typeof options === 'boolean' ? options : Boolean(options?.capture);

function forget(target: EventTarget, type: string, listener: Listener) {
  const byType = registries.get(target)?.get(type);
  byType?.delete(listener);
  if (byType?.size === 0) registries.get(target)?.delete(type);
}

/** Patches this realm's EventTarget once; listeners added before that are not known. */
export function trackEventTargetListeners(): void {
  if (installed || typeof EventTarget === 'undefined') return;
  installed = true;
  // AbortSignal may sit on an EventTarget of its own (a host's), not this realm's global one.
  const signalBase = typeof AbortSignal === 'undefined' ? undefined : Object.getPrototypeOf(AbortSignal.prototype);
  for (const proto of new Set([EventTarget.prototype, signalBase ?? EventTarget.prototype])) patch(proto);
}

function patch(proto: EventTarget) {
  const add = proto.addEventListener;
  const remove = proto.removeEventListener;
  proto.addEventListener = function (this: EventTarget, type: string, listener: Listener | null, options?: boolean | AddEventListenerOptions) {
    add.call(this, type, listener, options);
    if (!listener) return;
    const signal = typeof options === 'object' ? options.signal : undefined;
    if (signal?.aborted) return;
    let registry = registries.get(this);
    if (!registry) registries.set(this, (registry = new Map()));
    let byType = registry.get(type);
    if (!byType) registry.set(type, (byType = new Map()));
    if (byType.has(listener)) return;
    byType.set(listener, captureOf(options));
    const forgetIt = forget.bind(null, this, type, listener);
    if (typeof options === 'object' && options.once) add.call(this, type, forgetIt, { once: true, capture: captureOf(options) });
    signal?.addEventListener('abort', forgetIt, { once: true });
  };
  proto.removeEventListener = function (this: EventTarget, type: string, listener: Listener | null, options?: boolean | EventListenerOptions) {
    remove.call(this, type, listener, options);
    if (listener && registries.get(this)?.get(type)?.get(listener) === captureOf(options)) forget(this, type, listener);
  };
}

export function eventTargetListeners(target: EventTarget, type: string): Listener[] {
  return [...(registries.get(target)?.get(type)?.keys() ?? [])];
}
