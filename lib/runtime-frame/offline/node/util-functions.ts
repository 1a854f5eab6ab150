/**
 * `util.inherits` and `util.callbackify` as Node has them: `super_` is a non-enumerable property, and a
 * callbackified function calls `then` on whatever the original returns (thenables too), calls back on a later
 * tick, turns a falsy rejection into ERR_FALSY_VALUE_REJECTION and keeps the original's properties, its length
 * one more and its name ending in "Callbackified".
 */
import { nodeError } from './node-errors';
import { argTypeError, validateFunction } from './validators';

type AnyFunction = (...args: unknown[]) => unknown;

export function inherits(ctor: unknown, superCtor: unknown): void {
  if (ctor === undefined || ctor === null) throw argTypeError('ctor', 'Function', ctor);
  if (superCtor === undefined || superCtor === null) throw argTypeError('superCtor', 'Function', superCtor);
  const prototype = (superCtor as { prototype?: unknown }).prototype;
  if (prototype === undefined) throw argTypeError('superCtor.prototype', 'Object', prototype);
  Object.defineProperty(ctor, 'super_', { value: superCtor, writable: true, configurable: true });
  Object.setPrototypeOf((ctor as { prototype: object }).prototype, prototype as object);
}

export function callbackifyWith(nextTick: (callback: AnyFunction, ...args: unknown[]) => void) {
  const rejected = (reason: unknown, callback: AnyFunction) => {
    if (!reason) {
      const error = nodeError(Error, 'ERR_FALSY_VALUE_REJECTION', 'Promise was rejected with falsy value');
      reason = Object.assign(error, { reason });
    }
    return callback(reason);
  };
  return function callbackify(original: unknown): AnyFunction {
    validateFunction(original, 'original');
    const target = original;
    function callbackified(this: unknown, ...args: unknown[]) {
      const last = args.pop();
      validateFunction(last, 'last argument');
      const callback = last.bind(this);
      (Reflect.apply(target, this, args) as PromiseLike<unknown>).then(
        (value) => nextTick(callback, null, value),
        (reason) => nextTick(() => rejected(reason, callback)),
      );
    }
    const descriptors = Object.getOwnPropertyDescriptors(original) as Record<string, PropertyDescriptor>;
    if (typeof descriptors.length?.value === 'number') descriptors.length.value++;
    if (typeof descriptors.name?.value === 'string') descriptors.name.value += 'Callbackified';
    for (const descriptor of Object.values(descriptors)) Object.setPrototypeOf(descriptor, null);
    Object.defineProperties(callbackified, descriptors);
    return callbackified;
  };
}
