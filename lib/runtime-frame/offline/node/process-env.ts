/**
 * `process.env` as Node keeps it: every value a string (`process.env.N = 1` reads back '1', a Symbol throws
 * "Cannot convert a Symbol value to a string"), `Object.defineProperty` taking only a plain writable,
 * enumerable, configurable data descriptor (anything else is ERR_INVALID_OBJECT_DEFINE_PROPERTY), and Symbol
 * keys reading as undefined. The object behind it stays the one the process was started with.
 */
import { nodeError } from './node-errors';

type Env = Record<string, string | undefined>;

const ENV_PROXIES = new WeakSet<object>();

export function nodeEnv(target: Env): Env {
  if (ENV_PROXIES.has(target)) return target;
  const proxy = new Proxy(target, {
    get(object, key) {
      return typeof key === 'symbol' ? undefined : object[key];
    },
    set(object, key, value: unknown) {
      if (typeof key === 'symbol') return true;
      object[key] = `${value as string}`;
      return true;
    },
    defineProperty(object, key, descriptor) {
      const plain =
        descriptor.configurable === true &&
        descriptor.writable === true &&
        descriptor.enumerable === true &&
        'value' in descriptor &&
        !descriptor.get &&
        !descriptor.set;
      if (!plain) {
        throw nodeError(TypeError, 'ERR_INVALID_OBJECT_DEFINE_PROPERTY', "'process.env' only accepts a configurable, writable, and enumerable data descriptor");
      }
      if (typeof key !== 'symbol') object[key] = `${descriptor.value as string}`;
      return true;
    },
    deleteProperty(object, key) {
      if (typeof key !== 'symbol') Reflect.deleteProperty(object, key);
      return true;
    },
  });
  ENV_PROXIES.add(proxy);
  return proxy;
}
