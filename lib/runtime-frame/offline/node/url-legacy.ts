/**
 * Node 22's legacy `url.parse()` / `url.Url` / `url.format()` / `url.resolve()`: the url package (Node's old
 * url.js, published for browsers) with what Node has changed since:
 * - `url` must be a string (ERR_INVALID_ARG_TYPE); tabs and line breaks before the query are dropped;
 * - a host whose name maps (IDNA) to nothing or to a character no host may hold throws ERR_INVALID_URL rather
 *   than being quietly cut, as does a bracketed IPv6 host with such characters;
 * - a port that is not a number warns once per process (DEP0170), as Node does before it starts throwing;
 * - with `parseQueryString`, `query` is a null-prototype object made by Node's querystring, and a URL without
 *   a query has `search: null`;
 * - `format()` keeps every ':' of `auth` as Node writes it.
 */
import urlPackage from 'url/url.js';
import { nodeError } from './node-errors';
import { describeReceived, validateString } from './validators';

type Module = Record<string, unknown>;
interface LegacyUrl {
  protocol: string | null;
  slashes: boolean | null;
  auth: string | null;
  host: string | null;
  hostname: string | null;
  search: string | null;
  query: unknown;
  parse(url: string, parseQueryString?: boolean, slashesDenoteHost?: boolean): LegacyUrl;
  format(): string;
}
type UrlConstructor = new () => LegacyUrl;
export interface LegacyUrlDeps {
  parseQuery(text: string): Record<string, unknown>;
  warn(message: string, type: string, code: string): void;
}

const pkg = urlPackage as unknown as {
  Url: UrlConstructor;
  parse(url: unknown, ...rest: unknown[]): LegacyUrl;
  format(url: unknown): string;
  resolveObject: (...args: unknown[]) => unknown;
};
const FORBIDDEN_HOST = /[\0\t\n\r #%/:<>?@[\\\]^|]/;
const FORBIDDEN_IPV6_HOST = /[\0\t\n\r #%/<>?@\\^|]/;
const HOSTLESS = new Set(['javascript', 'javascript:', 'file', 'file:']);

const invalidUrl = (input: string) => Object.assign(nodeError(TypeError, 'ERR_INVALID_URL', 'Invalid URL'), { input });

/** The host Node checks: between '//' and the path, without credentials. */
function authorityOf(url: string): { host: string; protocol: string } | null {
  const match = /^([a-zA-Z][a-zA-Z0-9+\-.]*:)?\/\/([^/?#\\]*)/.exec(url);
  if (!match) return null;
  const authority = match[2] ?? '';
  return { host: authority.slice(authority.lastIndexOf('@') + 1), protocol: (match[1] ?? '').toLowerCase() };
}

/** What the WHATWG host parser (Node's IDNA mapping) makes of a name with non-ASCII characters, or null. */
function mappedHost(name: string): string | null {
  try {
    return new URL(`http://${name}/`).hostname;
  } catch {
    return null;
  }
}

/** Node's hostname checks, on the name as written (the package has already turned it into punycode). */
function checkHost(url: string, host: string): void {
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    if (FORBIDDEN_IPV6_HOST.test(host.slice(1, end === -1 ? undefined : end))) throw invalidUrl(url);
    return;
  }
  const name = host.replace(/:[^:]*$/, '');
  // eslint-disable-next-line no-control-regex
  if (!/[^\x00-\x7f]/.test(name)) return;
  const mapped = mappedHost(name);
  if (mapped === null || mapped === '' || FORBIDDEN_HOST.test(mapped)) throw invalidUrl(url);
}

export function legacyUrl(deps: LegacyUrlDeps): Module {
  let warnedPort = false;

  function Url(this: LegacyUrl) {
    pkg.Url.call(this);
  }
  const proto = Object.create(pkg.Url.prototype) as LegacyUrl;
  Url.prototype = proto;
  Object.defineProperty(proto, 'constructor', { value: Url, writable: true, configurable: true });
  const packageFormat = (pkg.Url.prototype as LegacyUrl).format;
  proto.format = function format(this: LegacyUrl) {
    const auth = this.auth;
    if (!auth) return packageFormat.call(this);
    // The package escapes all but the first ':' of the credentials; Node keeps them all.
    this.auth = null;
    const rest = packageFormat.call(this);
    this.auth = auth;
    const at = rest.indexOf('//') === -1 ? rest.indexOf(':') + 1 : rest.indexOf('//') + 2;
    const encoded = encodeURIComponent(auth).replace(/%3A/gi, ':');
    return this.host || this.hostname ? `${rest.slice(0, at)}${encoded}@${rest.slice(at)}` : rest;
  };
  const parseMethod = (pkg.Url.prototype as LegacyUrl).parse;
  proto.parse = function parse(this: LegacyUrl, input: unknown, parseQueryString?: boolean, slashesDenoteHost?: boolean) {
    validateString(input, 'url');
    const trimmed = input.trim();
    const cut = trimmed.search(/[?#]/);
    const url = cut === -1 ? trimmed.replace(/[\t\n\r]/g, '') : trimmed.slice(0, cut).replace(/[\t\n\r]/g, '') + trimmed.slice(cut);
    const authority = authorityOf(url);
    if (authority && !HOSTLESS.has(authority.protocol)) {
      checkHost(input, authority.host);
      const port = authority.host.startsWith('[') ? authority.host.slice(authority.host.indexOf(']') + 1) : authority.host;
      const colon = port.indexOf(':');
      if (colon !== -1 && !/^\d*$/.test(port.slice(colon + 1)) && !warnedPort) {
        warnedPort = true;
        deps.warn(`The URL ${input} is invalid. Future versions of Node.js will throw an error.`, 'DeprecationWarning', 'DEP0170');
      }
    }
    parseMethod.call(this, url, false, slashesDenoteHost);
    if (parseQueryString) {
      this.query = deps.parseQuery(this.search ? this.search.slice(1) : '');
      if (!this.search) this.search = null;
    }
    return this;
  };

  const parse = (url: unknown, parseQueryString?: boolean, slashesDenoteHost?: boolean) => {
    if (url instanceof Url) return url;
    return new (Url as unknown as UrlConstructor)().parse(url as string, parseQueryString, slashesDenoteHost);
  };
  const format = (url: unknown) => {
    const parsed = typeof url === 'string' ? parse(url) : url;
    if (parsed === null || (typeof parsed !== 'object' && typeof parsed !== 'function')) {
      throw nodeError(TypeError, 'ERR_INVALID_ARG_TYPE', `The "urlObject" argument must be one of type object or string. ${describeReceived(parsed)}`);
    }
    if (parsed instanceof URL) return parsed.href;
    return parsed instanceof Url ? (parsed as LegacyUrl).format() : (proto.format as (this: unknown) => string).call(parsed);
  };
  const resolveObject = (source: unknown) =>
    (source ? parse(source, false, true) : new (Url as unknown as UrlConstructor)()) as unknown as { resolveObject(relative: unknown): unknown };
  return {
    Url,
    parse,
    format,
    resolve: (source: unknown, relative: unknown) => (parse(source, false, true) as unknown as { resolve(relative: unknown): string }).resolve(relative),
    resolveObject: (source: unknown, relative: unknown) => resolveObject(source).resolveObject(relative),
  };
}
