/**
 * `URLSearchParams` as Node 22 has it: the browser's own class (so the search params of a `URL` are instances
 * too, and the parsing and serialising are the WHATWG ones), with Node's argument handling on top: `null`
 * means empty, iterables and records are checked pair by pair, and misuse throws Node's errors
 * (ERR_INVALID_THIS, ERR_MISSING_ARGS, ERR_ARG_NOT_ITERABLE, ERR_INVALID_TUPLE) instead of the browser's
 * "Illegal invocation". Its iterators and `util.inspect` form are Node's as well.
 */
import { nodeError } from './node-errors';
import { argTypeError } from './validators';

type Pair = [string, string];
type AnyFunction = (...args: unknown[]) => unknown;

const Native = globalThis.URLSearchParams;
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

const invalidThis = (type: string) => nodeError(TypeError, 'ERR_INVALID_THIS', `Value of "this" must be of type ${type}`);
const toUSVString = (value: unknown) => `${value as string}`;

function missingArgs(names: string[]): Error {
  const quoted = names.map((name) => `"${name}"`);
  const text = quoted.length === 1 ? `The ${quoted[0]} argument` : `The ${quoted.join(' and ')} arguments`;
  return nodeError(TypeError, 'ERR_MISSING_ARGS', `${text} must be specified`);
}

function checkThis(self: unknown): asserts self is URLSearchParams {
  if (!(self instanceof Native)) throw invalidThis('URLSearchParams');
}

function need(args: unknown[], names: string[]): void {
  if (args.length < names.length) throw missingArgs(names);
}

function pairsOf(init: object): Pair[] {
  const method = (init as { [Symbol.iterator]?: unknown })[Symbol.iterator];
  if (method === undefined || method === null) {
    // A record: its own enumerable keys, symbols included (which cannot become strings, as in Node).
    const pairs: Pair[] = [];
    for (const key of Reflect.ownKeys(init)) {
      if (!Object.getOwnPropertyDescriptor(init, key)?.enumerable) continue;
      pairs.push([toUSVString(key), toUSVString((init as Record<PropertyKey, unknown>)[key])]);
    }
    return pairs;
  }
  if (typeof method !== 'function') throw nodeError(TypeError, 'ERR_ARG_NOT_ITERABLE', 'Query pairs must be iterable');
  const tupleError = () => nodeError(TypeError, 'ERR_INVALID_TUPLE', 'Each query pair must be an iterable [name, value] tuple');
  const pairs: Pair[] = [];
  for (const pair of init as Iterable<unknown>) {
    if (
      pair === null ||
      (typeof pair !== 'object' && typeof pair !== 'function') ||
      typeof (pair as { [Symbol.iterator]?: unknown })[Symbol.iterator] !== 'function'
    )
      throw tupleError();
    const items = Array.from(pair as Iterable<unknown>, toUSVString);
    if (items.length !== 2) throw tupleError();
    pairs.push(items as Pair);
  }
  return pairs;
}

/** delete(name, value?) and has(name, value?): the value counts only when given. */
const nameAndValue = (args: unknown[]) => (args[1] === undefined ? [toUSVString(args[0])] : [toUSVString(args[0]), toUSVString(args[1])]);

const iteratorSource = new WeakMap<object, { items: unknown[]; index: number }>();

class URLSearchParamsIterator {
  constructor(items: unknown[]) {
    iteratorSource.set(this, { items, index: 0 });
  }
  next(): IteratorResult<unknown> {
    const source = iteratorSource.get(this as object);
    if (!source) throw invalidThis('URLSearchParamsIterator');
    if (source.index >= source.items.length) return { value: undefined, done: true };
    return { value: source.items[source.index++], done: false };
  }
  [Symbol.iterator]() {
    return this;
  }
  [INSPECT](depth: number, options: { breakLength?: number }, inspect: (value: unknown, options?: unknown) => string) {
    const source = iteratorSource.get(this as object);
    if (!source) throw invalidThis('URLSearchParamsIterator');
    const shown = source.items.slice(source.index).map((item) => inspect(item, options));
    if (shown.length === 0) return 'URLSearchParams Iterator {  }';
    return braced('URLSearchParams Iterator', shown, options?.breakLength);
  }
}
Object.defineProperty(URLSearchParamsIterator.prototype, Symbol.toStringTag, { value: 'URLSearchParams Iterator', configurable: true });

/** Node's layout: one line when it fits in breakLength (80), else one entry a line. */
function braced(name: string, entries: string[], breakLength = 80): string {
  const line = `${name} { ${entries.join(', ')} }`;
  if (line.length <= breakLength) return line;
  return `${name} {\n  ${entries.join(',\n  ')} }`;
}

const native = Native.prototype;
type Inspect = (value: unknown, options?: unknown) => string;
const URL_FIELDS = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'searchParams', 'hash'] as const;

/** `util.inspect(url)` as Node's: `URL { href: …, origin: …, … hash: … }`, named after a subclass if any. */
export function inspectUrl(url: URL, depth: number, options: unknown, inspect: Inspect): unknown {
  if (typeof depth === 'number' && depth < 0) return url;
  const constructor = (Object.getPrototypeOf(url) as { constructor?: { name?: string } } | null)?.constructor;
  const fields: Record<string, unknown> = {};
  for (const key of URL_FIELDS) fields[key] = url[key];
  return `${constructor?.name ?? 'URL'} ${inspect(fields, options)}`;
}

function installUrlInspect(): void {
  const proto = URL.prototype as unknown as Record<symbol, unknown>;
  if (Object.hasOwn(proto, INSPECT)) return;
  const methods = {
    [INSPECT](this: URL, depth: number, options: unknown, inspect: Inspect): unknown {
      return inspectUrl(this, depth, options, inspect);
    },
  };
  Object.defineProperty(proto, INSPECT, { value: methods[INSPECT], writable: true, configurable: true, enumerable: false });
  // A URL's own `searchParams` is an instance of the browser's class: it inspects as Node's does too.
  const nativeProto = Native.prototype as unknown as Record<symbol, unknown>;
  if (!Object.hasOwn(nativeProto, INSPECT)) {
    const value = (NodeURLSearchParams.prototype as unknown as Record<symbol, unknown>)[INSPECT];
    Object.defineProperty(nativeProto, INSPECT, { value, writable: true, configurable: true, enumerable: false });
  }
}

export class NodeURLSearchParams extends Native {
  constructor(init?: unknown) {
    if (init === undefined || init === null) super();
    else if (typeof init === 'object' || typeof init === 'function') {
      super();
      for (const [name, value] of pairsOf(init)) native.append.call(this, name, value);
    } else super(toUSVString(init));
  }
  // Instances the browser makes (a URL's searchParams) count as this class's, as they are Node's.
  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof Native;
  }
  append(...args: unknown[]): void {
    checkThis(this);
    need(args, ['name', 'value']);
    native.append.call(this, toUSVString(args[0]), toUSVString(args[1]));
  }
  delete(...args: unknown[]): void {
    checkThis(this);
    need(args, ['name']);
    (native.delete as AnyFunction).call(this, ...nameAndValue(args));
  }
  get(...args: unknown[]): string | null {
    checkThis(this);
    need(args, ['name']);
    return native.get.call(this, toUSVString(args[0]));
  }
  getAll(...args: unknown[]): string[] {
    checkThis(this);
    need(args, ['name']);
    return native.getAll.call(this, toUSVString(args[0]));
  }
  has(...args: unknown[]): boolean {
    checkThis(this);
    need(args, ['name']);
    return (native.has as AnyFunction).call(this, ...nameAndValue(args)) as boolean;
  }
  set(...args: unknown[]): void {
    checkThis(this);
    need(args, ['name', 'value']);
    native.set.call(this, toUSVString(args[0]), toUSVString(args[1]));
  }
  sort(): void {
    checkThis(this);
    native.sort.call(this);
  }
  toString(): string {
    checkThis(this);
    return native.toString.call(this);
  }
  get size(): number {
    checkThis(this);
    return [...native.keys.call(this)].length;
  }
  forEach(callback: (value: string, key: string, parent: URLSearchParams) => void, thisArg?: unknown): void {
    checkThis(this);
    if (typeof callback !== 'function') throw argTypeError('callback', 'function', callback);
    // As Node's, it sees the list as it is at each step, so a callback may change it.
    for (let i = 0; ; i++) {
      const pair = [...native.entries.call(this)][i];
      if (!pair) break;
      callback.call(thisArg, pair[1], pair[0], this);
    }
  }
  entries(): ReturnType<URLSearchParams['entries']> {
    checkThis(this);
    return new URLSearchParamsIterator([...native.entries.call(this)]) as unknown as ReturnType<URLSearchParams['entries']>;
  }
  keys(): ReturnType<URLSearchParams['keys']> {
    checkThis(this);
    return new URLSearchParamsIterator([...native.keys.call(this)]) as unknown as ReturnType<URLSearchParams['keys']>;
  }
  values(): ReturnType<URLSearchParams['values']> {
    checkThis(this);
    return new URLSearchParamsIterator([...native.values.call(this)]) as unknown as ReturnType<URLSearchParams['values']>;
  }
  [Symbol.iterator](): ReturnType<URLSearchParams['entries']> {
    return this.entries();
  }
  [INSPECT](depth: number, options: { breakLength?: number }, inspect: (value: unknown, options?: unknown) => string): string {
    checkThis(this);
    if (typeof depth === 'number' && depth < 0) return '[Object]';
    const entries = [...native.entries.call(this)].map(([key, value]) => `${inspect(key, options)} => ${inspect(value, options)}`);
    return entries.length === 0 ? 'URLSearchParams {}' : braced('URLSearchParams', entries, options?.breakLength);
  }
}
Object.defineProperty(NodeURLSearchParams, 'name', { value: 'URLSearchParams' });
// Node's methods and accessors are enumerable (WebIDL's are), and iterating is `entries` itself.
for (const key of Object.getOwnPropertyNames(NodeURLSearchParams.prototype)) {
  const descriptor = Object.getOwnPropertyDescriptor(NodeURLSearchParams.prototype, key);
  if (key !== 'constructor' && descriptor) Object.defineProperty(NodeURLSearchParams.prototype, key, { ...descriptor, enumerable: true });
}
Object.defineProperty(NodeURLSearchParams.prototype, Symbol.iterator, { value: NodeURLSearchParams.prototype.entries, writable: true, configurable: true });

/** Makes it the realm's global (a process's code sees the realm's globals), once; URL objects inspect as Node's. */
export function installUrlSearchParams(): void {
  const scope = globalThis as { URLSearchParams: unknown };
  if (scope.URLSearchParams !== NodeURLSearchParams) scope.URLSearchParams = NodeURLSearchParams;
  installUrlInspect();
}
