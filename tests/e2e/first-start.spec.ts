/**
 * A first start with no configuration: this spec starts its own production server WITHOUT
 * TABSMITH_NPM_REGISTRY, the way `./tabsmith start` does, with only npm's own configuration naming a registry
 * (npm_config_registry here, where a user has their .npmrc). That registry is a small loopback server in this
 * test: it passes requests on to the fixture registry, except for `react` and `react-dom`, which it does not
 * have, so a template's install can fail on purpose. The browser stays offline throughout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { OFFLINE_BOOTED, region, runtimeStatus } from './support/ide';
import { terminal } from './support/terminal';
import { createWorkspace, createWorkspaceFromDialog, waitForWorkspace } from './support/workspace';

const e2ePort = Number(process.env.TABSMITH_E2E_PORT ?? 3000);
const fixtureRegistry = `http://127.0.0.1:${Number(process.env.TABSMITH_FIXTURE_REGISTRY_PORT ?? e2ePort + 1874)}`;
/** Next to the suite's own server, so several builds can be tested side by side. */
const port = e2ePort + 9;
const base = `http://127.0.0.1:${port}`;

const UNREACHABLE = "WebContainer's servers are unreachable; using the offline runtime";
const MISSING = /^\/(react|react-dom)(\/|$)/;

let registry: Server;
let registryUrl = '';
/** Package paths the npm-configured registry was asked for: proof that installs went through it. */
const asked: string[] = [];
let server: ChildProcess;
let serverLog = '';

async function startRegistry(): Promise<void> {
  registry = createServer((req, res) => {
    const path = req.url ?? '/';
    asked.push(path);
    if (MISSING.test(path)) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
    void fetch(`${fixtureRegistry}${path}`, { headers: { accept: req.headers.accept ?? '*/*' } }).then(
      async (upstream) =>
        res
          .writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream' })
          .end(Buffer.from(await upstream.arrayBuffer())),
      () => res.writeHead(502).end(),
    );
  });
  await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
  registryUrl = `http://127.0.0.1:${(registry.address() as AddressInfo).port}`;
}

async function startServer(): Promise<void> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    npm_config_registry: registryUrl,
    TABSMITH_MODEL_PROVIDER: 'replay',
    TABSMITH_REPLAY_DIR: 'tests/e2e/fixtures/replay',
  };
  delete env.TABSMITH_NPM_REGISTRY;
  // Its own process group, so the whole server (npx and next) ends with this spec.
  server = spawn('npx', ['next', 'start', '-p', String(port), '-H', '127.0.0.1'], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  await expect
    .poll(async () => (await fetch(base).catch(() => null))?.status ?? 0, { timeout: 60_000, message: `server on ${base} (log: ${serverLog})` })
    .toBe(200);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  await startRegistry();
  await startServer();
});

test.afterAll(async () => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  registry?.close();
});

async function openNew(page: Page, name: string, template: Parameters<typeof createWorkspace>[2] = 'Empty'): Promise<void> {
  await page.goto(`${base}/?runtime=offline`);
  await expect(page.getByRole('button', { name: 'New workspace' })).toBeVisible({ timeout: 30_000 });
  await createWorkspace(page, name, template);
}

const runtimeMenu = (page: Page) => page.getByRole('combobox', { name: 'Runtime setting' });
const previewFrame = (page: Page) => page.frameLocator('iframe[title="Preview"]');

test("with only npm configured, the server installs through npm's registry and says so at start", async ({ page }) => {
  test.setTimeout(120_000);
  await expect.poll(() => serverLog, { timeout: 15_000 }).toContain(`[tabsmith] npm registry for in-browser installs: ${registryUrl} (from npm config)`);

  await openNew(page, 'first start');
  // `?runtime=offline` is in force although the stored setting is the default, auto.
  await expect(runtimeMenu(page)).toHaveValue('offline');
  const t1 = terminal(page, 1);
  await t1.run('npm install tabsmith-fixture-odd', { timeout: 60_000 });
  await t1.run(`node -e "console.log('odd:' + require('tabsmith-fixture-odd')(3))"`, { output: 'odd:true' });
  expect(asked).toContain('/tabsmith-fixture-odd');
});

test('a package the registry does not have: the terminal says which, where and why', async ({ page }) => {
  test.setTimeout(120_000);
  const answer = await page.request.get(`${base}/api/npm/react`);
  expect(answer.status()).toBe(404);
  expect(await answer.json()).toEqual({ error: `Package react was not found on the npm registry ${registryUrl} (404).` });

  await openNew(page, 'missing package');
  const t1 = terminal(page, 1);
  await t1.run('npm install react', { output: /react.*not found.*404|404.*react/i, timeout: 60_000 });
  await expect(t1.panel).toContainText(registryUrl.replace('http://', ''));
});

test('a template whose install fails does not start its server, and says so', async ({ page }) => {
  test.setTimeout(120_000);
  await openNew(page, 'broken install', 'Vite + React');
  const notice = page.getByRole('status', { name: 'Start skipped' });
  await expect(notice).toContainText(/npm run dev was not started: npm install failed with exit code [1-9]\d*/, { timeout: 60_000 });
  await expect(notice.getByRole('button', { name: 'Run npm run dev anyway' })).toBeVisible();
  // Nothing serves a port: the dev server never ran.
  await expect(region(page, 'Terminal')).not.toContainText('Local:');
  await expect(page.getByRole('combobox', { name: 'Preview port' })).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Preview port' })).toHaveText('No open port');
});

test('a reopened workspace restarts the server it was running', async ({ page }) => {
  test.setTimeout(150_000);
  await openNew(page, 'restart me', 'Node HTTP server');
  await expect(previewFrame(page).getByRole('heading', { name: 'Hello from Node' })).toBeVisible({ timeout: 90_000 });

  await page.reload();
  await waitForWorkspace(page);
  // Started again by the IDE, after the install, in the terminal where the user sees it.
  await expect(terminal(page, 1).panel).toContainText('npm start', { timeout: 60_000 });
  // A fresh runtime after the reload: the page shows again only because `npm start` ran again after the install.
  await expect(previewFrame(page).getByRole('heading', { name: 'Hello from Node' })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('status', { name: 'Start skipped' })).toHaveCount(0);
});

for (const [how, block] of [
  ['refuses connections', (page: Page) => page.route(/stackblitz/, (route) => route.abort('internetdisconnected'))],
  ['never answers', (page: Page) => page.route(/stackblitz/, () => undefined)],
] as const) {
  test(`the default URL falls back to the offline runtime within seconds when WebContainer's host ${how}`, async ({ page }) => {
    // The same meaning on a machine that has internet access: WebContainer's host is out of reach.
    await block(page);
    await page.goto(`${base}/`);
    // The launcher boots no runtime: the IDE does, once a workspace opens.
    await createWorkspaceFromDialog(page, `fallback ${how}`);
    // From the boot's start (the IDE shows it is booting) to the fallback: the probe's ~1.5 s, not the 60 s
    // boot timeout. Loading the page is left out: that depends on how busy the machine is.
    await expect(runtimeStatus(page)).toContainText(/Booting|unreachable/, { timeout: 30_000 });
    const booting = Date.now();
    await expect(runtimeStatus(page)).toContainText(UNREACHABLE, { timeout: 5_000 });
    expect(Date.now() - booting).toBeLessThan(5_000);
    await expect(runtimeStatus(page)).toHaveText(OFFLINE_BOOTED, { timeout: 30_000 });
    await expect(runtimeStatus(page)).toContainText(UNREACHABLE);
    await expect(runtimeMenu(page)).toHaveValue('offline');
    await expect(runtimeMenu(page).locator('option:checked')).toHaveText('Offline');
  });
}
