/**
 * Errors in Node's own words: a `code`, and a stack whose first line reads `TypeError [ERR_…]: message` as
 * Node's internal errors do, so a program (or a user) that matches on either finds what it would under Node.
 */

type ErrorClass = new (message: string) => Error;

export function nodeError(Kind: ErrorClass, code: string, message: string): Error & { code: string } {
  const error = new Kind(message) as Error & { code: string };
  error.code = code;
  const name = error.name;
  if (typeof error.stack === 'string' && error.stack.startsWith(`${name}:`)) {
    error.stack = `${name} [${code}]${error.stack.slice(name.length)}`;
  }
  Object.defineProperty(error, 'toString', { value: () => `${name} [${code}]: ${error.message}`, enumerable: false, configurable: true });
  return error;
}

function describeReceived(value: unknown): string {
  if (value === null || value === undefined) return ` Received ${value}`;
  if (typeof value === 'function') return ` Received function ${value.name || '<anonymous>'}`;
  if (typeof value === 'object') {
    const name = (value as { constructor?: { name?: string } }).constructor?.name;
    return name ? ` Received an instance of ${name}` : ' Received an object';
  }
  let shown = typeof value === 'string' ? `'${value}'` : String(value);
  if (shown.length > 28) shown = `${shown.slice(0, 25)}...`;
  return ` Received type ${typeof value} (${shown})`;
}

/** `The "name" argument must be of type string. Received type number (5)` */
export function invalidArgType(name: string, expected: string, actual: unknown): Error {
  const what = name.includes('.') ? 'property' : 'argument';
  return nodeError(TypeError, 'ERR_INVALID_ARG_TYPE', `The "${name}" ${what} must be ${expected}.${describeReceived(actual)}`);
}

/** `The argument 'format' must be one of: 'a', 'b'. Received 'c'` */
export function invalidArgValue(name: string, value: unknown, reason: string): Error {
  const what = name.includes('.') ? 'property' : 'argument';
  const shown = typeof value === 'string' ? `'${value}'` : String(value);
  return nodeError(TypeError, 'ERR_INVALID_ARG_VALUE', `The ${what} '${name}' ${reason}. Received ${shown}`);
}

/**
 * What a built-in function that exists in Node but cannot work inside a browser tab throws, in the words
 * Node uses for a feature its platform lacks.
 */
export function unavailable(feature: string): Error {
  return nodeError(
    Error,
    'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM',
    `The feature ${feature} is unavailable on the current platform, which is being used to run Node.js (a browser tab)`,
  );
}

/** A function that throws `unavailable(feature)` when called (or passes it to its callback, for callback APIs). */
export function unavailableFunction(feature: string, style: 'sync' | 'callback' | 'promise' = 'sync'): (...args: unknown[]) => unknown {
  return (...args: unknown[]) => {
    const error = unavailable(feature);
    if (style === 'promise') return Promise.reject(error);
    const callback = args[args.length - 1];
    if (style === 'callback' && typeof callback === 'function') {
      queueMicrotask(() => (callback as (error: Error) => void)(error));
      return undefined;
    }
    throw error;
  };
}

export function checkString(value: unknown, name: string): asserts value is string {
  if (typeof value !== 'string') throw invalidArgType(name, 'of type string', value);
}
