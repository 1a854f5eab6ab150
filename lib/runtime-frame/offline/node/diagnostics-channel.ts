/**
 * `diagnostics_channel` with Node's shape. Nothing in the runtime publishes diagnostics, but libraries probe
 * the API (express's router reads `tracingChannel(name).start.hasSubscribers`), so channels, subscriptions
 * and tracing wrappers behave as in Node: with no subscribers they only call through.
 */
type Subscriber = (message: unknown, name: string | symbol) => void;

class Channel {
  private readonly subscribers = new Set<Subscriber>();
  constructor(readonly name: string | symbol) {}

  get hasSubscribers(): boolean {
    return this.subscribers.size > 0;
  }

  subscribe(subscriber: Subscriber): void {
    this.subscribers.add(subscriber);
  }

  unsubscribe(subscriber: Subscriber): boolean {
    return this.subscribers.delete(subscriber);
  }

  publish(message: unknown): void {
    for (const subscriber of [...this.subscribers]) {
      try {
        subscriber(message, this.name);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  bindStore(): void {}

  unbindStore(): boolean {
    return false;
  }

  runStores<T>(_message: unknown, fn: (...args: unknown[]) => T, thisArg?: unknown, ...args: unknown[]): T {
    return fn.apply(thisArg, args);
  }
}

const EVENTS = ['start', 'end', 'asyncStart', 'asyncEnd', 'error'] as const;
type Handlers = Partial<Record<(typeof EVENTS)[number], Subscriber>>;

export function diagnosticsChannelModule(): Record<string, unknown> {
  const channels = new Map<string | symbol, Channel>();
  const channel = (name: string | symbol) => {
    let found = channels.get(name);
    if (!found) channels.set(name, (found = new Channel(name)));
    return found;
  };

  class TracingChannel {
    readonly start: Channel;
    readonly end: Channel;
    readonly asyncStart: Channel;
    readonly asyncEnd: Channel;
    readonly error: Channel;

    constructor(nameOrChannels: string | Record<(typeof EVENTS)[number], Channel>) {
      const pick = (event: (typeof EVENTS)[number]) =>
        typeof nameOrChannels === 'string' ? channel(`tracing:${nameOrChannels}:${event}`) : nameOrChannels[event];
      this.start = pick('start');
      this.end = pick('end');
      this.asyncStart = pick('asyncStart');
      this.asyncEnd = pick('asyncEnd');
      this.error = pick('error');
    }

    get hasSubscribers(): boolean {
      return EVENTS.some((event) => this[event].hasSubscribers);
    }

    subscribe(handlers: Handlers): void {
      for (const event of EVENTS) if (handlers[event]) this[event].subscribe(handlers[event]);
    }

    unsubscribe(handlers: Handlers): boolean {
      let all = true;
      for (const event of EVENTS) if (handlers[event] && !this[event].unsubscribe(handlers[event])) all = false;
      return all;
    }

    traceSync<T>(fn: (...args: unknown[]) => T, context: Record<string, unknown> = {}, thisArg?: unknown, ...args: unknown[]): T {
      if (!this.hasSubscribers) return fn.apply(thisArg, args);
      this.start.publish(context);
      try {
        const result = fn.apply(thisArg, args);
        context.result = result;
        return result;
      } catch (error) {
        context.error = error;
        this.error.publish(context);
        throw error;
      } finally {
        this.end.publish(context);
      }
    }

    tracePromise<T>(fn: (...args: unknown[]) => Promise<T>, context: Record<string, unknown> = {}, thisArg?: unknown, ...args: unknown[]): Promise<T> {
      if (!this.hasSubscribers) return fn.apply(thisArg, args);
      this.start.publish(context);
      const settle = (key: 'result' | 'error', value: unknown) => {
        context[key] = value;
        if (key === 'error') this.error.publish(context);
        this.asyncStart.publish(context);
        this.asyncEnd.publish(context);
      };
      try {
        return Promise.resolve(fn.apply(thisArg, args)).then(
          (result) => (settle('result', result), result),
          (error: unknown) => {
            settle('error', error);
            throw error;
          },
        );
      } finally {
        this.end.publish(context);
      }
    }

    traceCallback<T>(fn: (...args: unknown[]) => T, _position?: number, _context?: unknown, thisArg?: unknown, ...args: unknown[]): T {
      return fn.apply(thisArg, args);
    }
  }

  return {
    channel,
    hasSubscribers: (name: string | symbol) => channels.get(name)?.hasSubscribers ?? false,
    subscribe: (name: string | symbol, subscriber: Subscriber) => channel(name).subscribe(subscriber),
    unsubscribe: (name: string | symbol, subscriber: Subscriber) => channel(name).unsubscribe(subscriber),
    tracingChannel: (nameOrChannels: ConstructorParameters<typeof TracingChannel>[0]) => new TracingChannel(nameOrChannels),
    Channel,
    TracingChannel,
  };
}
