/**
 * Node's `readline` and `readline/promises`: line reading over any stream, the terminal line editor, keypress
 * events and cursor control (the shim this replaces had none of them, so prompts could not be answered).
 */
import { emitKeypressEvents } from './keypress';
import { clearLine, clearScreenDown, cursorTo, moveCursor, Readline } from './readline-cursor';
import { interfaceClass, type EmitterClass } from './readline-interface';

type Answer = (answer: string) => void;

export function readlineModule(EventEmitter: EmitterClass) {
  const Interface = interfaceClass(EventEmitter);
  type Args = ConstructorParameters<typeof Interface>;

  /** `readline/promises`' Interface: `question()` returns a promise, rejected when the interface closes first. */
  class PromisesInterface extends Interface {}
  const callbackQuestion = Interface.prototype.question;
  Object.defineProperty(PromisesInterface.prototype, 'question', {
    configurable: true,
    writable: true,
    value(this: InstanceType<typeof Interface>, query: string, options?: { signal?: AbortSignal }): Promise<string> {
      return new Promise<string>((resolve, reject) => {
        const signal = options?.signal;
        if (signal?.aborted) return reject(abortError(signal.reason));
        const closed = () => reject(Object.assign(new Error('readline was closed'), { code: 'ERR_USE_AFTER_CLOSE' }));
        this.once('close', closed as never);
        signal?.addEventListener('abort', () => reject(abortError(signal.reason)), { once: true });
        const answer: Answer = (text) => {
          this.removeListener('close', closed as never);
          resolve(text);
        };
        try {
          callbackQuestion.call(this, query, options, answer);
        } catch (error) {
          reject(error);
        }
      });
    },
  });

  const promises = {
    Interface: PromisesInterface,
    Readline,
    createInterface: (...args: Args) => new PromisesInterface(...args),
  };
  return {
    Interface,
    createInterface: (...args: Args) => new Interface(...args),
    clearLine,
    clearScreenDown,
    cursorTo,
    moveCursor,
    emitKeypressEvents,
    promises,
  };
}

function abortError(cause: unknown): Error {
  return Object.assign(new Error('The operation was aborted'), { name: 'AbortError', code: 'ABORT_ERR', cause });
}
