/**
 * `url` for programs: almostnode's functions with Node's argument checks, Node's URLSearchParams, and
 * `urlToHttpOptions` (what http.request makes of a URL object).
 */
import { NodeURLSearchParams } from './url-search-params';
import { validateString } from './validators';

type Module = Record<string, unknown>;
interface UrlLike {
  protocol?: string;
  hostname?: string;
  hash?: string;
  search?: string;
  pathname?: string;
  port?: string;
  username?: string;
  password?: string;
  href?: string;
}

/** Node's: the URL's own fields (and any a program added), `path`, a numeric `port` and `auth`. */
export function urlToHttpOptions(url: UrlLike): Record<string, unknown> {
  const { hostname, pathname, port, username, password, search } = url;
  const options: Record<string, unknown> = {
    __proto__: null,
    ...url,
    protocol: url.protocol,
    hostname: hostname && hostname[0] === '[' ? hostname.slice(1, -1) : hostname,
    hash: url.hash,
    search,
    pathname,
    path: `${pathname || ''}${search || ''}`,
    href: url.href,
  };
  if (port !== '') options.port = Number(port);
  if (username || password) options.auth = `${decodeURIComponent(username ?? '')}:${decodeURIComponent(password ?? '')}`;
  return options;
}

export function urlModule(almost: Module): Module {
  const parse = almost.parse as (url: string, ...rest: unknown[]) => unknown;
  return {
    ...almost,
    parse(url: unknown, ...rest: unknown[]) {
      validateString(url, 'url');
      return parse(url, ...rest);
    },
    urlToHttpOptions,
    URLSearchParams: NodeURLSearchParams,
  };
}
