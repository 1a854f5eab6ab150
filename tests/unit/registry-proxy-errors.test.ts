/**
 * When the upstream registry cannot hand over a package, the proxy's JSON `{ error }` says which package,
 * which registry and what happened, with a status that matches: the npm client prints that sentence as is.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleRegistryRequest } from '@/lib/server/registry-proxy';

let registry: Server;
let registryUrl = '';
/** A port nothing listens on (a server was there a moment ago). */
let closedUrl = '';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  registry = createServer((req, res) => {
    if (req.url === '/busy') return void res.writeHead(503, 'Service Unavailable').end('try later');
    if (req.url === '/private') return void res.writeHead(401).end();
    if (req.url === '/slow') return; // never answers
    if (req.url === '/garbled') return void res.writeHead(200, { 'content-type': 'application/json' }).end('<html>');
    res.writeHead(404).end('{}');
  });
  registryUrl = await listen(registry);
  const gone = createServer();
  closedUrl = await listen(gone);
  await new Promise((resolve) => gone.close(resolve));
});

afterAll(() => {
  registry.closeAllConnections();
  registry.close();
});

async function ask(path: string, upstream = registryUrl, timeoutMs = 5_000) {
  const response = await handleRegistryRequest(new Request(`http://127.0.0.1:3000/api/npm/${path}`), { upstream, timeoutMs });
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return { status: response.status, error: ((await response.json()) as { error: string }).error };
}

describe('upstream failures', () => {
  it('a missing package: 404, its name and the registry', async () => {
    expect(await ask('react')).toEqual({ status: 404, error: `Package react was not found on the npm registry ${registryUrl} (404).` });
  });

  it('a missing tarball names the file and its package', async () => {
    expect(await ask('@scope%2freact/-/react-19.0.0.tgz')).toEqual({
      status: 404,
      error: `The npm registry ${registryUrl} answered 404 Not Found for react-19.0.0.tgz (a tarball of @scope/react).`,
    });
  });

  it('a registry error keeps its status and text', async () => {
    expect(await ask('busy')).toEqual({ status: 503, error: `The npm registry ${registryUrl} answered 503 Service Unavailable for busy.` });
    expect(await ask('private')).toMatchObject({ status: 401, error: expect.stringContaining('answered 401 Unauthorized for private') });
  });

  it('a refused connection: 502 and why', async () => {
    expect(await ask('is-odd', closedUrl)).toEqual({
      status: 502,
      error: `Could not reach the npm registry ${closedUrl} for is-odd: the connection was refused (ECONNREFUSED).`,
    });
  });

  it('a host name that does not resolve: 502 and DNS', async () => {
    const { status, error } = await ask('is-odd', 'http://tabsmith-no-such-host.invalid');
    expect(status).toBe(502);
    expect(error).toMatch(/^Could not reach the npm registry http:\/\/tabsmith-no-such-host\.invalid for is-odd: .*\(DNS\) \((ENOTFOUND|EAI_AGAIN)\)\.$/);
  });

  it('a registry that does not answer: 504 after the wait', async () => {
    const started = Date.now();
    expect(await ask('slow', registryUrl, 300)).toEqual({ status: 504, error: `The npm registry ${registryUrl} did not answer within 0.3 s for slow.` });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('metadata that is not JSON: 502 naming the package', async () => {
    expect(await ask('garbled')).toEqual({ status: 502, error: 'The npm registry sent metadata for garbled that is not a JSON object.' });
  });
});
