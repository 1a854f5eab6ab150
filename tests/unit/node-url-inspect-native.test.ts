// @vitest-environment jsdom
/** A URL's own `searchParams` is an instance of the page's URLSearchParams class; it inspects as Node's does. */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { inspectUrl, installUrlSearchParams } from '@/lib/runtime-frame/offline/node/url-search-params';

describe("a URL's searchParams", () => {
  it('inspect with their entries, alone and inside the URL', () => {
    // A browser's class has no Node inspect of its own (the test environment's may have one).
    Reflect.deleteProperty(URLSearchParams.prototype, inspect.custom);
    installUrlSearchParams();
    const url = new URL('https://host.name/?que=ry&a=1');
    expect(inspect(url.searchParams)).toBe("URLSearchParams { 'que' => 'ry', 'a' => '1' }");
    expect(String(inspectUrl(url, 2, {}, (value, options) => inspect(value, options as object)))).toContain(
      "searchParams: URLSearchParams { 'que' => 'ry', 'a' => '1' },",
    );
  });
});
