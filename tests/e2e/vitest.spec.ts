import { expect, test, type Page } from '@playwright/test';
import { importProject } from './support/project';
import { terminal, type TerminalDriver } from './support/terminal';

// The project's own Vitest (the real package from the fixture registry, with the real Vite it embeds) in the
// offline terminal: its reporter's summary, the failure's expected/received diff, and its exit status through
// the shell and npm. The terminal is cleared before each run, so the text looked for cannot come from an
// earlier one.

const RUN_TIMEOUT_MS = 90_000;

async function clear(page: Page, shell: TerminalDriver): Promise<void> {
  await page.getByRole('button', { name: 'Clear terminal' }).click();
  await shell.waitForPrompt();
}

async function expectText(shell: TerminalDriver, texts: string[]): Promise<void> {
  for (const text of texts) await expect(shell.panel).toContainText(text);
}

const SUM = 'export const sum = (a, b) => a + b;\n';
const testFile = (wrong: number) =>
  [
    "import { expect, test } from 'vitest';",
    "import { sum } from './sum.js';",
    '',
    "test('adds two numbers', () => {",
    '  expect(sum(1, 2)).toBe(3);',
    '});',
    '',
    "test('adds two more', () => {",
    `  expect(sum(2, 2)).toBe(${wrong});`,
    '});',
    '',
  ].join('\n');

test('npx vitest run, npm test and watch mode run the project’s tests with Vitest’s reporter, diff and exit status', async ({ page }, info) => {
  test.setTimeout(300_000);
  await importProject(page, info, 'vitest-project', {
    'package.json': {
      name: 'vitest-project',
      version: '1.0.0',
      private: true,
      type: 'module',
      scripts: { test: 'vitest run' },
      devDependencies: { vitest: '^4.1.12' },
    },
    'src/sum.js': SUM,
    'src/sum.test.js': testFile(5),
  });
  const shell = terminal(page, 1);

  // The report is longer than the terminal is high: written to a file (no terminal, so no colours; the failures
  // go to stderr, as in Node), then searched.
  await clear(page, shell);
  await shell.run('npx vitest run > report.txt 2>&1; echo "status:$?"', { output: 'status:1', timeout: RUN_TIMEOUT_MS });
  await shell.run('grep -E "Test Files|Tests |FAIL|AssertionError|Expected|Received|[-+] [45]" report.txt');
  await expectText(shell, [
    'Test Files 1 failed (1)',
    'Tests 1 failed | 1 passed (2)',
    'FAIL src/sum.test.js > adds two more',
    'AssertionError: expected 4 to be 5',
    '- Expected',
    '+ Received',
    '- 5',
    '+ 4',
  ]);

  // The test fixed: every test passes, and the status says so.
  await shell.run("sed -i 's/toBe(5)/toBe(4)/' src/sum.test.js");
  await clear(page, shell);
  await shell.run('npx vitest run', { output: 'Tests 2 passed (2)', timeout: RUN_TIMEOUT_MS });
  await expectText(shell, ['Test Files 1 passed (1)', '✓ src/sum.test.js (2 tests)']);
  await shell.waitForPrompt(RUN_TIMEOUT_MS);
  await shell.run('echo "status:$?"', { output: 'status:0' });

  await clear(page, shell);
  await shell.run('npm test', { output: 'Tests 2 passed (2)', timeout: RUN_TIMEOUT_MS });
  await shell.waitForPrompt(RUN_TIMEOUT_MS);
  await shell.run('echo "npm-status:$?"', { output: 'npm-status:0' });

  // Watch mode (what `npx vitest` is in a terminal): a change to a test file reruns it, and q quits.
  await clear(page, shell);
  await shell.start('npx vitest');
  await expect(shell.panel).toContainText('Waiting for file changes', { timeout: RUN_TIMEOUT_MS });
  await page.getByRole('button', { name: 'New terminal' }).click();
  const second = terminal(page, 2);
  await second.run("sed -i 's/toBe(4)/toBe(6)/' src/sum.test.js");
  await page.getByRole('tab', { name: 'Terminal 1' }).click();
  await expect(shell.panel).toContainText('RERUN', { timeout: RUN_TIMEOUT_MS });
  // The terminal shows the report's end: the failing line of the changed test, the counts, and the watch prompt.
  await expect(shell.panel).toContainText('Tests failed. Watching for file changes', { timeout: RUN_TIMEOUT_MS });
  await expect(shell.panel).toContainText('expect(sum(2, 2)).toBe(6)');
  await expect(shell.panel).toContainText(/Tests\s+1 failed \| 1 passed \(2\)/);
  await shell.panel.click();
  await page.keyboard.press('q');
  await shell.waitForPrompt(RUN_TIMEOUT_MS);
});
