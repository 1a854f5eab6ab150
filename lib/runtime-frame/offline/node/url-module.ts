/**
 * `url` for programs: Node's file URL functions (url-file), Node's legacy parser (url-legacy), Node's URLSearchParams, and
 * `urlToHttpOptions` (what http.request makes of a URL object).
 */
import { fileUrlFunctions } from './url-file';
import { legacyUrl, type LegacyUrlDeps } from './url-legacy';
import { NodeURLSearchParams } from './url-search-params';

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

export function urlModule(almost: Module, legacy: LegacyUrlDeps, resolvePath: (path: string) => string): Module {
  return {
    ...almost,
    ...legacyUrl(legacy),
    ...fileUrlFunctions({ resolve: resolvePath }),
    urlToHttpOptions,
    URLSearchParams: NodeURLSearchParams,
  };
}
