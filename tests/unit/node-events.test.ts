import { describe, expect, it, vi } from 'vitest';
import { eventsModule } from '@/lib/runtime-frame/offline/node/events';

// The programs' `events` module (the events package with Node 22's behaviour put on it).
function OtherEmitter() {}
const EventEmitter = eventsModule(OtherEmitter) as unknown as typeof import('node:events').EventEmitter & {
  errorMonitor: symbol;
  addAbortListener(signal?: unknown, listener?: unknown): Disposable;
  setMaxListeners(n?: unknown, ...targets: unknown[]): void;
};

describe('events', () => {
  it("refuses a listener that is no function in Node's words, for every method that takes one", () => {
    for (const method of ['on', 'addListener', 'once', 'prependListener', 'prependOnceListener', 'removeListener', 'off'] as const) {
      const emitter = new EventEmitter();
      expect(() => (emitter[method] as (name: string, listener: unknown) => unknown)('foo', null)).toThrow(
        expect.objectContaining({ code: 'ERR_INVALID_ARG_TYPE', message: 'The "listener" argument must be of type function. Received null' }),
      );
    }
  });

  it('keeps the names and identities of its methods, as Node has them', () => {
    const proto = EventEmitter.prototype as unknown as Record<string, { name: string }>;
    expect(proto.on).toBe(proto.addListener);
    expect(proto.off).toBe(proto.removeListener);
    for (const name of ['once', 'prependListener', 'prependOnceListener', 'emit', 'listenerCount', 'setMaxListeners']) expect(proto[name]?.name).toBe(name);
  });

  it('counts the listeners of one event, or only one listener of it (once listeners included)', () => {
    const emitter = new EventEmitter();
    const handler = () => undefined;
    emitter.on('event', handler);
    emitter.once('event', handler);
    emitter.on('event', () => undefined);
    expect(emitter.listenerCount('event')).toBe(3);
    expect(emitter.listenerCount('event', handler)).toBe(2);
    expect(emitter.listenerCount('other', handler)).toBe(0);
  });

  it('checks maximum listener counts: numbers >= 0 only', () => {
    const emitter = new EventEmitter();
    expect(() => emitter.setMaxListeners(-1)).toThrow(expect.objectContaining({ code: 'ERR_OUT_OF_RANGE', name: 'RangeError' }));
    expect(() => emitter.setMaxListeners(Number.NaN)).toThrow(expect.objectContaining({ code: 'ERR_OUT_OF_RANGE' }));
    expect(() => emitter.setMaxListeners('ten' as never)).toThrow(expect.objectContaining({ code: 'ERR_INVALID_ARG_TYPE' }));
    expect(() => EventEmitter.setMaxListeners(10, 'not an emitter')).toThrow(expect.objectContaining({ code: 'ERR_INVALID_ARG_TYPE' }));
    EventEmitter.setMaxListeners(3, emitter);
    expect(emitter.getMaxListeners()).toBe(3);
  });

  it("tells errorMonitor listeners first, and names an unhandled 'error' that is no Error as Node does", () => {
    const emitter = new EventEmitter();
    const monitor = vi.fn();
    emitter.on(EventEmitter.errorMonitor, monitor);
    const error = new Error('boom');
    expect(() => emitter.emit('error', error)).toThrow(error);
    expect(monitor).toHaveBeenCalledWith(error);
    expect(() => emitter.emit('error', 'Accepts a string')).toThrow(
      expect.objectContaining({ code: 'ERR_UNHANDLED_ERROR', message: "Unhandled error. ('Accepts a string')" }),
    );
    expect(() => emitter.emit('error', { message: 'Error!' })).toThrow("Unhandled error. ({ message: 'Error!' })");
  });

  it('addAbortListener checks its arguments, runs the listener once on abort, and not after disposal', () => {
    expect(() => EventEmitter.addAbortListener()).toThrow(expect.objectContaining({ code: 'ERR_INVALID_ARG_TYPE' }));
    expect(() => EventEmitter.addAbortListener({})).toThrow(expect.objectContaining({ code: 'ERR_INVALID_ARG_TYPE' }));
    expect(() => EventEmitter.addAbortListener(new AbortController().signal, {})).toThrow(expect.objectContaining({ code: 'ERR_INVALID_ARG_TYPE' }));
    const controller = new AbortController();
    const listener = vi.fn();
    EventEmitter.addAbortListener(controller.signal, listener);
    controller.abort();
    controller.signal.dispatchEvent(new Event('abort'));
    expect(listener).toHaveBeenCalledTimes(1);
    const removed = vi.fn();
    const other = new AbortController();
    EventEmitter.addAbortListener(other.signal, removed)[Symbol.dispose]();
    other.abort();
    expect(removed).not.toHaveBeenCalled();
  });
});

describe('events: removeAllListeners', () => {
  it("removes symbol-named events' listeners too, announcing each removal", () => {
    const emitter = new EventEmitter();
    const symbol = Symbol('symbol');
    const noop = () => undefined;
    emitter.on(symbol, noop);
    emitter.on('name', noop);
    const removed: unknown[][] = [];
    emitter.on('removeListener', (...args: unknown[]) => removed.push(args));
    emitter.removeAllListeners();
    expect(removed).toContainEqual([symbol, noop]);
    expect(removed).toContainEqual(['name', noop]);
    expect(emitter.eventNames()).toEqual([]);
  });
});

describe('events: domains', () => {
  it("hands an emitter's unhandled 'error' to its domain: the value itself, or an Error when there is none", async () => {
    const { domainModule } = await import('@/lib/runtime-frame/offline/node/domain-module');
    class Domain extends EventEmitter {
      members: unknown[] = [];
      add(member: unknown) {
        this.members.push(member);
      }
      remove(member: unknown) {
        this.members = this.members.filter((each) => each !== member);
      }
    }
    domainModule({ Domain });
    const domain = new Domain();
    const seen: unknown[] = [];
    domain.on('error', (error) => seen.push(error));
    const emitter = new EventEmitter();
    domain.add(emitter);
    expect((emitter as unknown as { domain: unknown }).domain).toBe(domain);
    expect(emitter.emit('error', 42)).toBe(false);
    emitter.emit('error');
    expect(seen[0]).toBe(42);
    expect(seen[1]).toBeInstanceOf(Error);
    expect((seen[1] as Error & { domainEmitter: unknown }).domainEmitter).toBe(emitter);
    domain.remove(emitter);
    expect(() => emitter.emit('error', new Error('alone'))).toThrow('alone');
  });
});
