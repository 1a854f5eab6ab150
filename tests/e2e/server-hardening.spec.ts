import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { openIde, region } from './support/ide';

/**
 * The server answers only the IDE: other sites cannot call its API, the runtime site serves only the runtime
 * frame's files, and every page carries the security headers. Runs against the production build.
 */

const port = Number(process.env.TABSMITH_E2E_PORT ?? 3000);
const ide = `http://127.0.0.1:${port}`;
/** Another site than the IDE at 127.0.0.1, served by the same server (an attacker's page stands in for it). */
const otherSite = `http://localhost:${port}`;
/** The runtime site: every *.localhost host. */
const runtimeSite = `http://rt-e2e.localhost:${port}`;

/**
 * The classic cross-site request forgery: a form on the current page POSTs text/plain to `action` (no preflight,
 * no CORS, the browser sets Origin and Sec-Fetch-Site itself) and the browser navigates to the answer.
 */
async function submitTextPlainForm(page: Page, action: string): Promise<{ status: number; body: string }> {
  const answer = page.waitForResponse((r) => r.url() === action && r.request().method() === 'POST');
  await page.evaluate((target) => {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = target;
    form.enctype = 'text/plain';
    const field = document.createElement('input');
    field.name = '{"messages":[],"x":"';
    field.value = '"}';
    form.append(field);
    document.body.append(form);
    form.submit();
  }, action);
  const response = await answer;
  return { status: response.status(), body: await response.text() };
}

test('a cross-site POST to the agent or computer-use API is refused with a reason', async ({ request }) => {
  for (const path of ['/api/ai', '/api/computer-use']) {
    const response = await request.post(path, {
      headers: { 'content-type': 'text/plain', origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
      data: JSON.stringify({ messages: [] }),
    });
    expect(response.status(), path).toBe(403);
    expect(await response.json()).toEqual({ error: expect.stringMatching(/cross-site/) });
  }
  const wrongType = await request.post('/api/ai', { headers: { 'content-type': 'text/plain', 'sec-fetch-site': 'same-origin' }, data: '{}' });
  expect(wrongType.status()).toBe(415);
});

test("a page on another site cannot make the visitor's browser call /api/ai", async ({ page }) => {
  await page.goto(`${otherSite}/robots.txt`);
  const answer = await submitTextPlainForm(page, `${ide}/api/ai`);
  expect(answer.status).toBe(403);
  expect(answer.body).toMatch(/cross-site/);
});

test('the runtime site serves only the runtime frame files, and nothing of the IDE', async ({ page }) => {
  const home = await page.goto(`${runtimeSite}/`);
  expect(home?.status()).toBe(404);
  for (const path of ['/selftest', '/bench', '/?runtime=offline']) expect((await page.goto(`${runtimeSite}${path}`))?.status(), path).toBe(404);

  const bridge = await page.goto(`${runtimeSite}/preview-bridge.js`);
  expect(bridge?.status()).toBe(200);
  const headers = bridge?.headers() ?? {};
  expect(headers['cross-origin-resource-policy']).toBe('cross-origin');
  expect(headers['cross-origin-embedder-policy']).toBe('require-corp');

  // Script on the runtime site: its own /api/ai does not exist, and the IDE's refuses it.
  const ownApi = await page.evaluate(() =>
    fetch('/api/ai', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((r) => r.status),
  );
  expect(ownApi).toBe(404);
  // Its pages may only be framed by the IDE (checked before the form below navigates away).
  const notFound = await page.goto(`${runtimeSite}/nothing-here`);
  const port = new URL(runtimeSite).port;
  expect(notFound?.headers()['content-security-policy']).toContain(`frame-ancestors 'self' http://localhost:${port} http://127.0.0.1:${port}`);
  const toIde = await submitTextPlainForm(page, `${ide}/api/ai`);
  expect(toIde.status).toBe(403);
  expect(toIde.body).toMatch(/cross-site/);
});

test('the IDE site does not serve the runtime frame', async ({ request }) => {
  expect((await request.get('/runtime-frame')).status()).toBe(404);
});

test('the IDE page carries its CSP (with a per-request nonce), nosniff and no X-Powered-By, and works under it', async ({ page, request }) => {
  const first = await request.get('/');
  const second = await request.get('/');
  const headers = first.headers();
  expect(headers['x-powered-by']).toBeUndefined();
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['cross-origin-embedder-policy']).toBe('require-corp');
  const policy = headers['content-security-policy'] ?? '';
  expect(policy).toMatch(/frame-ancestors 'none'/);
  expect(policy).toMatch(/object-src 'none'/);
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  expect(nonce).toBeTruthy();
  expect(/'nonce-([^']+)'/.exec(second.headers()['content-security-policy'] ?? '')?.[1]).not.toBe(nonce);
  // Next puts the nonce on its own scripts; a script without it would not run.
  const html = await first.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await openIde(page);
  await expect(region(page, 'Editor')).toBeVisible();
  expect(violations).toEqual([]);
});

test('a request line too long gets an HTTP error, not a reset', async () => {
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET /api/npm/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    });
    let received = '';
    socket.on('data', (chunk) => (received += String(chunk)));
    socket.on('end', () => resolve(received));
    socket.on('error', (error) => (received ? resolve(received) : reject(error)));
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer')));
  });
  expect(answer).toMatch(/^HTTP\/1\.1 4(14|31) /);
});

test('an over-long npm package path is refused with 414', async ({ request }) => {
  const response = await request.get(`/api/npm/${'a'.repeat(2_000)}`);
  expect(response.status()).toBe(414);
});

test('a page on another local port cannot frame the runtime and drive it', async ({ page }) => {
  // Another program on this machine (a dev server, a page the user opened from anywhere) serves a page that
  // frames the runtime site and names itself as the IDE.
  let otherPort = 0;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(
      `<!doctype html><title>other program</title><iframe title="runtime" src="${runtimeSite}/runtime-frame?ide=http://localhost:${otherPort}"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    otherPort = (server.address() as AddressInfo).port;
    const refused = page.waitForEvent('console', (message) => /frame-ancestors/.test(message.text()));
    await page.goto(`http://localhost:${otherPort}/`);
    // Chromium refuses to render the frame and says which directive refused it.
    expect((await refused).text()).toContain(`http://localhost:${port}`);
    await expect(page.frameLocator('iframe[title="runtime"]').getByText('Tabsmith runtime frame.')).toHaveCount(0);
  } finally {
    server.close();
  }
});
