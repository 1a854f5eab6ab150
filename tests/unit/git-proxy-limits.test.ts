/**
 * The git proxy's limits on what the host sends back: the time one exchange may take (504 before the answer,
 * a failed stream during it) and the size of the answer (a failed stream once past it). The limits are made
 * small here so a test does not wait two minutes or stream a gigabyte; the route uses the defaults.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleGitProxy, type GitProxyOptions } from '@/lib/server/git-proxy/handler';
import { DEFAULT_GIT_PROXY_LIMITS } from '@/lib/server/git-proxy/limits';

let upstream: Server;
let host = '';
const CHUNK = Buffer.alloc(64 * 1024, 7);

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/slow/repo.git/info/refs') {
      setTimeout(() => res.writeHead(200).end('late'), 2_000);
      return;
    }
    if (path === '/stalls/repo.git/info/refs') {
      res.writeHead(200, { 'content-type': 'application/x-git-upload-pack-advertisement' });
      res.write(CHUNK);
      return;
    }
    if (path === '/big/repo.git/info/refs') {
      res.writeHead(200, { 'content-type': 'application/x-git-upload-pack-advertisement' });
      for (let i = 0; i < 4; i += 1) res.write(CHUNK);
      res.end();
      return;
    }
    if (path === '/declared/repo.git/info/refs') {
      res.writeHead(200, { 'content-length': String(10 * 1024 * 1024) });
      res.write(CHUNK);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/x-git-upload-pack-advertisement' }).end(CHUNK);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(() => {
  upstream.closeAllConnections();
  upstream.close();
});

const options = (limits: GitProxyOptions['limits']): GitProxyOptions => ({ env: { TABSMITH_GIT_HOSTS: `http://${host}` }, limits });

const refs = (repo: string, limits: GitProxyOptions['limits']) =>
  handleGitProxy(new Request(`http://127.0.0.1:3000/api/git/${host}/${repo}/info/refs?service=git-upload-pack`), options(limits));

describe('the exchange time limit', () => {
  it('is 120 s by default', () => {
    expect(DEFAULT_GIT_PROXY_LIMITS.timeoutMs).toBe(120_000);
  });

  it('answers 504 naming the host and the limit when the host has not answered in time', async () => {
    const started = Date.now();
    const response = await refs('slow/repo.git', { timeoutMs: 200 });
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({ error: `${host} did not finish within 0.2 s, the git proxy's limit for one exchange.` });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('fails the stream when the host stops sending part way', async () => {
    const response = await refs('stalls/repo.git', { timeoutMs: 300 });
    expect(response.status).toBe(200);
    await expect(response.arrayBuffer()).rejects.toThrow(/did not finish within 0\.3 s/);
  });

  it('leaves an answer that finishes in time alone', async () => {
    const response = await refs('fine/repo.git', { timeoutMs: 1_000 });
    expect(Buffer.from(await response.arrayBuffer()).equals(CHUNK)).toBe(true);
  });
});

describe('the response size limit', () => {
  it('is 1 GB by default', () => {
    expect(DEFAULT_GIT_PROXY_LIMITS.maxResponseBytes).toBe(1024 ** 3);
  });

  it('streams an answer up to the limit whole', async () => {
    const response = await refs('big/repo.git', { maxResponseBytes: 4 * CHUNK.byteLength });
    expect((await response.arrayBuffer()).byteLength).toBe(4 * CHUNK.byteLength);
  });

  it('fails the stream once the answer passes the limit', async () => {
    const response = await refs('big/repo.git', { maxResponseBytes: 3 * CHUNK.byteLength });
    expect(response.status).toBe(200);
    await expect(response.arrayBuffer()).rejects.toThrow(`The answer from ${host} is larger than the git proxy's limit of 192 KB; it was cut off.`);
  });

  it('refuses an answer whose declared length is over the limit with 502, before streaming it', async () => {
    const response = await refs('declared/repo.git', { maxResponseBytes: 1024 * 1024 });
    expect(response.status).toBe(502);
    expect(((await response.json()) as { error: string }).error).toBe(`The answer from ${host} is 10 MB, more than the git proxy's limit of 1 MB.`);
  });
});
