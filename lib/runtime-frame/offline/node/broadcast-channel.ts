/**
 * Node's BroadcastChannel: an EventTarget whose 'message' events carry a clone of what another channel of the
 * same name posted, in this thread or in another thread of the same process (never beyond it, as the browser's
 * would reach every page of the origin). An open channel keeps its process alive unless unref'd, as in Node;
 * `receiveMessageOnPort(channel)` takes a waiting message at once.
 *
 * Channels of this realm reach each other directly; one browser BroadcastChannel per name carries messages to and
 * from the process's other threads (a browser channel does not hear itself, so nothing arrives twice).
 */
import { nodeError } from './node-errors';
import type { Hold } from './hold';

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

export interface NodeBroadcastChannel extends EventTarget {
  readonly name: string;
  postMessage(message: unknown): void;
  close(): void;
  ref(): NodeBroadcastChannel;
  unref(): NodeBroadcastChannel;
  /** The next waiting message, taken out of turn (worker_threads.receiveMessageOnPort). */
  receive(): { message: unknown } | undefined;
}

function invalidThis(): Error {
  return nodeError(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type BroadcastChannel');
}

/** The browser's refusal to clone a port, in Node's words. */
function cloneOf(message: unknown): unknown {
  try {
    return structuredClone(message);
  } catch (error) {
    if (error instanceof DOMException && /MessagePort|MessageChannel/.test(error.message)) {
      throw new DOMException('Object that needs transfer was found in message but not listed in transferList', 'DataCloneError');
    }
    throw error;
  }
}

export function broadcastChannelClass(hold: Hold, family: string): new (name?: unknown) => NodeBroadcastChannel {
  const byName = new Map<string, Set<BroadcastChannel>>();
  const wires = new Map<string, globalThis.BroadcastChannel>();
  const channels = new WeakSet<object>();
  const check = (self: unknown): BroadcastChannel => {
    if (typeof self !== 'object' || self === null || !channels.has(self)) throw invalidThis();
    return self as BroadcastChannel;
  };

  /** The browser channel to the process's other threads for `name`, open while a channel of the name is. */
  const wireFor = (name: string): globalThis.BroadcastChannel => {
    let wire = wires.get(name);
    if (!wire) {
      wire = new globalThis.BroadcastChannel(`node:${family}:${name}`);
      wire.onmessage = (event) => {
        for (const channel of byName.get(name) ?? []) channel.deliver(cloneOf(event.data));
      };
      wires.set(name, wire);
    }
    return wire;
  };

  class BroadcastChannel extends EventTarget {
    readonly #name: string;
    #open = true;
    #release: (() => void) | undefined;
    readonly #queue: unknown[] = [];
    #scheduled = false;
    #handlers: Record<'message' | 'messageerror', { handler: unknown; listener?: EventListener }> = {
      message: { handler: null },
      messageerror: { handler: null },
    };

    constructor(...args: [name?: unknown]) {
      super();
      if (args.length === 0) throw nodeError(TypeError, 'ERR_MISSING_ARGS', 'The "name" argument must be specified');
      this.#name = `${args[0] as string}`;
      channels.add(this);
      const peers = byName.get(this.#name) ?? new Set();
      peers.add(this);
      byName.set(this.#name, peers);
      wireFor(this.#name);
      this.#release = hold();
    }

    get name(): string {
      return check(this).#name;
    }

    postMessage(...args: [message?: unknown]): void {
      const self = check(this);
      if (args.length === 0) throw nodeError(TypeError, 'ERR_MISSING_ARGS', 'The "message" argument must be specified');
      if (!self.#open) throw new DOMException('BroadcastChannel is closed.', 'InvalidStateError');
      const message = cloneOf(args[0]);
      for (const peer of byName.get(self.#name) ?? []) if (peer !== self) peer.deliver(cloneOf(message));
      wireFor(self.#name).postMessage(message);
    }

    close(): void {
      const self = check(this);
      if (!self.#open) return;
      self.#open = false;
      self.#queue.length = 0;
      self.#release?.();
      self.#release = undefined;
      const peers = byName.get(self.#name);
      peers?.delete(self);
      if (peers?.size === 0) {
        byName.delete(self.#name);
        wires.get(self.#name)?.close();
        wires.delete(self.#name);
      }
    }

    ref(): this {
      const self = check(this);
      if (self.#open) self.#release ??= hold();
      return this;
    }

    unref(): this {
      const self = check(this);
      self.#release?.();
      self.#release = undefined;
      return this;
    }

    get onmessage(): unknown {
      return this.#handlers.message.handler;
    }

    set onmessage(handler: unknown) {
      this.#setHandler('message', handler);
    }

    get onmessageerror(): unknown {
      return this.#handlers.messageerror.handler;
    }

    set onmessageerror(handler: unknown) {
      this.#setHandler('messageerror', handler);
    }

    #setHandler(type: 'message' | 'messageerror', handler: unknown): void {
      const slot = this.#handlers[type];
      if (slot.listener) this.removeEventListener(type, slot.listener);
      slot.handler = typeof handler === 'function' ? handler : null;
      slot.listener = typeof handler === 'function' ? (event: Event) => (handler as (event: Event) => void).call(this, event) : undefined;
      if (slot.listener) this.addEventListener(type, slot.listener);
    }

    /** A message from another channel of the name: queued, then dispatched as a task (as a port's would be). */
    deliver(message: unknown): void {
      if (!this.#open) return;
      this.#queue.push(message);
      if (this.#scheduled) return;
      this.#scheduled = true;
      setTimeout(() => {
        this.#scheduled = false;
        let count = this.#queue.length;
        while (this.#open && count-- > 0 && this.#queue.length > 0) this.dispatchEvent(new MessageEvent('message', { data: this.#queue.shift() }));
      }, 0);
    }

    receive(): { message: unknown } | undefined {
      return this.#queue.length > 0 ? { message: this.#queue.shift() } : undefined;
    }

    [INSPECT](): string {
      return `BroadcastChannel { name: '${this.#name}', active: ${this.#open} }`;
    }
  }
  return BroadcastChannel;
}
