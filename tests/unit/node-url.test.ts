import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { urlModule, urlToHttpOptions } from '@/lib/runtime/offline/node/url-module';
import { inspectUrl, NodeURLSearchParams } from '@/lib/runtime/offline/node/url-search-params';

describe('url', () => {
  it('urlToHttpOptions gives what http.request takes from a URL', () => {
    const options = urlToHttpOptions(new URL('http://user:pass@foo.bar.com:21/aaa/zzz?l=24#test'));
    expect(options).toMatchObject({ protocol: 'http:', auth: 'user:pass', hostname: 'foo.bar.com', port: 21, path: '/aaa/zzz?l=24', pathname: '/aaa/zzz', hash: '#test' });
    expect(urlToHttpOptions(new URL('http://[::1]:21')).hostname).toBe('::1');
    expect(urlToHttpOptions({}).port).toBeNaN();
  });

  it("url.parse refuses what is no string in Node's words", () => {
    const url = urlModule({}, { parseQuery: () => ({}), warn: () => undefined });
    const parse = url.parse as (value: unknown) => { href: string };
    expect(() => parse(42)).toThrow(expect.objectContaining({ code: 'ERR_INVALID_ARG_TYPE', message: 'The "url" argument must be of type string. Received type number (42)' }));
    expect(() => parse(() => undefined)).toThrow('The "url" argument must be of type string. Received function ');
    expect(parse('/a').href).toBe('/a');
  });

  it("URLSearchParams' methods are enumerable, iterating is entries(), and a URL inspects as Node's", () => {
    const proto = NodeURLSearchParams.prototype as unknown as Record<PropertyKey, unknown>;
    expect(Object.getOwnPropertyDescriptor(proto, 'append')?.enumerable).toBe(true);
    expect(proto[Symbol.iterator]).toBe(proto.entries);
    const url = new URL('https://host.name:8080/path?q=1#h');
    const shown = String(inspectUrl(url, 2, {}, (value, options) => inspect(value, options as object)));
    expect(shown.startsWith("URL {\n  href: 'https://host.name:8080/path?q=1#h',\n  origin: 'https://host.name:8080',")).toBe(true);
    expect(shown.endsWith("hash: '#h'\n}")).toBe(true);
    // Below the depth limit it is the object itself, which inspect shows as `URL {}`.
    expect(inspectUrl(url, -1, {}, (value) => inspect(value))).toBe(url);
  });
});
