import { describe, expect, it } from 'vitest';
import { querystringModule } from '@/lib/runtime-frame/offline/node/querystring';
import { legacyUrl } from '@/lib/runtime-frame/offline/node/url-legacy';

type Parsed = Record<string, unknown>;

function build() {
  const warnings: string[][] = [];
  const qs = querystringModule(Buffer as never) as { parse(text: string): Record<string, unknown> };
  const url = legacyUrl({ parseQuery: (text) => qs.parse(text), warn: (...args) => void warnings.push(args) });
  const parse = url.parse as (input: unknown, parseQueryString?: boolean) => Parsed;
  return { url, parse, warnings };
}

describe("url.parse as Node 22's", () => {
  it('gives a url.Url with every field, credentials decoded and written back with their colons', () => {
    const { url, parse } = build();
    const parsed = parse('http://user:pass%3A@example.com:8080/p/a?x=1&y=2#h');
    expect(parsed).toBeInstanceOf(url.Url as new () => object);
    expect({ ...parsed }).toEqual({
      protocol: 'http:',
      slashes: true,
      auth: 'user:pass:',
      host: 'example.com:8080',
      port: '8080',
      hostname: 'example.com',
      hash: '#h',
      search: '?x=1&y=2',
      query: 'x=1&y=2',
      pathname: '/p/a',
      path: '/p/a?x=1&y=2',
      href: 'http://user:pass:@example.com:8080/p/a?x=1&y=2#h',
    });
    expect(Object.keys(new (url.Url as new () => object)())).toEqual([
      'protocol',
      'slashes',
      'auth',
      'host',
      'port',
      'hostname',
      'hash',
      'search',
      'query',
      'pathname',
      'path',
      'href',
    ]);
  });

  it('parses the query into a null-prototype object, and no query is search null', () => {
    const { parse } = build();
    const withQuery = parse('/foo/bar?baz=quux#frag', true);
    expect(Object.getPrototypeOf(withQuery.query)).toBeNull();
    expect({ ...(withQuery.query as object) }).toEqual({ baz: 'quux' });
    const without = parse('http://example.com', true);
    expect(without.search).toBeNull();
    expect(Object.keys(without.query as object)).toEqual([]);
    expect(without.href).toBe('http://example.com/');
  });

  it('drops tabs and line breaks before the query, keeps them escaped after it', () => {
    const { parse } = build();
    expect(parse('http://a\tb.com/').host).toBe('ab.com');
    expect(parse('http://a.com/x?a\tb').search).toBe('?a%09b');
  });

  it('throws on hosts Node refuses and on malformed credentials', () => {
    const { parse } = build();
    expect(() => parse(undefined)).toThrow(
      expect.objectContaining({ code: 'ERR_INVALID_ARG_TYPE', message: 'The "url" argument must be of type string. Received undefined' }),
    );
    expect(() => parse('http://%E0%A4%A@fail')).toThrow(URIError);
    expect(() => parse('http://[127.0.0.1\x00c8763]:8000/')).toThrow(
      expect.objectContaining({ code: 'ERR_INVALID_URL', input: 'http://[127.0.0.1\x00c8763]:8000/' }),
    );
    expect(() => parse('http://fail\u2100fail.com/')).toThrow(expect.objectContaining({ code: 'ERR_INVALID_URL' }));
    expect(() => parse('http://\u00AD/bad.com/')).toThrow(expect.objectContaining({ code: 'ERR_INVALID_URL' }));
    expect(parse('http://\u2603.com/').hostname).toBe('xn--n3h.com');
  });

  it('warns once per process (DEP0170) about a port that is no number', () => {
    const { parse, warnings } = build();
    expect(parse('https://evil.com:.example.com').pathname).toBe('/:.example.com');
    parse('git+ssh://git@github.com:npm/npm');
    expect(warnings).toEqual([
      ['The URL https://evil.com:.example.com is invalid. Future versions of Node.js will throw an error.', 'DeprecationWarning', 'DEP0170'],
    ]);
  });

  it('formats objects and strings, and refuses anything else in Node words', () => {
    const { url } = build();
    const format = url.format as (value: unknown) => string;
    expect(format({ protocol: 'http:', host: 'a.com', pathname: '/x', query: { a: 'b' } })).toBe('http://a.com/x?a=b');
    expect(format(new URL('http://u:p@a.com/x?y#z'))).toBe('http://u:p@a.com/x?y#z');
    expect(() => format(null)).toThrow('The "urlObject" argument must be one of type object or string. Received null');
    expect((url.resolve as (a: string, b: string) => string)('http://a.com/b/c', '../d')).toBe('http://a.com/d');
  });
});
