/**
 * `timers/promises` as Node has it: setTimeout/setImmediate resolve with a value and honour `signal`
 * (rejecting with an AbortError), setInterval is an async iterator, and `scheduler.wait/yield`.
 */
import { invalidArgType } from './node-errors';

interface TimerOptions {
  signal?: AbortSignal;
  ref?: boolean;
}

function abortError(signal: AbortSignal): Error {
  return Object.assign(new Error('The operation was aborted', { cause: signal.reason }), { name: 'AbortError', code: 'ABORT_ERR' });
}

function checkOptions(options: unknown): TimerOptions {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null) throw invalidArgType('options', 'of type object', options);
  const { signal } = options as TimerOptions;
  if (signal !== undefined && !(signal instanceof AbortSignal)) throw invalidArgType('options.signal', 'an instance of AbortSignal', signal);
  return options as TimerOptions;
}

type Schedule = (callback: () => void, delay: number) => unknown;
type Cancel = (handle: unknown) => void;

function delayed<T>(schedule: Schedule, cancel: Cancel, delay: number, value: T, rawOptions: unknown): Promise<T> {
  let options: TimerOptions;
  try {
    options = checkOptions(rawOptions);
  } catch (error) {
    return Promise.reject(error);
  }
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(abortError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      cancel(handle);
      reject(abortError(signal as AbortSignal));
    };
    const handle = schedule(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(value);
    }, delay);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function timersPromisesModule(immediate: (callback: () => void) => unknown, clearImmediate: Cancel) {
  const setTimeoutPromise = <T>(delay = 1, value?: T, options?: TimerOptions) =>
    delayed(setTimeout as Schedule, clearTimeout as Cancel, Number(delay) || 0, value, options);
  const setImmediatePromise = <T>(value?: T, options?: TimerOptions) => delayed((callback) => immediate(callback), clearImmediate, 0, value, options);
  // Named as Node names them (util.promisify of the timer functions returns these).
  Object.defineProperty(setTimeoutPromise, 'name', { value: 'setTimeout' });
  Object.defineProperty(setImmediatePromise, 'name', { value: 'setImmediate' });

  async function* setIntervalIterator<T>(delay = 1, value?: T, rawOptions?: TimerOptions): AsyncGenerator<T> {
    const { signal } = checkOptions(rawOptions);
    if (signal?.aborted) throw abortError(signal);
    let pending = 0;
    let wake: (() => void) | undefined;
    const handle = setInterval(
      () => {
        pending++;
        wake?.();
      },
      Number(delay) || 0,
    );
    const onAbort = () => wake?.();
    signal?.addEventListener('abort', onAbort);
    try {
      for (;;) {
        if (!pending) await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        if (signal?.aborted) throw abortError(signal);
        for (; pending > 0; pending--) yield value as T;
      }
    } finally {
      clearInterval(handle);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  return {
    setTimeout: setTimeoutPromise,
    setImmediate: setImmediatePromise,
    setInterval: setIntervalIterator,
    scheduler: {
      wait: (delay: number, options?: TimerOptions) => setTimeoutPromise(delay, undefined, options),
      yield: () => setImmediatePromise(),
    },
  };
}
