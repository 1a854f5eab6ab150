import { expect, test, type Page } from '@playwright/test';
import { importProject } from './support/project';
import { terminal, type TerminalDriver } from './support/terminal';

// Interactive terminal programs in the offline runtime's terminal: a scaffolder from the npm registry asks its
// questions (create-vite's prompts are @clack/prompts: raw mode, keypress events, readline), and the test answers
// as a person does, with typed text, arrow keys, Enter and Ctrl+C. One IDE serves every test in this file.

const SCAFFOLD_TIMEOUT_MS = 60_000;

test.describe.configure({ mode: 'serial' });

let page: Page;
let shell: TerminalDriver;

test.beforeAll(async ({ browser }, info) => {
  test.setTimeout(120_000);
  const { baseURL, viewport } = info.project.use;
  page = await (await browser.newContext({ baseURL, viewport })).newPage();
  await importProject(page, info, 'prompts', {});
  shell = terminal(page, 1);
});

test.afterAll(async () => {
  await page?.context().close();
});

test('npm create vite@latest with no flags asks for the name, framework and variant, then scaffolds', async () => {
  test.setTimeout(120_000);
  await shell.start('npm create vite@latest');
  await expect(shell.panel).toContainText('Project name:', { timeout: SCAFFOLD_TIMEOUT_MS });
  await page.keyboard.type('my-vue');
  await expect(shell.panel).toContainText('my-vue');
  await page.keyboard.press('Enter');

  await expect(shell.panel).toContainText('Select a framework:');
  await page.keyboard.press('ArrowDown'); // Vanilla → Vue
  await page.keyboard.press('Enter');
  await expect(shell.panel).toContainText('Select a variant:');
  await page.keyboard.press('ArrowDown'); // TypeScript → JavaScript
  await page.keyboard.press('Enter');

  await expect(shell.panel).toContainText('Install with npm and start now?');
  await page.keyboard.press('ArrowRight'); // Yes → No
  await page.keyboard.press('Enter');

  await expect(shell.panel).toContainText(/Scaffolding project in \S*\/my-vue/, { timeout: SCAFFOLD_TIMEOUT_MS });
  await expect(shell.panel).toContainText('Done. Now run:');
  await expect(shell.panel).toContainText('cd my-vue');
  await shell.waitForPrompt();
  await shell.run('ls my-vue/src', { output: 'App.vue' });
  await expect(shell.panel).toContainText('main.js');
  await shell.run('grep name my-vue/package.json', { output: '"name": "my-vue"' });
});

test('Ctrl+C at a prompt cancels it as clack does, and the shell takes commands again', async () => {
  test.setTimeout(90_000);
  await shell.run('clear');
  await shell.start('npm create vite@latest');
  await expect(shell.panel).toContainText('Project name:', { timeout: SCAFFOLD_TIMEOUT_MS });
  await page.keyboard.type('never-made');
  await page.keyboard.press('Control+C');
  await expect(shell.panel).toContainText('Operation cancelled');
  await shell.waitForPrompt();
  await shell.run('ls', { output: 'my-vue' });
  await shell.run('ls never-made', { output: 'No such file or directory' });
});

test("Ctrl+C reaches a program's SIGINT listener, which cleans up and exits as it chooses", async () => {
  await shell.run('clear');
  await shell.start(
    `node -e "process.on('SIGINT', () => { console.log('cleaning up'); process.exit(0); }); console.log('wait' + 'ing'); setInterval(() => {}, 1000);"`,
  );
  // The program's own output (the command line shows 'wait' + 'ing'): its listener is in place.
  await expect(shell.panel).toContainText('waiting');
  await page.keyboard.press('Control+C');
  await expect(shell.panel).toContainText('cleaning up');
  await shell.waitForPrompt();
  await shell.run('echo status $?', { output: 'status 0' });
});
