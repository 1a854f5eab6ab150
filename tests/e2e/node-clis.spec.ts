import { expect, type Page } from '@playwright/test';
import { sharedIdeTest } from './support/shared-ide';
import { terminal, type TerminalDriver } from './support/terminal';

// Real package CLIs and servers in the offline runtime, with packages from the fixture registry (real
// packages cached on disk, served on loopback through the app's npm proxy). What the user sees is the page in
// the preview and the text in the terminal. One booted workspace for the file (see sharedIdeTest): each test
// works in a folder of its own, with files written from the shell; the test that opens a second terminal is last.
const test = sharedIdeTest();

/** npx and npm install fetch real trees before anything listens. */
const SERVE_TIMEOUT_MS = 90_000;

const previewFrame = (page: Page) => page.frameLocator('iframe[title="Preview"]');

const htmlPage = (title: string) => `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;

/** A folder of the test's own, made the shell's working directory. */
async function workIn(shell: TerminalDriver, folder: string): Promise<void> {
  await shell.run(`mkdir -p /${folder} && cd /${folder}`);
}

test.describe('package CLIs and Node programs', () => {
  test.setTimeout(120_000);

  test('npx serve serves a folder into the preview', async ({ page }) => {
    const shell = terminal(page, 1);
    await workIn(shell, 'npx-serve');
    await shell.run(`mkdir -p site && echo '${htmlPage('Served by serve')}' > site/index.html`);
    // serve's CLI is an ES module with top-level await.
    await shell.start('npx --yes serve -l 3000 site');
    await expect(previewFrame(page).getByRole('heading', { name: 'Served by serve' })).toBeVisible({ timeout: SERVE_TIMEOUT_MS });
  });

  test('an ES module with top-level await prints its result', async ({ page }) => {
    const shell = terminal(page, 1);
    await workIn(shell, 'top-level-await');
    const program =
      'import { setTimeout as sleep } from "node:timers/promises"; ' +
      'await sleep(20); ' +
      'const parts = await Promise.all([1, 2, 3].map(async (n) => n * 14)); ' +
      'console.log("top-level await gave " + parts.reduce((a, b) => a + b, 0));';
    await shell.run(`echo '${program}' > tla.mjs`);
    await shell.run('node tla.mjs', { output: 'top-level await gave 84' });
  });

  test('process.exitCode and process.exit reach $?', async ({ page }) => {
    const shell = terminal(page, 1);
    await shell.run('node -e "process.exitCode = 3"');
    await shell.run('echo "status:$?"', { output: 'status:3' });
    await shell.run('node -e "process.exit(4)"');
    await shell.run('echo "status:$?"', { output: 'status:4' });
  });

  test('crypto.createHash gives the real digest (packages hash their files and ETags with it)', async ({ page }) => {
    const shell = terminal(page, 1);
    await shell.run(`node -e "console.log('digest ' + require('crypto').createHash('sha256').update('abc').digest('hex'))"`, {
      output: 'digest ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    });
  });

  test('an express 5 hello world renders in the preview', async ({ page }) => {
    const shell = terminal(page, 1);
    await workIn(shell, 'express-5');
    const manifest = { name: 'express-5', version: '1.0.0', private: true, dependencies: { express: '^5' } };
    await shell.run(`echo '${JSON.stringify(manifest)}' > package.json`);
    const app =
      'const express = require("express"); ' +
      'const app = express(); ' +
      'app.get("/", (req, res) => res.send("<h1>Hello from Express " + require("express/package.json").version + "</h1>")); ' +
      'app.listen(3000, () => console.log("express listening on 3000"));';
    await shell.run(`echo '${app}' > app.js`);
    await shell.run("npm install && echo 'install' 'finished'", { output: 'install finished', timeout: SERVE_TIMEOUT_MS });
    await shell.start('node app.js');
    await expect(shell.panel).toContainText('express listening on 3000', { timeout: 30_000 });
    await expect(previewFrame(page).getByRole('heading', { name: /^Hello from Express 5\.\d+\.\d+$/ })).toBeVisible({ timeout: 30_000 });
  });

  test('http-server answers 200 and its page shows in the preview', async ({ page }) => {
    const shell = terminal(page, 1);
    await workIn(shell, 'http-server');
    await shell.run(`mkdir -p public && echo '${htmlPage('Served by http-server')}' > public/index.html`);
    await shell.start('npx --yes http-server public -p 3000');
    await expect(previewFrame(page).getByRole('heading', { name: 'Served by http-server' })).toBeVisible({ timeout: SERVE_TIMEOUT_MS });

    await page.getByRole('button', { name: 'New terminal' }).click();
    const second = terminal(page, 2);
    await second.run(
      `node -e "require('http').get('http://localhost:3000/', (res) => console.log('http-server answered ' + res.statusCode + ' ' + res.headers['content-type']))"`,
      { output: /http-server answered 200 text\/html/ },
    );
  });
});
