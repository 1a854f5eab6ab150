import { readFileSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests run against the production build (`next start`), never `next dev`: that is what users
 * get, and dev-mode compilation would make timings meaningless. `npm test` builds first; this config
 * does not rebuild. Set TABSMITH_DIST_DIR to test a build in another folder (e.g. `.next-e2e`).
 */
const isCI = Boolean(process.env.CI);
const port = Number(process.env.TABSMITH_E2E_PORT ?? 3000);
const registryPort = Number(process.env.TABSMITH_FIXTURE_REGISTRY_PORT ?? port + 1874);
const registryUrl = `http://127.0.0.1:${registryPort}`;
const fakeGeminiPort = registryPort + 25;
const fakeGeminiUrl = `http://127.0.0.1:${fakeGeminiPort}`;
// The settings spec asks the fake which keys reached it.
process.env.TABSMITH_FAKE_GEMINI_URL = fakeGeminiUrl;
const baseURL = `http://127.0.0.1:${port}`;
const FUNCTION_TOOL_SETS = ['generic', 'claude'] as const;
const functionToolsPort = (set: (typeof FUNCTION_TOOL_SETS)[number]) => fakeGeminiPort + 1 + FUNCTION_TOOL_SETS.indexOf(set);
const functionToolsURL = (set: (typeof FUNCTION_TOOL_SETS)[number]) => `http://127.0.0.1:${functionToolsPort(set)}`;
// The computer-use spec for OpenAI-compatible models opens the IDE on these servers.
process.env.TABSMITH_E2E_GENERIC_TOOLS_URL = functionToolsURL('generic');
process.env.TABSMITH_E2E_CLAUDE_TOOLS_URL = functionToolsURL('claude');
// The git spec starts its smart-HTTP fixture on this port; the IDE's server allows it as a git host.
const gitFixturePort = fakeGeminiPort + 10;
process.env.TABSMITH_E2E_GIT_PORT = String(gitFixturePort);
// Specs that compare installed files with the registry's tarballs read them from the fixture registry too.
process.env.TABSMITH_FIXTURE_REGISTRY_URL = registryUrl;
// A fixed key for runtime-frame tickets (the server otherwise makes one per start), so the admission spec can
// mint a ticket that has expired, as an attacker holding an old one would present it.
const runtimeTicketKey = 'e2e-runtime-ticket-key-not-secret-0123456789';
process.env.TABSMITH_RUNTIME_TICKET_KEY = runtimeTicketKey;

/**
 * Debian's Chromium: Playwright's own browser download does not work on these machines. Playwright gives
 * every context a fresh profile, so no --user-data-dir is needed here. The bench uses the same file.
 */
const chromium = JSON.parse(readFileSync(new URL('./tests/chromium.json', import.meta.url), 'utf8')) as { defaultPath: string; args: string[] };
const chromiumPath = process.env.CHROMIUM_PATH ?? chromium.defaultPath;
const chromiumArgs = chromium.args;

export default defineConfig({
  testDir: 'tests/e2e',
  // Two cores, shared with the server under test, and the tests are CPU-bound there (each page's Chromium
  // renderers, GPU and browser processes): a second worker in CI only made each test slower.
  // TABSMITH_E2E_WORKERS overrides it, to measure.
  workers: Number(process.env.TABSMITH_E2E_WORKERS ?? (isCI ? 1 : 2)),
  fullyParallel: false,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: isCI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  // The list reporter ends with the ten slowest spec files, so a run shows where its time goes.
  reportSlowTests: { max: 10, threshold: 20_000 },
  outputDir: 'test-results',
  use: {
    baseURL,
    // Recording a trace (screencast frames and a DOM snapshot per action) doubled the CPU time of every test
    // on a two-core machine (node-clis + keyboard: 78 s of CPU with it, 39 s without). A test that fails is run
    // again (retries: 1 in CI), and that run records one; `playwright test --trace on` records every test.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1440, height: 900 },
        launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
      },
    },
  ],
  webServer: [
    {
      // npm packuments and tarballs for `npm install` in the browser, on loopback only. Its first start on a
      // machine fills the real-package cache from the registry (about 15 s here), hence the long timeout.
      command: 'node tests/e2e/fixtures/registry/server.mjs',
      url: `${registryUrl}/-/ping`,
      env: { TABSMITH_FIXTURE_REGISTRY_PORT: String(registryPort) },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
    },
    {
      // A loopback Gemini API for a user's own key (Settings): the agent under test still needs no network.
      command: 'node tests/e2e/fixtures/fake-gemini/server.mjs',
      url: `${fakeGeminiUrl}/-/ping`,
      env: { TABSMITH_FAKE_GEMINI_PORT: String(fakeGeminiPort) },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'pipe',
    },
    {
      // A server started elsewhere would not be pointed at the fixture registry: never reuse one.
      command: `npx next start -p ${port} -H 127.0.0.1`,
      url: baseURL,
      // The agent talks to the replay model: recorded streams, no network and no API key (or, with a user's own
      // key from Settings, to the loopback fake Gemini). The contract suite
      // (/selftest) is a development page, which a production start serves only with TABSMITH_DEV_PAGES=1.
      env: {
        TABSMITH_NPM_REGISTRY: registryUrl,
        TABSMITH_MODEL_PROVIDER: 'replay',
        TABSMITH_REPLAY_DIR: 'tests/e2e/fixtures/replay',
        TABSMITH_DEV_PAGES: '1',
        // Gemini with a key pasted in Settings goes to the loopback fake; the server itself has no Gemini key.
        TABSMITH_GEMINI_BASE_URL: `${fakeGeminiUrl}/v1beta`,
        TABSMITH_RUNTIME_TICKET_KEY: runtimeTicketKey,
        TABSMITH_GIT_HOSTS: `http://127.0.0.1:${gitFixturePort}`,
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
    // Computer use with a vision model on an OpenAI-compatible server (the loopback fake's recorded answers), once
    // per action set offered as function tools: the provider is a server setting, so each set has its server.
    ...FUNCTION_TOOL_SETS.map((set) => ({
      command: `npx next start -p ${functionToolsPort(set)} -H 127.0.0.1`,
      url: functionToolsURL(set),
      env: {
        TABSMITH_NPM_REGISTRY: registryUrl,
        TABSMITH_MODEL_PROVIDER: 'openai-compatible',
        TABSMITH_OPENAI_BASE_URL: `${fakeGeminiUrl}/openai/v1`,
        TABSMITH_OPENAI_MODEL: 'fixture-vision',
        TABSMITH_COMPUTER_USE_ACTIONS: set,
        TABSMITH_RUNTIME_TICKET_KEY: runtimeTicketKey,
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe' as const,
    })),
  ],
});
