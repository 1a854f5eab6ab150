/**
 * The git proxy route against a git host on loopback: what a clone, fetch or push through the IDE sees (status,
 * bytes both ways, the host's refusals), what reaches the host (credentials exactly, nothing else of the
 * browser's), and the proxy's own refusals.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET, POST, PUT } from '@/app/api/git/[...path]/route';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const IDE = 'http://127.0.0.1:3000';
const TOKEN = 'ghp_SeCrEtT0kenValue1234567890';
const BASIC = `Basic ${Buffer.from(`x-access-token:${TOKEN}`).toString('base64')}`;
const BEARER = `Bearer ${TOKEN}`;

/** Every byte value, so a proxy that decodes or re-encodes text anywhere on the way changes something. */
const ADVERTISEMENT = Buffer.concat([Buffer.from('001e# service=git-upload-pack\n0000'), Buffer.from(Array.from({ length: 256 }, (_, i) => i))]);
const PACK = Buffer.concat([Buffer.from('0008NAK\nPACK'), Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))]);

let upstream: Server;
let host = '';
let received: Received[] = [];

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function handleUpstream(request: Received, res: ServerResponse): void {
  const send = (status: number, headers: Record<string, string | string[]>, body: Buffer | string = ''): void => {
    res.writeHead(status, headers).end(body);
  };
  const [path = ''] = request.url.split('?');
  if (path === '/owner/repo.git/info/refs') {
    return send(
      200,
      {
        'content-type': 'application/x-git-upload-pack-advertisement',
        'cache-control': 'no-cache',
        'set-cookie': ['_gh_sess=abc; HttpOnly'],
        'x-github-request-id': 'R1',
      },
      ADVERTISEMENT,
    );
  }
  if (path === '/owner/repo.git/git-upload-pack' || path === '/owner/repo.git/git-receive-pack') {
    return send(200, { 'content-type': `application/x-${path.split('/').at(-1)}-result`, 'set-cookie': 'tracking=1' }, PACK);
  }
  if (path === '/private/repo.git/info/refs') {
    if (request.headers.authorization === BASIC) return send(200, { 'content-type': 'application/x-git-upload-pack-advertisement' }, ADVERTISEMENT);
    return send(401, { 'www-authenticate': 'Basic realm="GitHub"', 'content-type': 'text/plain' }, 'Authentication failed');
  }
  if (path === '/forbidden/repo.git/git-receive-pack') return send(403, { 'content-type': 'text/plain' }, 'Permission to forbidden/repo denied');
  if (path === '/echo/repo.git/info/refs') return send(401, { 'www-authenticate': `Basic realm="${String(request.headers.authorization)}"` }, 'no');
  if (path === '/html/repo.git/info/refs') return send(404, { 'content-type': 'text/html' }, '<script>alert(1)</script>');
  if (path === '/moved/repo.git/info/refs') return send(301, { location: '/owner/repo.git/info/refs?service=git-upload-pack' });
  if (path === '/moved/repo.git/git-receive-pack') return send(307, { location: `http://${host}/owner/repo.git/git-receive-pack` });
  if (path === '/escape/repo.git/info/refs') return send(302, { location: 'https://other.example/owner/repo.git/info/refs?service=git-upload-pack' });
  if (path === '/loop/repo.git/info/refs') return send(302, { location: request.url });
  return send(404, { 'content-type': 'text/plain' }, 'Repository not found');
}

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      received.push(request);
      handleUpstream(request, res);
    });
  });
  host = `127.0.0.1:${await listen(upstream)}`;
  vi.stubEnv('TABSMITH_GIT_HOSTS', `http://${host}`);
});

afterAll(() => {
  vi.unstubAllEnvs();
  upstream.closeAllConnections();
  upstream.close();
});

beforeEach(() => {
  received = [];
});

/** A request as the IDE page sends it: same-origin, to the IDE's host. */
function ideRequest(path: string, init: { method?: string; headers?: Record<string, string>; body?: BodyInit } = {}): Request {
  return new Request(`${IDE}/api/git/${path}`, {
    method: init.method ?? 'GET',
    headers: { host: '127.0.0.1:3000', 'sec-fetch-site': 'same-origin', origin: IDE, ...init.headers },
    body: init.body,
    duplex: 'half',
  } as RequestInit);
}

const refs = (repo: string, headers: Record<string, string> = {}) => GET(ideRequest(`${host}/${repo}/info/refs?service=git-upload-pack`, { headers }));
const pack = (repo: string, service: string, body: BodyInit, headers: Record<string, string> = {}) =>
  POST(ideRequest(`${host}/${repo}/${service}`, { method: 'POST', body, headers: { 'content-type': `application/x-${service}-request`, ...headers } }));

async function errorOf(response: Response): Promise<string> {
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  return ((await response.json()) as { error: string }).error;
}

describe('a clone through the proxy', () => {
  it('passes the advertisement through byte for byte, with its status and git headers, and no cookie', async () => {
    const response = await refs('owner/repo.git', { 'git-protocol': 'version=2', accept: 'application/x-git-upload-pack-advertisement, */*' });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(ADVERTISEMENT)).toBe(true);
    expect(response.headers.get('content-type')).toBe('application/x-git-upload-pack-advertisement');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('x-github-request-id')).toBeNull();
    expect(received).toHaveLength(1);
    expect(received[0]?.url).toBe('/owner/repo.git/info/refs?service=git-upload-pack');
    expect(received[0]?.headers['git-protocol']).toBe('version=2');
    expect(received[0]?.headers.accept).toBe('application/x-git-upload-pack-advertisement, */*');
  });

  it('sends the request body to the host unchanged and streams the pack back unchanged', async () => {
    const wants = Buffer.concat([Buffer.from('0032want 0123456789012345678901234567890123456789\n00000009done\n'), Buffer.from([0, 255, 128, 13, 10])]);
    const response = await pack('owner/repo.git', 'git-upload-pack', new Uint8Array(wants), { 'content-encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(PACK)).toBe(true);
    expect(response.headers.get('content-type')).toBe('application/x-git-upload-pack-result');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(received[0]?.method).toBe('POST');
    expect(received[0]?.url).toBe('/owner/repo.git/git-upload-pack');
    expect(received[0]?.body.equals(wants)).toBe(true);
    expect(received[0]?.headers['content-type']).toBe('application/x-git-upload-pack-request');
    expect(received[0]?.headers['content-encoding']).toBe('gzip');
  });
});

describe('credentials', () => {
  it('reach the host exactly as Authorization, and nothing else of the browser request does', async () => {
    const response = await refs('private/repo.git', {
      'x-git-authorization': BASIC,
      authorization: 'Basic aWRlLXVzZXI6aWRlLXBhc3M=',
      cookie: 'ide_session=1',
      referer: `${IDE}/`,
      'x-forwarded-for': '10.0.0.1',
      'user-agent': 'Mozilla/5.0',
    });
    expect(response.status).toBe(200);
    const headers = received[0]?.headers ?? {};
    expect(headers.authorization).toBe(BASIC);
    expect(headers['user-agent']).toBe('git/2.39 (tabsmith)');
    for (const name of ['x-git-authorization', 'cookie', 'referer', 'origin', 'x-forwarded-for', 'sec-fetch-site']) expect(headers[name], name).toBeUndefined();
  });

  it('pass a 401 through with its body, the challenge and a note saying credentials are needed or refused', async () => {
    const without = await refs('private/repo.git');
    expect(without.status).toBe(401);
    expect(await without.text()).toBe('Authentication failed');
    expect(without.headers.get('x-git-proxy-note')).toBe('the host asks for credentials');
    expect(without.headers.get('x-git-www-authenticate')).toBe('Basic realm="GitHub"');
    // A WWW-Authenticate would make the browser show its own login prompt for the IDE's site.
    expect(without.headers.get('www-authenticate')).toBeNull();
    expect(received[0]?.headers.authorization).toBeUndefined();

    const wrong = await refs('private/repo.git', { 'x-git-authorization': 'Bearer not-the-token' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('x-git-proxy-note')).toBe('the host refused the credentials');
  });

  it("pass a 403 through with the host's words", async () => {
    const response = await pack('forbidden/repo.git', 'git-receive-pack', new Uint8Array([1, 2, 3]), { 'x-git-authorization': BEARER });
    expect(response.status).toBe(403);
    expect(await response.text()).toBe('Permission to forbidden/repo denied');
    expect(response.headers.get('x-git-proxy-note')).toMatch(/refused the credentials/);
    expect(received[0]?.headers.authorization).toBe(BEARER);
  });

  it('are refused with 400 when malformed, before the host is contacted', async () => {
    for (const value of [`Token ${TOKEN}`, `Bearer ${TOKEN} extra`, `Basic ${TOKEN}\u00e9`, `Bearer ${'a'.repeat(4097)}`, 'Bearer ']) {
      const response = await refs('owner/repo.git', { 'x-git-authorization': value });
      expect(response.status, value.slice(0, 40)).toBe(400);
      expect(await errorOf(response)).toMatch(/X-Git-Authorization must be/);
    }
    expect(received).toHaveLength(0);
  });

  it('never appear in anything the proxy answers, refusals and errors included', async () => {
    const closed = createServer();
    const closedPort = await listen(closed);
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    vi.stubEnv('TABSMITH_GIT_HOSTS', `http://${host},http://127.0.0.1:${closedPort}`);
    try {
      const answers: Response[] = [];
      for (const auth of [BASIC, BEARER]) {
        const withAuth = { 'x-git-authorization': auth };
        answers.push(
          await refs('owner/repo.git', withAuth),
          await refs('private/repo.git', withAuth),
          await refs('echo/repo.git', withAuth),
          await refs('escape/repo.git', withAuth),
          await refs('loop/repo.git', withAuth),
          await refs('missing/repo.git', withAuth),
          await pack('forbidden/repo.git', 'git-receive-pack', 'x', withAuth),
          await pack('owner/repo.git', 'git-upload-pack', 'x', { ...withAuth, 'content-type': 'application/x-git-receive-pack-request' }),
          await GET(ideRequest(`evil.example/owner/repo.git/info/refs?service=git-upload-pack`, { headers: withAuth })),
          await GET(ideRequest(`127.0.0.1:${closedPort}/owner/repo.git/info/refs?service=git-upload-pack`, { headers: withAuth })),
          await GET(ideRequest(`${host}/owner/%2e%2e%2fx/info/refs?service=git-upload-pack`, { headers: withAuth })),
          await GET(ideRequest(`${host}/owner/repo.git/HEAD`, { headers: withAuth })),
          await GET(ideRequest(`${host}/owner/repo.git/info/refs?service=git-upload-pack`, { headers: { ...withAuth, 'sec-fetch-site': 'cross-site' } })),
          await PUT(ideRequest(`${host}/owner/repo.git/git-upload-pack`, { method: 'PUT', headers: withAuth })),
        );
        answers.push(await refs('owner/repo.git', { 'x-git-authorization': `${auth} ${TOKEN}` }));
      }
      const secrets = [TOKEN, BASIC.slice('Basic '.length)];
      expect(new Set(answers.map((answer) => answer.status)).size).toBeGreaterThan(6);
      for (const answer of answers) {
        const text = `${answer.status} ${JSON.stringify([...answer.headers])} ${await answer.text()}`;
        for (const secret of secrets) expect(text, text.slice(0, 200)).not.toContain(secret);
      }
    } finally {
      vi.stubEnv('TABSMITH_GIT_HOSTS', `http://${host}`);
    }
  });
});

describe('redirects', () => {
  it('are followed within the host, for the advertisement and for a push with its body', async () => {
    const response = await refs('moved/repo.git', { 'x-git-authorization': BASIC });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(ADVERTISEMENT)).toBe(true);
    expect(received.map((request) => request.url)).toEqual([
      '/moved/repo.git/info/refs?service=git-upload-pack',
      '/owner/repo.git/info/refs?service=git-upload-pack',
    ]);
    expect(received[1]?.headers.authorization).toBe(BASIC);

    received = [];
    const push = await pack('moved/repo.git', 'git-receive-pack', new Uint8Array([9, 8, 7, 0, 255]));
    expect(push.status).toBe(200);
    expect(received.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /moved/repo.git/git-receive-pack',
      'POST /owner/repo.git/git-receive-pack',
    ]);
    expect(received[1]?.body.equals(Buffer.from([9, 8, 7, 0, 255]))).toBe(true);
  });

  it('to another host are refused with 502 naming both hosts', async () => {
    const response = await refs('escape/repo.git');
    expect(response.status).toBe(502);
    const error = await errorOf(response);
    expect(error).toContain(host);
    expect(error).toMatch(/redirected to other\.example, another host; refused/);
  });

  it('that loop end with 502 after five', async () => {
    const response = await refs('loop/repo.git');
    expect(response.status).toBe(502);
    expect(await errorOf(response)).toMatch(/more than 5 times/);
    expect(received).toHaveLength(6);
  });
});

describe("the proxy's own refusals", () => {
  it('refuse a host off the allowlist with 403 naming it and the allowed hosts', async () => {
    const response = await GET(ideRequest('evil.example/owner/repo.git/info/refs?service=git-upload-pack'));
    expect(response.status).toBe(403);
    const error = await errorOf(response);
    expect(error).toContain('evil.example is not allowed');
    expect(error).toContain(`github.com, gitlab.com, codeberg.org, bitbucket.org, ${host}`);
    expect(error).toContain('TABSMITH_GIT_HOSTS');
  });

  it('answer 404 for paths that are not smart HTTP endpoints, and 400 for traversal, without contacting the host', async () => {
    const notServed = await GET(ideRequest(`${host}/owner/repo.git/objects/info/packs`));
    expect(notServed.status).toBe(404);
    expect(await errorOf(notServed)).toMatch(/smart HTTP endpoints/);
    for (const path of [
      `${host}/owner/..%2f..%2fadmin/info/refs`,
      `${host}/owner%5crepo/info/refs`,
      `${host}/owner//repo/info/refs`,
      `${host}/%252e%252e/info/refs`,
    ]) {
      const response = await GET(ideRequest(`${path}?service=git-upload-pack`));
      expect(response.status, path).toBe(400);
      expect(await errorOf(response)).toMatch(/repository path is not allowed/);
    }
    expect(received).toHaveLength(0);
  });

  it('refuse pages of other sites (the guard) and methods other than GET and POST', async () => {
    const crossSite = await GET(
      ideRequest(`${host}/owner/repo.git/info/refs?service=git-upload-pack`, { headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } }),
    );
    expect(crossSite.status).toBe(403);
    const put = PUT(ideRequest(`${host}/owner/repo.git/git-upload-pack`, { method: 'PUT' }));
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST, OPTIONS');
    expect(received).toHaveLength(0);
  });

  it('refuse a request Content-Type that does not fit the endpoint', async () => {
    const response = await pack('owner/repo.git', 'git-upload-pack', 'x', { 'content-type': 'text/plain' });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatch(/Content-Type/);
    expect(received).toHaveLength(0);
  });

  it("serve an HTML answer from the host as bytes, never as a page on the IDE's origin", async () => {
    const response = await refs('html/repo.git');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(await response.text()).toBe('<script>alert(1)</script>');
  });

  it('answer 502 naming the host and the reason when it cannot be reached', async () => {
    const closed = createServer();
    const port = await listen(closed);
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    vi.stubEnv('TABSMITH_GIT_HOSTS', `http://127.0.0.1:${port}`);
    try {
      const response = await GET(ideRequest(`127.0.0.1:${port}/owner/repo.git/info/refs?service=git-upload-pack`));
      expect(response.status).toBe(502);
      expect(await errorOf(response)).toBe(`Could not reach 127.0.0.1:${port}: the connection was refused (ECONNREFUSED).`);
    } finally {
      vi.stubEnv('TABSMITH_GIT_HOSTS', `http://${host}`);
    }
  });

  it('answer 500 naming the bad TABSMITH_GIT_HOSTS entry', async () => {
    vi.stubEnv('TABSMITH_GIT_HOSTS', 'ftp://git.example.com');
    try {
      const response = await refs('owner/repo.git');
      expect(response.status).toBe(500);
      expect(await errorOf(response)).toContain('"ftp://git.example.com"');
    } finally {
      vi.stubEnv('TABSMITH_GIT_HOSTS', `http://${host}`);
    }
  });
});

describe('the 100 MB request body limit', () => {
  const MB = 1024 * 1024;
  const chunk = new Uint8Array(MB).map((_, i) => (i * 31) % 251);

  function body(megabytes: number, extraBytes = 0): ReadableStream<Uint8Array> {
    let sent = 0;
    return new ReadableStream({
      pull(controller) {
        if (sent < megabytes) {
          sent += 1;
          controller.enqueue(chunk);
        } else {
          if (extraBytes > 0) controller.enqueue(new Uint8Array(extraBytes));
          controller.close();
        }
      },
    });
  }

  it('passes a 100 MB push through whole', async () => {
    const expected = createHash('sha256');
    for (let i = 0; i < 100; i += 1) expected.update(chunk);
    const response = await pack('owner/repo.git', 'git-receive-pack', body(100));
    expect(response.status).toBe(200);
    expect(received[0]?.body.byteLength).toBe(100 * MB);
    expect(
      createHash('sha256')
        .update(received[0]?.body ?? Buffer.alloc(0))
        .digest('hex'),
    ).toBe(expected.digest('hex'));
  });

  it('refuses one byte more with 413, and a larger declared length before reading, without contacting the host', async () => {
    const over = await pack('owner/repo.git', 'git-receive-pack', body(100, 1));
    expect(over.status).toBe(413);
    expect(await errorOf(over)).toMatch(/larger than the git proxy's limit of 100 MB/);
    // A body that never ends: only the declared length can answer this one.
    const endless = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => undefined) });
    const declared = await pack('owner/repo.git', 'git-receive-pack', endless, { 'content-length': String(100 * MB + 1) });
    expect(declared.status).toBe(413);
    expect(received).toHaveLength(0);
  });

  it('refuses a body that arrived shorter than its declared length instead of forwarding a broken pack', async () => {
    const response = await pack('owner/repo.git', 'git-receive-pack', body(1), { 'content-length': String(2 * MB) });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatch(/cut short \(1048576 of 2097152 bytes\)/);
    expect(received).toHaveLength(0);
  });
});
