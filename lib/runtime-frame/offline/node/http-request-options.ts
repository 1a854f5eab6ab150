/**
 * The forms `http.request` takes (`(url, [options], [callback])`, `(options, [callback])`, a WHATWG URL or
 * url.parse's object), the host and port they name, and whether that host is this machine.
 */

type AnyFunction = (...args: unknown[]) => unknown;
/** An object, a flat [name, value, …] list, or a list of [name, value] pairs. */
type HeaderInput = Record<string, string | number | readonly string[] | undefined> | readonly unknown[];

export interface RequestOptions {
  protocol?: string;
  host?: string;
  hostname?: string;
  port?: string | number;
  path?: string;
  method?: string;
  headers?: HeaderInput;
  auth?: string;
  timeout?: number;
  signal?: AbortSignal;
  setHost?: boolean;
  defaultPort?: number;
  agent?: unknown;
  lookup?: unknown;
  localAddress?: string;
  [key: string]: unknown;
}

export const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '0.0.0.0', '::1', '[::1]', '::']);

/** `request(url, [options], [callback])` or `request(options, [callback])`, as Node takes them. */
export function parseRequestArgs(args: unknown[], protocol: string): { options: RequestOptions; callback?: AnyFunction } {
  const callback = typeof args[args.length - 1] === 'function' ? (args.pop() as AnyFunction) : undefined;
  let [first, second] = args;
  let options: RequestOptions = {};
  if (typeof first === 'string' || first instanceof URL) {
    const url = new URL(String(first));
    options = {
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      ...(url.username ? { auth: `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` } : {}),
    };
    first = second;
    second = undefined;
  }
  if (first && typeof first === 'object') options = { ...options, ...(first as RequestOptions) };
  options.protocol ??= protocol;
  return { options, callback };
}

export function target(options: RequestOptions): { host: string; port: number } {
  let host = options.hostname ?? '';
  let port = options.port;
  if (!host && options.host) {
    const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(options.host);
    host = match?.[1] ?? options.host;
    port ??= match?.[2];
  }
  const fallback = options.defaultPort || (options.protocol === 'https:' ? 443 : 80);
  return { host: (host || 'localhost').replace(/^\[|\]$/g, ''), port: Number(port || fallback) };
}

export function isLocal(options: RequestOptions): boolean {
  return LOCAL_HOSTS.has(target(options).host);
}
