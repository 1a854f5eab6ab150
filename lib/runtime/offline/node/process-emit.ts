/**
 * `process.emit` as Node's EventEmitter does it: listeners run in order with `process` as `this`, and an error
 * a listener throws leaves `emit` (reaching the program, or the runtime's uncaught-error handling) rather than
 * being printed and forgotten, so a throwing 'beforeExit' or 'exit' listener ends the process as in Node. An
 * 'error' event nobody listens to throws its error.
 */
type Listener = (...args: unknown[]) => unknown;
interface Emitting {
  listeners(event: string | symbol): Listener[];
}

export function nodeProcessEmit(proc: Emitting): (event: string | symbol, ...args: unknown[]) => boolean {
  return function emit(event, ...args) {
    const listeners = proc.listeners(event);
    if (listeners.length === 0) {
      if (event !== 'error') return false;
      const error = args[0];
      throw error instanceof Error ? error : Object.assign(new Error(`Unhandled error. (${String(error)})`), { code: 'ERR_UNHANDLED_ERROR', context: error });
    }
    for (const listener of listeners) Reflect.apply(listener, proc, args);
    return true;
  };
}
