import { expect, test, type Page } from '@playwright/test';
import { region } from './support/ide';
import { importProject } from './support/project';
import { terminal, visibleLines } from './support/terminal';

/**
 * Each node process runs on a thread of its own, as in Node: a loop that never yields holds only its own, so
 * Ctrl+C stops that one process while a server in another terminal goes on answering the preview and curl, and
 * a program can wait synchronously for a child (execSync). One IDE serves every test here.
 */

const SERVER = [
  "const http = require('http');",
  "http.createServer((request, response) => { response.setHeader('content-type', 'text/html'); response.end('<h1>Still serving</h1>\\n'); })",
  "  .listen(3000, () => console.log('serving on 3000'));",
  '',
].join('\n');

const EXEC = [
  "const { execSync, spawnSync } = require('child_process');",
  "const out = execSync('node -e \"console.log(6 * 7)\"', { encoding: 'utf8' });",
  'console.log(`child said ${out.trim()}`);',
  "const failed = spawnSync('node', ['-e', 'process.exit(4)']);",
  'console.log(`second child exited ${failed.status}`);',
  '',
].join('\n');

const previewFrame = (page: Page) => page.frameLocator('iframe[title="Preview"]');

test.describe.configure({ mode: 'serial' });

let page: Page;

test.beforeAll(async ({ browser }, info) => {
  info.setTimeout(120_000);
  page = await browser.newPage();
  await importProject(page, info, 'node-workers', { 'server.js': SERVER, 'exec.js': EXEC });
});

test.afterAll(async () => {
  await page.close();
});

test('Ctrl+C stops a loop that never yields, while a server in another terminal keeps serving', async () => {
  test.setTimeout(120_000);
  const server = terminal(page, 1);
  await server.start('node server.js');
  await expect(server.panel).toContainText('serving on 3000', { timeout: 30_000 });
  await expect(previewFrame(page).getByRole('heading', { name: 'Still serving' })).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'New terminal' }).click();
  const busy = terminal(page, 2);
  await busy.start('node -e "while(true){}"');
  await page.getByRole('button', { name: 'New terminal' }).click();
  const other = terminal(page, 3);
  // While the loop spins, the runtime answers: another shell runs commands and curl reaches the server.
  await other.run('curl -s http://localhost:3000/', { output: '<h1>Still serving</h1>' });
  await expect(page.getByRole('alert').filter({ hasText: 'The runtime has not responded' })).toHaveCount(0);

  await busy.select();
  await busy.panel.click();
  await page.keyboard.press('Control+C');
  await expect(busy.panel).toContainText('Stopped node -e "while(true){}"', { timeout: 15_000 });
  await busy.waitForPrompt(15_000);

  // The server lived on: the preview reloads it and curl reads it again.
  await region(page, 'Preview').getByRole('button', { name: 'Reload preview' }).click();
  await expect(previewFrame(page).getByRole('heading', { name: 'Still serving' })).toBeVisible({ timeout: 15_000 });
  await other.select();
  await other.run('curl -s http://localhost:3000/ && echo curl-ok', { output: 'curl-ok' });
  await server.select();
  expect((await visibleLines(server.panel)).at(-1)).toBe('serving on 3000');
});

test('a program that listens for SIGINT handles Ctrl+C itself', async () => {
  const shell = terminal(page, 2);
  await shell.select();
  await shell.start(
    `node -e "process.on('SIGINT', () => { console.log('cleaning up'); process.exit(0); }); setInterval(() => {}, 1000); console.log('wait' + 'ing')"`,
  );
  // The program's own output (the command line shows 'wait' + 'ing'): its listener is in place.
  await expect(shell.panel).toContainText('waiting', { timeout: 15_000 });
  await shell.panel.click();
  await page.keyboard.press('Control+C');
  await expect(shell.panel).toContainText('cleaning up', { timeout: 15_000 });
  await shell.waitForPrompt(15_000);
  await shell.run('echo "status $?"', { output: 'status 0' });
});

test('execSync and spawnSync wait for the child and return what it printed', async () => {
  const shell = terminal(page, 2);
  await shell.select();
  await shell.run('node exec.js', { output: 'second child exited 4' });
  const lines = await visibleLines(shell.panel);
  expect(lines).toContain('child said 42');
});
