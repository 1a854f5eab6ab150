import { expect } from '@playwright/test';
import { sharedIdeTest } from './support/shared-ide';
import { terminal, visibleLines, type TerminalDriver } from './support/terminal';
import { treeItem } from './support/workspace';

// One booted workspace for the file: every test works in its terminal (see sharedIdeTest).
const test = sharedIdeTest();

/**
 * Runs a command and returns the rows it printed: those between the row that echoes it and the next prompt.
 * Reading whole rows keeps an echoed command or a prompt from passing for output.
 */
async function output(t: TerminalDriver, command: string): Promise<string[]> {
  await t.run(command);
  const all = await visibleLines(t.panel);
  const start = all.findLastIndex((row) => row.endsWith(`$ ${command}`));
  expect(start, `the terminal echoes "${command}"`).toBeGreaterThanOrEqual(0);
  return all.slice(start + 1, -1);
}

test.describe('shell', () => {
  test('cd inside a && chain persists; pwd, the prompt and node agree; the workspace is home', async ({ page }) => {
    const t = terminal(page, 1);
    expect(await output(t, 'mkdir sub && cd sub && pwd')).toEqual(['/home/project/sub']);
    expect(await t.lastLine()).toBe('~/sub $');
    expect(await output(t, 'pwd')).toEqual(['/home/project/sub']);
    expect(await output(t, `node -e "console.log('cwd=' + process.cwd())"`)).toEqual(['cwd=/home/project/sub']);
    expect(await output(t, 'cd -')).toEqual(['/home/project']);
    expect(await output(t, 'cd / && pwd && ls -d home/project && cd && pwd')).toEqual(['/', 'home/project', '/home/project']);
  });

  test('variables, $? and exit codes', async ({ page }) => {
    const t = terminal(page, 1);
    await t.run('export FOO=bar');
    expect(await output(t, 'echo $FOO')).toEqual(['bar']);
    expect(await output(t, `node -e "console.log(process.env.FOO + '!')"`)).toEqual(['bar!']);
    expect(await output(t, 'node -e "process.exit(3)"; echo $?')).toEqual(['3']);
    expect(await output(t, `node -e "console.log('first')"; echo done`)).toEqual(['first', 'done']);
  });

  test('a command typed while node runs is run next, whole', async ({ page }) => {
    const t = terminal(page, 1);
    await t.start(`node -e "setTimeout(() => console.log('slow done'), 1500)"`);
    // Typed at once, while the node process still runs (and is sent what is typed): nothing of it may be lost.
    await page.keyboard.type('echo typed-ahead\n');
    await expect.poll(() => visibleLines(t.panel)).toContain('typed-ahead');
    const lines = await visibleLines(t.panel);
    expect(lines.indexOf('typed-ahead'), 'the typed-ahead command runs after the first ends').toBeGreaterThan(lines.indexOf('slow done'));
    expect(lines.join('\n')).not.toContain('command not found');
    await t.waitForPrompt();
  });

  test('a pipe feeds node its stdin', async ({ page }) => {
    const t = terminal(page, 1);
    const upper = `node -e "process.stdin.on('data', d => console.log(String(d).trim().toUpperCase()))"`;
    expect(await output(t, `echo hi | ${upper}`)).toEqual(['HI']);
    expect(await output(t, `node -e "console.log('b'); console.log('a')" | sort`)).toEqual(['a', 'b']);
  });

  test('a long-running node piped into grep prints as it goes, and Ctrl+C ends the line with 130', async ({ page }) => {
    const t = terminal(page, 1);
    const ticker = `node -e "let i = 0; const t = setInterval(() => { console.log('tick ' + i + ' of 4'); if (++i === 5) clearInterval(t); }, 1000)"`;
    await t.start(`${ticker} | grep tick`);
    await expect(t.panel).toContainText('tick 1 of 4');
    await expect(t.panel).not.toContainText('tick 4 of 4');
    await t.waitForPrompt();
    expect((await visibleLines(t.panel)).slice(-6)).toEqual(['tick 0 of 4', 'tick 1 of 4', 'tick 2 of 4', 'tick 3 of 4', 'tick 4 of 4', '~ $']);

    await t.start(`node -e "setInterval(() => {}, 1000)"`);
    await page.waitForTimeout(500);
    await page.keyboard.press('Control+C');
    await t.waitForPrompt();
    expect(await output(t, 'echo $?')).toEqual(['130']);
  });

  test('which, command not found and languages that are not here', async ({ page }) => {
    const t = terminal(page, 1);
    expect(await output(t, 'which node')).toEqual(['/usr/bin/node']);
    expect(await output(t, 'nosuchcmd')).toEqual(['nosuchcmd: command not found']);
    expect(await output(t, 'echo $?')).toEqual(['127']);
    expect(await output(t, 'python3')).toEqual(['python3: Python is not available here: this runtime runs JavaScript (Node.js) only']);
  });

  test('Tab completes a file name', async ({ page }) => {
    const t = terminal(page, 1);
    await t.run(`echo "completed ok" > completion-target.txt`);
    await t.panel.click();
    await page.keyboard.type('cat compl');
    await page.keyboard.press('Tab');
    await expect.poll(() => t.lastLine()).toBe('~ $ cat completion-target.txt');
    await page.keyboard.press('Enter');
    await t.waitForPrompt();
    const all = await visibleLines(t.panel);
    expect(all.slice(-2)).toEqual(['completed ok', '~ $']);
  });

  test('ls > out.txt writes a file that shows up in the file tree', async ({ page }) => {
    const t = terminal(page, 1);
    await t.run('echo one > first.txt');
    await t.run('ls > out.txt');
    await expect(treeItem(page, 'out.txt')).toBeVisible();
    expect(await output(t, 'cat out.txt')).toContain('first.txt');
  });

  test('curl reaches a server running in this runtime', async ({ page }) => {
    const t1 = terminal(page, 1);
    const t2 = terminal(page, 2);
    await t1.start(`node -e "require('http').createServer((q, s) => s.end('pong from ' + q.url)).listen(3007)"`);
    await page.getByRole('button', { name: 'New terminal' }).click();
    await expect(t2.tab).toHaveAttribute('aria-selected', 'true');
    await expect.poll(async () => (await output(t2, 'curl -s http://localhost:3007/ping')).join('\n'), { timeout: 20_000 }).toBe('pong from /ping');
  });
});
