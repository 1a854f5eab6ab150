/**
 * Node's timer objects: `setTimeout`/`setInterval` return a `Timeout` and `setImmediate` an `Immediate`, with
 * `ref`/`unref`/`hasRef`, `refresh`, `close`, `Symbol.dispose` and a numeric id through `Symbol.toPrimitive`,
 * as in Node. A ref'd timer keeps its process alive (it is counted among the process's timers, timers.ts); an
 * unref'd one still fires while the process lives. A repeating timer is a one-off the runtime schedules again
 * after each call while `_repeat` is set, as Node's is, so code that sets `_repeat` or replaces `_onTimeout`
 * sees Node's behaviour. Immediates run in batches on a macrotask of their own (a MessageChannel message), so
 * they are not clamped like nested zero-delay timeouts, and an immediate queued by another runs in the next batch.
 */
import { currentFrame, withFrame } from './async-context';
import { currentTimerOwner, nativeTimers, runAs, type TimerOwner } from '../timers';
import { timersPromisesModule } from './timers-promises';
import { argTypeError } from './validators';

/** The longest delay Node accepts (2 ** 31 - 1 ms); a longer or invalid one becomes 1 ms. */
const TIMEOUT_MAX = 2 ** 31 - 1;

type Callback = (...args: unknown[]) => void;

interface TimerHooks {
  /** process.emitWarning of the process that created the timer. */
  warn(message: string, type: string): void;
}

let nextId = 1;
/** Timers whose numeric id a program has taken, so `clearTimeout(id)` finds them, as in Node. */
const byId = new Map<number, Timeout>();

/** Runs a timer's callback as its process's code: timers it creates are its own, process.exit unwinds quietly. */
function runOwned(owner: TimerOwner | null, work: () => void): void {
  if (!owner) return work();
  try {
    runAs(owner, work);
  } catch (error) {
    if (!owner.handles?.(error)) throw error;
  }
}

function checkCallback(callback: unknown): asserts callback is Callback {
  if (typeof callback !== 'function') throw argTypeError('callback', 'function', callback);
}

/** What timeouts and immediates share: the process that owns them, the async context they run in, and ref. */
abstract class Handle {
  _destroyed = false;
  protected readonly owner = currentTimerOwner();
  protected readonly frame = currentFrame();
  protected referenced = true;

  ref(): this {
    this.referenced = true;
    if (!this._destroyed) this.owner?.timers.add(this);
    return this;
  }

  unref(): this {
    this.referenced = false;
    this.owner?.timers.delete(this);
    return this;
  }

  hasRef(): boolean {
    return this.referenced;
  }
}

class Timeout extends Handle {
  _idleTimeout: number;
  _idleStart = 0;
  _onTimeout: Callback | null;
  _timerArgs: unknown[] | undefined;
  _repeat: number | null;
  readonly #id = nextId++;
  #native: unknown;

  constructor(callback: Callback, after: number, args: unknown[] | undefined, repeat: boolean, hooks: TimerHooks) {
    super();
    let delay = after * 1;
    if (!(delay >= 1 && delay <= TIMEOUT_MAX)) {
      if (delay > TIMEOUT_MAX)
        (this.owner?.warn ?? hooks.warn)(`${delay} does not fit into a 32-bit signed integer.\nTimeout duration was set to 1.`, 'TimeoutOverflowWarning');
      delay = 1;
    }
    this._idleTimeout = delay;
    this._onTimeout = callback;
    this._timerArgs = args;
    this._repeat = repeat ? delay : null;
    this.#schedule();
  }

  #schedule(): void {
    this._idleStart = Math.floor(performance.now());
    this.#native = nativeTimers.setTimeout(() => this.#fire(), this._idleTimeout);
    if (this.referenced) this.owner?.timers.add(this);
  }

  #fire(): void {
    this.#native = undefined;
    if (this._destroyed) return;
    const start = performance.now();
    try {
      runOwned(this.owner, () =>
        withFrame(this.frame, () => {
          const onTimeout = this._onTimeout as Callback;
          if (this._timerArgs === undefined) onTimeout.call(this);
          else onTimeout.apply(this, this._timerArgs);
        }),
      );
    } finally {
      // A callback that cleared or refreshed its own timer has decided for it.
      if (!this._destroyed && this.#native === undefined) {
        if (this._repeat && this._idleTimeout !== -1) {
          this._idleTimeout = this._repeat;
          this.#schedule();
          this._idleStart = Math.floor(start);
        } else this.#destroy();
      }
    }
  }

  #destroy(): void {
    if (this.#native !== undefined) nativeTimers.clearTimeout(this.#native);
    this.#native = undefined;
    this._destroyed = true;
    this._idleTimeout = -1;
    this.owner?.timers.delete(this);
    byId.delete(this.#id);
  }

  refresh(): this {
    if (this._destroyed) return this;
    if (this.#native !== undefined) nativeTimers.clearTimeout(this.#native);
    this.#schedule();
    return this;
  }

  close(): this {
    this.#destroy();
    return this;
  }

  [Symbol.toPrimitive](): number {
    byId.set(this.#id, this);
    return this.#id;
  }

  [Symbol.dispose](): void {
    this.#destroy();
  }
}

class Immediate extends Handle {
  _onImmediate: Callback | null;
  _argv: unknown[] | undefined;

  constructor(callback: Callback, args: unknown[] | undefined) {
    super();
    this._onImmediate = callback;
    this._argv = args;
    this.owner?.timers.add(this);
    immediateQueue.push(this);
    requestBatch();
  }

  run(): void {
    if (this._destroyed) return;
    // Node's loop ends when nothing ref'd is left, and an unref'd immediate queued then never runs.
    if (!this.referenced && this.owner?.busy?.() === false) return;
    this.#clear();
    runOwned(this.owner, () =>
      withFrame(this.frame, () => {
        const callback = this._onImmediate as Callback;
        if (this._argv === undefined) callback.call(this);
        else callback.apply(this, this._argv);
      }),
    );
  }

  #clear(): void {
    this._destroyed = true;
    this.owner?.timers.delete(this);
  }

  close(): void {
    this.#clear();
  }

  [Symbol.dispose](): void {
    this.#clear();
  }
}

let immediateQueue: Immediate[] = [];
let batchRequested = false;
let channel: MessageChannel | undefined;

function runBatch(): void {
  batchRequested = false;
  const batch = immediateQueue;
  immediateQueue = [];
  for (let i = 0; i < batch.length; i++) {
    try {
      (batch[i] as Immediate).run();
    } catch (error) {
      // As in Node, an uncaught error does not drop the immediates queued behind it.
      immediateQueue = batch.slice(i + 1).concat(immediateQueue);
      if (immediateQueue.length > 0) requestBatch();
      throw error;
    }
  }
}

function requestBatch(): void {
  if (batchRequested) return;
  batchRequested = true;
  if (typeof MessageChannel === 'undefined') {
    nativeTimers.setTimeout(runBatch, 0);
    return;
  }
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = runBatch;
  }
  channel.port2.postMessage(null);
}

interface NodeTimerFunctions {
  setTimeout(callback: Callback, after?: number, ...args: unknown[]): Timeout;
  setInterval(callback: Callback, after?: number, ...args: unknown[]): Timeout;
  setImmediate(callback: Callback, ...args: unknown[]): Immediate;
  clearTimeout(timer: unknown): void;
  clearInterval(timer: unknown): void;
  clearImmediate(immediate: unknown): void;
}

function clearTimer(timer: unknown): void {
  if (timer instanceof Timeout) return void timer.close();
  if (typeof timer === 'number' || typeof timer === 'string') {
    const known = byId.get(Number(timer));
    if (known) return void known.close();
  }
  // A handle of the page's own timers (made before the process's functions were installed).
  if (typeof timer === 'number') nativeTimers.clearTimeout(timer);
  else if (timer && typeof timer === 'object' && '_id' in timer) nativeTimers.clearTimeout((timer as { _id: unknown })._id);
}

function nodeTimerFunctions(hooks: TimerHooks): NodeTimerFunctions {
  return {
    setTimeout(callback, after, ...args) {
      checkCallback(callback);
      return new Timeout(callback, after as number, args.length > 0 ? args : undefined, false, hooks);
    },
    setInterval(callback, after, ...args) {
      checkCallback(callback);
      return new Timeout(callback, after as number, args.length > 0 ? args : undefined, true, hooks);
    },
    setImmediate(callback, ...args) {
      checkCallback(callback);
      return new Immediate(callback, args.length > 0 ? args : undefined);
    },
    clearTimeout: clearTimer,
    clearInterval: clearTimer,
    clearImmediate(immediate) {
      if (immediate instanceof Immediate) immediate.close();
    },
  };
}

const INSTALLED = Symbol.for('tabsmith.nodeTimers');
const PROMISIFY_CUSTOM = Symbol.for('nodejs.util.promisify.custom');

/**
 * Makes the global timer functions Node's, for the node process that owns this global scope (a process's
 * worker). The warnings go to whichever `process` the scope has when a timer is made.
 */
export function installNodeTimers(target: Record<string | symbol, unknown> = globalThis as never): NodeTimerFunctions {
  if (target[INSTALLED]) return target[INSTALLED] as NodeTimerFunctions;
  const functions = nodeTimerFunctions({
    warn: (message, type) => (target.process as { emitWarning?(message: string, type: string): void } | undefined)?.emitWarning?.(message, type),
  });
  // almostnode's runtime wraps the global setTimeout unless it finds this mark.
  Object.assign(functions.setTimeout, { __patched: true });
  Object.assign(functions.setInterval, { __patched: true });
  // util.promisify(setTimeout) and util.promisify(setImmediate) resolve with the given value, as in Node.
  const promises = timersPromisesModule(functions.setImmediate, functions.clearImmediate) as Record<string, unknown>;
  Object.assign(functions.setTimeout, { [PROMISIFY_CUSTOM]: promises.setTimeout });
  Object.assign(functions.setImmediate, { [PROMISIFY_CUSTOM]: promises.setImmediate });
  Object.assign(target, functions);
  target[INSTALLED] = functions;
  return functions;
}

/** The timer functions a process should export from `timers`: Node's where they are installed. */
export function installedNodeTimers(target: Record<string | symbol, unknown> = globalThis as never): NodeTimerFunctions | undefined {
  return target[INSTALLED] as NodeTimerFunctions | undefined;
}
