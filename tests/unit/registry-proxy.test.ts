import { describe, expect, it, vi } from 'vitest';
import { handleRegistryRequest, parseRegistryPath, rewriteTarballUrls, RegistryProxyError, validatePackageName } from '@/lib/server/registry-proxy';

const UPSTREAM = 'https://upstream.example.test/npm';

function fakeFetch(respond: (url: string, init?: RequestInit) => Response) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => respond(String(input), init));
}

const get = (path: string, fetchImpl: typeof fetch, headers: Record<string, string> = {}) =>
  handleRegistryRequest(new Request(`http://127.0.0.1:3000${path}`, { headers }), { upstream: UPSTREAM, fetch: fetchImpl });

describe('package name validation', () => {
  it('accepts npm names, scoped or not', () => {
    for (const name of ['is-odd', 'lodash.merge', '@types/node', '@scope/a_b~c', 'a']) expect(validatePackageName(name)).toBe(name);
  });

  it('rejects hostile and invalid names', () => {
    for (const name of [
      '../etc',
      '..',
      '.hidden',
      '_private',
      'http://evil',
      'evil.com/x',
      'UPPER',
      'a b',
      '@scope',
      '@/x',
      '@a/../b',
      'x'.repeat(215),
      '%2e%2e',
      '',
    ]) {
      expect(() => validatePackageName(name), name).toThrow(/Invalid package name/);
    }
  });
});

describe('registry paths', () => {
  it('parses metadata and tarball paths, scoped names in both spellings', () => {
    expect(parseRegistryPath('is-odd')).toEqual({ kind: 'metadata', name: 'is-odd' });
    expect(parseRegistryPath('@types/node')).toEqual({ kind: 'metadata', name: '@types/node' });
    expect(parseRegistryPath('@types%2fnode')).toEqual({ kind: 'metadata', name: '@types/node' });
    expect(parseRegistryPath('@types%2Fnode')).toEqual({ kind: 'metadata', name: '@types/node' });
    expect(parseRegistryPath('is-odd/-/is-odd-3.0.1.tgz')).toEqual({ kind: 'tarball', name: 'is-odd', file: 'is-odd-3.0.1.tgz' });
    expect(parseRegistryPath('@types/node/-/node-20.1.0-beta.1.tgz')).toMatchObject({ kind: 'tarball', name: '@types/node' });
  });

  it('refuses traversal, other hosts, encodings and odd tarball names', () => {
    for (const path of [
      '../x',
      '..%2f..%2fetc%2fpasswd',
      '%2e%2e/x',
      'is-odd%2e%2e',
      'http://evil/x',
      'http:%2f%2fevil',
      'is-odd/-/other-1.0.0.tgz',
      'is-odd/-/is-odd-1.0.0.tgz/x',
      'is-odd/-/is-odd-latest.tgz',
      'is-odd/-/../../x-1.0.0.tgz',
      'is-odd/dist-tags',
      'is-odd/1.0.0',
      'IS-ODD',
    ]) {
      expect(() => parseRegistryPath(path), path).toThrow();
    }
  });
});

describe('upstream configuration', () => {
  it('answers an invalid setting with its message, without fetching', async () => {
    const fetchImpl = fakeFetch(() => new Response());
    const upstream = () => Promise.reject(new RegistryProxyError(500, 'TABSMITH_NPM_REGISTRY must be an http(s) URL, not "file:///etc".'));
    const response = await handleRegistryRequest(new Request('http://127.0.0.1/api/npm/is-odd'), { upstream, fetch: fetchImpl });
    expect(response.status).toBe(500);
    expect(((await response.json()) as { error: string }).error).toMatch(/TABSMITH_NPM_REGISTRY must be an http\(s\) URL/);
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});

describe('proxy handler', () => {
  const metadata = {
    name: '@scope/pkg',
    versions: {
      '1.0.0': { dist: { tarball: `${UPSTREAM}/@scope/pkg/-/pkg-1.0.0.tgz` } },
      '2.0.0': { dist: { tarball: 'https://elsewhere.test/weird/path' } },
    },
  };

  it('fetches metadata with the abbreviated Accept header and rewrites tarball URLs to itself, relative', async () => {
    const fetchImpl = fakeFetch(() => Response.json(structuredClone(metadata)));
    const response = await get('/api/npm/@scope%2fpkg', fetchImpl, { host: 'localhost:4000', 'x-forwarded-host': 'evil.example' });
    expect(response.status).toBe(200);
    const [url, init] = fetchImpl.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${UPSTREAM}/@scope%2fpkg`);
    expect(new Headers(init.headers).get('accept')).toContain('application/vnd.npm.install-v1+json');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const body = (await response.json()) as typeof metadata;
    // Root-relative: the page resolves them against the origin it installs through; no request header leaks in.
    expect(body.versions['1.0.0'].dist.tarball).toBe('/api/npm/@scope/pkg/-/pkg-1.0.0.tgz');
    expect(body.versions['2.0.0'].dist.tarball).toBe('/api/npm/@scope/pkg/-/pkg-2.0.0.tgz');
  });

  it('streams tarballs from the configured registry only', async () => {
    const fetchImpl = fakeFetch(() => new Response(new Uint8Array([1, 2, 3])));
    const response = await get('/api/npm/is-odd/-/is-odd-3.0.1.tgz', fetchImpl);
    expect(fetchImpl.mock.calls[0]?.[0]).toBe(`${UPSTREAM}/is-odd/-/is-odd-3.0.1.tgz`);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('answers 400 without calling upstream for hostile paths', async () => {
    const fetchImpl = fakeFetch(() => new Response('should not happen'));
    for (const path of ['/api/npm/..%2f..%2fsecret', '/api/npm/http:%2f%2fevil', '/api/npm/Evil', `/api/npm/${'a'.repeat(300)}`]) {
      expect((await get(path, fetchImpl)).status, path).toBe(400);
    }
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('passes upstream errors through with the same status', async () => {
    expect(
      (
        await get(
          '/api/npm/nope',
          fakeFetch(() => new Response('x', { status: 404 })),
        )
      ).status,
    ).toBe(404);
    const failing = await get(
      '/api/npm/x',
      fakeFetch(() => new Response('x', { status: 503 })),
    );
    expect(failing.status).toBe(503);
    expect(await failing.json()).toEqual({ error: expect.stringContaining('503') });
    const down = await get(
      '/api/npm/x',
      fakeFetch(() => {
        throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
      }),
    );
    expect(down.status).toBe(502);
    expect(await down.json()).toEqual({ error: `Could not reach the npm registry ${UPSTREAM} for x: the connection was refused (ECONNREFUSED).` });
  });

  it('only allows GET/HEAD (and CORS preflight)', async () => {
    const post = await handleRegistryRequest(new Request('http://h/api/npm/x', { method: 'POST' }), {
      upstream: UPSTREAM,
      fetch: fakeFetch(() => new Response()),
    });
    expect(post.status).toBe(405);
    const options = await handleRegistryRequest(new Request('http://h/api/npm/x', { method: 'OPTIONS' }), { upstream: UPSTREAM });
    expect(options.status).toBe(204);
  });

  it('rewrites only versions that have a dist field', () => {
    const doc = rewriteTarballUrls({ versions: { '1.0.0': {} } }, 'a', 'http://h/api/npm');
    expect(doc).toEqual({ versions: { '1.0.0': {} } });
  });
});
