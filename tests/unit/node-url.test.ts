import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { posix } from 'node:path';
import { urlModule, urlToHttpOptions } from '@/lib/runtime-frame/offline/node/url-module';
import { inspectUrl, NodeURLSearchParams } from '@/lib/runtime-frame/offline/node/url-search-params';

describe('url', () => {
  it('urlToHttpOptions gives what http.request takes from a URL', () => {
    const options = urlToHttpOptions(new URL('http://user:pass@foo.bar.com:21/aaa/zzz?l=24#test'));
    expect(options).toMatchObject({
      protocol: 'http:',
      auth: 'user:pass',
      hostname: 'foo.bar.com',
      port: 21,
      path: '/aaa/zzz?l=24',
      pathname: '/aaa/zzz',
      hash: '#test',
    });
    expect(urlToHttpOptions(new URL('http://[::1]:21')).hostname).toBe('::1');
    expect(urlToHttpOptions({}).port).toBeNaN();
  });

  it("url.parse refuses what is no string in Node's words", () => {
    const url = urlModule({}, { parseQuery: () => ({}), warn: () => undefined }, (path) => path);
    const parse = url.parse as (value: unknown) => { href: string };
    expect(() => parse(42)).toThrow(
      expect.objectContaining({ code: 'ERR_INVALID_ARG_TYPE', message: 'The "url" argument must be of type string. Received type number (42)' }),
    );
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

  // Expected values printed by Node 22.12 with its working directory at /work/app.
  it('pathToFileURL resolves against the working directory and encodes what a URL would misread; fileURLToPath undoes it', () => {
    const url = urlModule({}, { parseQuery: () => ({}), warn: () => undefined }, (path) => posix.resolve('/work/app', path));
    const toUrl = url.pathToFileURL as (path: unknown) => URL;
    const toPath = url.fileURLToPath as (url: unknown) => string;
    expect(toUrl('\0rolldown/runtime.js').href).toBe('file:///work/app/%00rolldown/runtime.js');
    expect(toUrl('a b#?%/x/').href).toBe('file:///work/app/a%20b%23%3F%25/x/');
    expect(toUrl('/tmp/../etc/x\\ny').href).toBe('file:///etc/x%5Cny');
    expect(toPath('file:///work/app/a%20b%23%3F%25/x/')).toBe('/work/app/a b#?%/x/');
    expect(toPath(new URL('file:///etc/x%5Cny'))).toBe('/etc/x\\ny');
    expect(() => toPath('http://a/b')).toThrow(expect.objectContaining({ code: 'ERR_INVALID_URL_SCHEME', message: 'The URL must be of scheme file' }));
    expect(() => toPath('file://host/x')).toThrow(expect.objectContaining({ code: 'ERR_INVALID_FILE_URL_HOST' }));
    expect(() => toPath('file:///a%2Fb')).toThrow(
      expect.objectContaining({ code: 'ERR_INVALID_FILE_URL_PATH', message: 'File URL path must not include encoded / characters' }),
    );
    expect(() => toUrl(1)).toThrow(expect.objectContaining({ code: 'ERR_INVALID_ARG_TYPE' }));
  });
});
