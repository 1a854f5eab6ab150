/**
 * The global `URL` as Node 22's: the browser's parser (both follow the WHATWG URL standard), with Node's
 * failures — a TypeError "Invalid URL" with code ERR_INVALID_URL and the `input` (and `base`) that failed, from
 * the constructor and from the `href` setter — and Node's conversion of what a setter is given: `${value}`, so
 * a Symbol throws "Cannot convert a Symbol value to a string" and an object's own toString error is what
 * reaches the program. URLs the browser makes (by runtime code, or before this class was installed) are
 * instances of it too.
 */

const Native = globalThis.URL;
type NativeUrl = InstanceType<typeof Native>;

/** Node's ERR_INVALID_URL: reads `TypeError: Invalid URL` as a string, with the code in the stack's first line. */
function invalidUrlError(input: string, base?: string): TypeError {
  const error = new TypeError('Invalid URL') as TypeError & { code: string; input: string; base?: string };
  error.code = 'ERR_INVALID_URL';
  if (typeof error.stack === 'string') error.stack = error.stack.replace(/^TypeError:/, 'TypeError [ERR_INVALID_URL]:');
  error.input = input;
  if (base !== undefined) error.base = base;
  return error;
}

const SETTABLE = ['protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'] as const;

export class NodeURL extends Native {
  constructor(input: unknown, base?: unknown) {
    const text = `${input as string}`;
    const baseText = base === undefined ? undefined : `${base as string}`;
    if (!Native.canParse(text, baseText)) throw invalidUrlError(text, baseText);
    super(text, baseText);
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof Native;
  }

  get href(): string {
    return super.href;
  }

  set href(value: string) {
    const text = `${value}`;
    if (!Native.canParse(text)) throw invalidUrlError(text);
    super.href = text;
  }
}
Object.defineProperty(NodeURL, 'name', { value: 'URL' });

for (const key of SETTABLE) {
  const descriptor = Object.getOwnPropertyDescriptor(Native.prototype, key);
  if (!descriptor?.get || !descriptor.set) continue;
  const { get, set } = descriptor;
  Object.defineProperty(NodeURL.prototype, key, {
    get(this: NativeUrl) {
      return get.call(this) as unknown;
    },
    set(this: NativeUrl, value: unknown) {
      set.call(this, `${value as string}`);
    },
    enumerable: true,
    configurable: true,
  });
}
// Node's accessors are enumerable, as WebIDL's are.
for (const key of ['href'] as const) {
  const descriptor = Object.getOwnPropertyDescriptor(NodeURL.prototype, key);
  if (descriptor) Object.defineProperty(NodeURL.prototype, key, { ...descriptor, enumerable: true });
}

/** Makes it the realm's global (a process's code sees the realm's globals), once. */
export function installUrlClass(): void {
  const scope = globalThis as { URL: unknown };
  if (scope.URL !== NodeURL) scope.URL = NodeURL;
}
