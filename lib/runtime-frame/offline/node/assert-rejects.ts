/**
 * `assert.rejects` / `assert.doesNotReject` with Node 22's ERR_INVALID_RETURN_VALUE message: when `promiseFn`
 * returns something other than a promise, Node names what it got the way its other errors do ("got undefined",
 * "got an instance of Map", "got type number (1)"); the assert package says only "got type …". Its message for a
 * `promiseFn` that is neither a function nor a promise is Node 22's too.
 */
import { argTypeError, describeReceived } from './validators';

type AsyncAssertion = (promiseFn: unknown, ...rest: unknown[]) => Promise<void>;

export function withReturnValueMessage(assertion: AsyncAssertion): AsyncAssertion {
  const wrapped = async function (promiseFn: unknown, ...rest: unknown[]): Promise<void> {
    let returned: unknown;
    const watched =
      typeof promiseFn === 'function'
        ? function (this: unknown, ...args: unknown[]) {
            returned = Reflect.apply(promiseFn, this, args);
            return returned;
          }
        : promiseFn;
    try {
      await assertion(watched, ...rest);
    } catch (error) {
      const coded = error as { code?: unknown; message: string } | null;
      // The package words its own messages for these two by comparing itself with the module's current
      // functions, which are these wrappers: the words are put back as Node has them.
      if (coded && coded.code === 'ERR_ASSERTION' && typeof coded.message === 'string') {
        coded.message = coded.message.replace(/^(Missing expected|Got unwanted) exception/, '$1 rejection');
      }
      if (coded && coded.code === 'ERR_INVALID_RETURN_VALUE' && typeof promiseFn === 'function') {
        coded.message = `Expected instance of Promise to be returned from the "promiseFn" function but got ${describeReceived(returned).replace(/^Received /, '')}.`;
      } else if (coded && coded.code === 'ERR_INVALID_ARG_TYPE' && typeof promiseFn !== 'function' && coded.message.startsWith('The "promiseFn" argument')) {
        coded.message = argTypeError('promiseFn', ['Function', 'Promise'], promiseFn).message;
      }
      throw error;
    }
  };
  Object.defineProperty(wrapped, 'name', { value: assertion.name, configurable: true });
  return wrapped;
}
