import { expect, test, type Page } from '@playwright/test';
import { importProject } from './support/project';
import { terminal, type TerminalDriver } from './support/terminal';

// Node's own test runner in the offline terminal: `node --test` finds the project's test files, reports
// with Node's spec reporter (✔/✖ per test, the ℹ summary, a failure with the assertion's diff), and its exit
// status reaches the shell and npm. The terminal is cleared before each check, so the text looked for
// cannot come from an earlier command.

async function clear(page: Page, shell: TerminalDriver): Promise<void> {
  await page.getByRole('button', { name: 'Clear terminal' }).click();
  await shell.waitForPrompt();
}

async function expectText(shell: TerminalDriver, texts: string[]): Promise<void> {
  for (const text of texts) await expect(shell.panel).toContainText(text);
}

const MATH_TEST = [
  "const test = require('node:test');",
  "const assert = require('node:assert');",
  'const add = (a, b) => a + b;',
  "test('adds two numbers', () => { assert.strictEqual(add(2, 2), 4); });",
  "test.describe('objects', () => {",
  "  test.it('merges two objects', () => { assert.deepStrictEqual({ ...{ a: 1 }, b: 2 }, { a: 1, b: 2 }); });",
  '});',
  '',
].join('\n');

test('node --test and npm test run the project’s tests with Node’s reporter and exit status', async ({ page }, info) => {
  test.setTimeout(120_000);
  await importProject(page, info, 'node-test', {
    'package.json': { name: 'node-test', version: '1.0.0', private: true, scripts: { test: 'node --test' } },
    'test/math.test.js': MATH_TEST,
  });
  const shell = terminal(page, 1);

  await clear(page, shell);
  await shell.run('node --test', { output: 'ℹ fail 0' });
  await expectText(shell, ['✔ adds two numbers', '▶ objects', '✔ merges two objects', 'ℹ tests 2', 'ℹ pass 2']);
  await shell.run('echo "status:$?"', { output: 'status:0' });

  // One more test, which fails. The terminal shows the end of the report: the failure listed again, with its location.
  await shell.run(`echo "test('adds wrongly', () => { assert.strictEqual(add(2, 2), 5); });" >> test/math.test.js`);
  await clear(page, shell);
  await shell.run('node --test', { output: 'test at test/math.test.js:8:1' });
  await expectText(shell, ['✖ adds wrongly', 'AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:', '4 !== 5']);
  await shell.run('echo "status:$?"', { output: 'status:1' });

  // The summary has scrolled away by now; a report written to a file has it (spec asked for: a file is no terminal).
  await clear(page, shell);
  await shell.run('node --test --test-reporter=spec > report.txt; echo "status:$?"', { output: 'status:1' });
  await shell.run('grep -E "(tests|pass|fail) [0-9]" report.txt');
  await expectText(shell, ['ℹ tests 3', 'ℹ pass 2', 'ℹ fail 1']);

  await clear(page, shell);
  await shell.run('npm test', { output: 'test at test/math.test.js:8:1' });
  await expectText(shell, ['✖ adds wrongly', '4 !== 5']);
  await shell.run('echo "npm-status:$?"', { output: 'npm-status:1' });
});
