/**
 * `mock.timers`: while enabled, setTimeout/setInterval/setImmediate (and Date, when asked) run on a clock
 * the test moves with `tick(ms)` or `runAll()`, as Node's MockTimers do. The globals are put back on
 * `reset()` and when the test ends.
 */

type Callback = (...args: unknown[]) => void;

interface PendingTimer {
  id: number;
  at: number;
  callback: Callback;
  args: unknown[];
  interval: number | null;
}

const ALL_APIS = ['setInterval', 'setTimeout', 'setImmediate', 'Date'] as const;
type Api = (typeof ALL_APIS)[number];

const GLOBAL_NAMES: Record<Api, string[]> = {
  setTimeout: ['setTimeout', 'clearTimeout'],
  setInterval: ['setInterval', 'clearInterval'],
  setImmediate: ['setImmediate', 'clearImmediate'],
  Date: ['Date'],
};

function invalidState(message: string): Error {
  return Object.assign(new Error(message), { code: 'ERR_INVALID_STATE' });
}

export class MockTimers {
  private now = 0;
  private nextId = 1;
  private pending: PendingTimer[] = [];
  private saved: Map<string, unknown> | null = null;

  enable(options: { apis?: Api[]; now?: number | Date } = {}): void {
    if (this.saved) throw invalidState('Invalid state: MockTimers is already enabled!');
    const apis = options.apis ?? [...ALL_APIS];
    this.now = options.now instanceof Date ? options.now.getTime() : (options.now ?? 0);
    const global = globalThis as unknown as Record<string, unknown>;
    this.saved = new Map();
    for (const api of apis) for (const name of GLOBAL_NAMES[api] ?? []) this.saved.set(name, global[name]);
    const schedule =
      (interval: boolean, immediate = false) =>
      (callback: Callback, ms = 0, ...args: unknown[]) => {
        const delay = immediate ? 0 : Math.max(1, Number(ms) || 0);
        const timer: PendingTimer = {
          id: this.nextId++,
          at: this.now + delay,
          callback,
          args: immediate ? [ms, ...args] : args,
          interval: interval ? delay : null,
        };
        this.pending.push(timer);
        return this.handle(timer);
      };
    const cancel = (handle: unknown) => {
      const id = typeof handle === 'object' && handle !== null ? Number(handle) : handle;
      this.pending = this.pending.filter((timer) => timer.id !== id);
    };
    const fakes: Record<string, unknown> = {
      setTimeout: schedule(false),
      setInterval: schedule(true),
      setImmediate: (callback: Callback, ...args: unknown[]) => schedule(false, true)(callback, ...(args as [number])),
      clearTimeout: cancel,
      clearInterval: cancel,
      clearImmediate: cancel,
      Date: this.mockDate(global.Date as DateConstructor),
    };
    for (const name of this.saved.keys()) global[name] = fakes[name];
  }

  private handle(timer: PendingTimer) {
    return {
      ref: () => undefined,
      unref: () => undefined,
      hasRef: () => true,
      refresh: () => ((timer.at = this.now + (timer.interval ?? 1)), undefined),
      [Symbol.toPrimitive]: () => timer.id,
    };
  }

  private mockDate(RealDate: DateConstructor): DateConstructor {
    const clock = () => this.now;
    class MockDate extends RealDate {
      constructor(...args: unknown[]) {
        if (args.length === 0) super(clock());
        else super(...(args as [string]));
      }
      static now() {
        return clock();
      }
    }
    return MockDate as unknown as DateConstructor;
  }

  private requireEnabled(method: string): void {
    if (!this.saved) throw invalidState(`Invalid state: You should enable MockTimers first by calling the .enable function before calling .${method}`);
  }

  /** Moves the clock forward, running every timer that falls due on the way, in order. */
  tick(ms = 1): void {
    this.requireEnabled('tick');
    const target = this.now + ms;
    for (;;) {
      const due = this.pending.filter((timer) => timer.at <= target).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.now = Math.max(this.now, due.at);
      if (due.interval === null) this.pending = this.pending.filter((timer) => timer !== due);
      else due.at += due.interval;
      due.callback(...due.args);
    }
    this.now = target;
  }

  runAll(): void {
    this.requireEnabled('runAll');
    const last = Math.max(this.now, ...this.pending.map((timer) => timer.at));
    this.tick(last - this.now);
  }

  setTime(ms: number): void {
    this.requireEnabled('setTime');
    this.now = ms;
  }

  reset(): void {
    const global = globalThis as unknown as Record<string, unknown>;
    for (const [name, value] of this.saved ?? []) global[name] = value;
    this.saved = null;
    this.pending = [];
  }

  [Symbol.dispose](): void {
    this.reset();
  }
}
