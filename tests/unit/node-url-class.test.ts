import { describe, expect, it } from 'vitest';
import { NodeURL } from '@/lib/runtime-frame/offline/node/url-class';

describe("URL as Node 22's", () => {
  it('fails with ERR_INVALID_URL naming the input and base', () => {
    const attempt = (input: unknown, base?: unknown) => () => new NodeURL(input, base);
    expect(attempt('test')).toThrow(expect.objectContaining({ name: 'TypeError', code: 'ERR_INVALID_URL', message: 'Invalid URL', input: 'test' }));
    expect(attempt('http://nodejs.org', null)).toThrow(expect.objectContaining({ code: 'ERR_INVALID_URL', base: 'null' }));
    try {
      new NodeURL(undefined);
    } catch (error) {
      expect(`${error as Error}`).toBe('TypeError: Invalid URL');
    }
    expect(new NodeURL('/a', 'http://x.com').href).toBe('http://x.com/a');
  });

  it('converts what its setters are given as a template string does', () => {
    const url = new NodeURL('http://example.com/');
    expect(() => ((url as unknown as Record<string, unknown>).pathname = Symbol())).toThrow(/^Cannot convert a Symbol value to a string$/);
    expect(
      () =>
        (url.hash = {
          toString: () => {
            throw new Error('toString');
          },
        } as never),
    ).toThrow('toString');
    url.pathname = 42 as never;
    expect(url.href).toBe('http://example.com/42');
    expect(() => (url.href = 'nope')).toThrow(expect.objectContaining({ code: 'ERR_INVALID_URL', input: 'nope' }));
  });

  it('counts URLs made by the platform as its own and keeps static helpers', () => {
    expect(new URL('http://a.com')).toBeInstanceOf(NodeURL);
    expect(NodeURL.name).toBe('URL');
    expect(NodeURL.canParse('http://a.com')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(NodeURL.prototype, 'protocol')?.enumerable).toBe(true);
  });
});
