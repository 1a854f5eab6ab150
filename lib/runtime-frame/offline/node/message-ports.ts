/**
 * Node's MessagePort over the browser's (its BroadcastChannel is in broadcast-channel.ts). Node's ports are
 * EventEmitters whose 'message' listeners receive the value itself (the browser's receive an event), that start
 * delivering when the first 'message' listener is added. A port keeps its process alive while it is referenced:
 * adding the first 'message' listener refs it and removing the last unrefs it, and `ref()`/`unref()` set it
 * directly, with or without listeners (native-addon runtimes keep a process alive during async work by ref'ing
 * a bare port).
 *
 * Every message crosses wrapped as `{ k: 'm', v }`, so a Worker's port can carry its thread's 'online' and
 * 'error' reports beside the program's own messages. Ports sent inside a message (`postMessage({ port }, [port])`)
 * are unwrapped for the browser and wrapped again on arrival, at the top level of the value or one level in.
 */
import type { Hold } from './hold';
import { broadcastChannelClass } from './broadcast-channel';

type Emitter = new () => {
  emit(event: string, ...args: unknown[]): boolean;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  removeListener(event: string, listener: (...args: unknown[]) => void): unknown;
  listenerCount(event: string): number;
};

export interface PortEnvelope {
  /** A message, the thread's start, an error it did not catch, or a piece of its stdout or stderr. */
  k: 'm' | 'online' | 'error' | 'out' | 'err';
  v?: unknown;
}

export interface PortClasses {
  MessagePort: new (port: MessagePort) => NodePort;
  MessageChannel: new () => { port1: NodePort; port2: NodePort };
  BroadcastChannel: ReturnType<typeof broadcastChannelClass>;
  toWire(value: unknown, transferList?: readonly unknown[]): { value: unknown; transfer: Transferable[] };
  fromWire(value: unknown): unknown;
}

export interface NodePort {
  readonly raw: MessagePort;
  postMessage(value: unknown, transferList?: readonly unknown[]): void;
  start(): void;
  close(): void;
  ref(): void;
  unref(): void;
  hasRef(): boolean;
  emit(event: string, ...args: unknown[]): boolean;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

export function portClasses(EventEmitter: Emitter, hold: Hold, family: string): PortClasses {
  const wrapped = new WeakMap<MessagePort, NodeMessagePort>();
  const unwrap = (item: unknown) => (item instanceof NodeMessagePort ? item.raw : item);
  const wrap = (item: unknown) => (typeof MessagePort !== 'undefined' && item instanceof MessagePort ? (wrapped.get(item) ?? new NodeMessagePort(item)) : item);
  const toWire: PortClasses['toWire'] = (value, transferList = []) => {
    // A port leaving this thread stops taking its local partner's messages in this realm (see NodeMessagePort).
    for (const item of transferList) if (item instanceof NodeMessagePort) item.unlink();
    const transfer = transferList.map(unwrap).filter((item): item is Transferable => typeof item === 'object' && item !== null);
    if (value instanceof NodeMessagePort) return { value: value.raw, transfer };
    if (isPlainObject(value) && Object.values(value).some((item) => item instanceof NodeMessagePort)) {
      return { value: Object.fromEntries(Object.entries(value).map(([key, item]) => [key, unwrap(item)])), transfer };
    }
    return { value, transfer };
  };
  const fromWire = (value: unknown): unknown => {
    if (typeof MessagePort !== 'undefined' && value instanceof MessagePort) return wrap(value);
    if (isPlainObject(value) && Object.values(value).some((item) => typeof MessagePort !== 'undefined' && item instanceof MessagePort)) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, wrap(item)]));
    }
    return value;
  };

  class NodeMessagePort extends EventEmitter implements NodePort {
    readonly raw: MessagePort;
    private started = false;
    private closed = false;
    private release: (() => void) | undefined;
    /**
     * The other end of a channel made in this thread, while neither end has been sent elsewhere: messages
     * between them stay in this realm, queued here, so `receiveMessageOnPort` can take them synchronously as
     * Node's does (a browser port only delivers as events).
     */
    peer: NodeMessagePort | undefined;
    private readonly queue: unknown[] = [];
    private deliverScheduled = false;
    private messageHandler: ((event: MessageEvent) => unknown) | null = null;
    private messageRelay: ((data: unknown) => void) | undefined;

    constructor(port: MessagePort) {
      super();
      this.raw = port;
      wrapped.set(port, this);
      this.on('newListener', (event) => {
        if (event !== 'message') return;
        if (this.listenerCount('message') === 0) this.ref();
        queueMicrotask(() => this.start());
      });
      this.on('removeListener', (event) => {
        if (event === 'message' && this.listenerCount('message') === 0) this.unref();
      });
    }

    /** Node's ports are EventTargets too: `onmessage` receives a MessageEvent whose `data` is the message. */
    get onmessage(): ((event: MessageEvent) => unknown) | null {
      return this.messageHandler;
    }

    set onmessage(handler: unknown) {
      if (this.messageRelay) this.removeListener('message', this.messageRelay);
      this.messageRelay = undefined;
      this.messageHandler = typeof handler === 'function' ? (handler as (event: MessageEvent) => unknown) : null;
      const current = this.messageHandler;
      if (!current) return;
      this.messageRelay = (data) => current.call(this, new MessageEvent('message', { data }));
      this.on('message', this.messageRelay);
    }

    postMessage(value: unknown, transferList?: readonly unknown[]): void {
      if (this.closed) return;
      const peer = this.peer;
      if (peer && !(transferList ?? []).some((item) => item instanceof NodeMessagePort)) {
        peer.enqueue(structuredClone(value, { transfer: (transferList ?? []) as Transferable[] }));
        return;
      }
      const wire = toWire(value, transferList);
      this.raw.postMessage({ k: 'm', v: wire.value } satisfies PortEnvelope, wire.transfer);
    }

    /** A message from the local partner: delivered as a task, like one that crossed a browser port. */
    enqueue(message: unknown): void {
      this.queue.push(message);
      this.scheduleDelivery();
    }

    /** The next queued local message, taken out of turn (worker_threads.receiveMessageOnPort). */
    receive(): { message: unknown } | undefined {
      return this.queue.length > 0 ? { message: this.queue.shift() } : undefined;
    }

    /** Ends the local link; messages still queued here go through the browser's port, in order. */
    unlink(): void {
      const peer = this.peer;
      if (!peer) return;
      this.peer = undefined;
      peer.peer = undefined;
      for (const message of this.queue.splice(0)) peer.raw.postMessage({ k: 'm', v: message } satisfies PortEnvelope);
    }

    private scheduleDelivery(): void {
      if (!this.started || this.closed || this.deliverScheduled || this.queue.length === 0) return;
      this.deliverScheduled = true;
      setTimeout(() => {
        this.deliverScheduled = false;
        // As Node does, one turn delivers the messages queued when it began (even if a listener closes the
        // port meanwhile); ones posted during it wait for the next turn, so timers get their turn in between.
        let count = this.queue.length;
        while (this.started && count-- > 0 && this.queue.length > 0) this.emit('message', this.queue.shift());
        this.scheduleDelivery();
      }, 0);
    }

    start(): void {
      if (this.started || this.closed) return;
      this.started = true;
      this.scheduleDelivery();
      this.raw.onmessage = (event: MessageEvent<PortEnvelope>) => {
        if (event.data?.k === 'm') this.emit('message', fromWire(event.data.v));
      };
      this.raw.onmessageerror = (event) => this.emit('messageerror', event);
    }

    close(): void {
      if (this.closed) return;
      this.closed = true;
      this.raw.close();
      this.release?.();
      this.release = undefined;
      queueMicrotask(() => this.emit('close'));
    }

    ref(): void {
      if (!this.closed && !this.release) this.release = hold();
    }

    unref(): void {
      this.release?.();
      this.release = undefined;
    }

    hasRef(): boolean {
      return this.release !== undefined;
    }
  }

  class NodeMessageChannel {
    readonly port1: NodeMessagePort;
    readonly port2: NodeMessagePort;
    constructor() {
      const channel = new MessageChannel();
      this.port1 = new NodeMessagePort(channel.port1);
      this.port2 = new NodeMessagePort(channel.port2);
      this.port1.peer = this.port2;
      this.port2.peer = this.port1;
    }
  }

  return { MessagePort: NodeMessagePort, MessageChannel: NodeMessageChannel, BroadcastChannel: broadcastChannelClass(hold, family), toWire, fromWire };
}
