/**
 * The npm proxy against a real HTTP upstream on loopback: redirects, and answers that must not depend on the
 * request's headers.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PROXY_PATH_LENGTH, handleRegistryRequest } from '@/lib/server/registry-proxy';

let registry: Server;
let internal: Server;
let registryUrl = '';
let internalUrl = '';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  // Stands for an address only the server can reach (a metadata service, an admin port).
  internal = createServer((_req, res) => res.end(JSON.stringify({ secret: 'internal-only' })));
  internalUrl = await listen(internal);
  registry = createServer((req, res) => {
    const send = (status: number, headers: Record<string, string>, body = '') => res.writeHead(status, headers).end(body);
    if (req.url === '/moved') return send(301, { location: '/moved-here' });
    if (req.url === '/moved-here') return send(200, { 'content-type': 'application/json' }, JSON.stringify({ name: 'moved-here', versions: {} }));
    if (req.url === '/escape') return send(302, { location: `${internalUrl}/latest/meta-data` });
    if (req.url === '/escape/-/escape-1.0.0.tgz') return send(307, { location: `${internalUrl}/x.tgz` });
    if (req.url === '/loop') return send(302, { location: '/loop' });
    if (req.url === '/pkg') {
      return send(
        200,
        { 'content-type': 'application/json' },
        JSON.stringify({ name: 'pkg', versions: { '1.0.0': { dist: { tarball: `${registryUrl}/pkg/-/pkg-1.0.0.tgz` } } } }),
      );
    }
    return send(404, {}, 'not found');
  });
  registryUrl = await listen(registry);
});

afterAll(() => {
  registry.close();
  internal.close();
});

const proxy = (path: string, headers: Record<string, string> = {}) =>
  handleRegistryRequest(new Request(`http://127.0.0.1:3000/api/npm/${path}`, { headers: { host: '127.0.0.1:3000', ...headers } }), { upstream: registryUrl });

describe('registry redirects', () => {
  it('follows a redirect within the configured registry', async () => {
    const response = await proxy('moved');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: 'moved-here' });
  });

  it('refuses a redirect to another host, for metadata and tarballs, without fetching it', async () => {
    for (const path of ['escape', 'escape/-/escape-1.0.0.tgz']) {
      const response = await proxy(path);
      expect(response.status, path).toBe(502);
      const body = await response.text();
      expect(body).toMatch(/redirected to another host/);
      expect(body).not.toContain('internal-only');
    }
  });

  it('gives up on a redirect loop', async () => {
    const response = await proxy('loop');
    expect(response.status).toBe(502);
    expect(await response.text()).toMatch(/more than 3 times/);
  });
});

describe('answers independent of request headers', () => {
  it('writes no Host or X-Forwarded-Host into tarball URLs, so one cached answer fits every client', async () => {
    const plain = await (await proxy('pkg')).text();
    const spoofed = await (await proxy('pkg', { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' })).text();
    expect(spoofed).toBe(plain);
    expect(JSON.parse(plain)).toMatchObject({ versions: { '1.0.0': { dist: { tarball: '/api/npm/pkg/-/pkg-1.0.0.tgz' } } } });
  });
});

describe('over-long paths', () => {
  it('answer 414 without contacting the registry', async () => {
    const response = await proxy(`a${'b'.repeat(MAX_PROXY_PATH_LENGTH)}`);
    expect(response.status).toBe(414);
    expect(await response.json()).toEqual({ error: expect.stringContaining(String(MAX_PROXY_PATH_LENGTH)) });
  });
});
