import { expect } from '@playwright/test';
import { sharedIdeTest } from './support/shared-ide';
import { terminal } from './support/terminal';

// One booted workspace for the file: every test works in its terminal (see sharedIdeTest).
const test = sharedIdeTest();

// The expected output is never a substring of the typed command ('hello ' + 'from node' prints
// "hello from node"), so an echoed command line cannot satisfy an output assertion by itself.

test.describe('terminal', () => {
  test('runs a node script written from the shell', async ({ page }) => {
    const t1 = terminal(page, 1);
    await t1.run(`echo "console.log('hello ' + 'from node', 6 * 7)" > hello.js`);
    await t1.run('node hello.js', { output: 'hello from node 42' });
  });

  test('ls and cat show files a script wrote', async ({ page }) => {
    const t1 = terminal(page, 1);
    await t1.run(`echo "require('fs').writeFileSync('made-by-node.txt', 'written ' + 'by node')" > make.js`);
    await t1.run('node make.js');
    // Clear first, so the file name seen next comes from ls, not from the command that created it.
    await page.getByRole('button', { name: 'Clear terminal' }).click();
    await expect(t1.panel).not.toContainText('make.js');
    await t1.run('ls', { output: 'made-by-node.txt' });
    await t1.run('cat made-by-node.txt', { output: 'written by node' });
  });

  test('"Copy terminal output" copies what the terminal shows', async ({ page }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const t1 = terminal(page, 1);
    await t1.run(`echo "console.log('copy ' + 'me please')" > copy.js`);
    await t1.run('node copy.js', { output: 'copy me please' });
    await page.getByRole('button', { name: 'Copy terminal output' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('copy me please');
  });

  test('a second terminal works on its own, and a hidden tab keeps its output', async ({ page }) => {
    const t1 = terminal(page, 1);
    const t2 = terminal(page, 2);
    // The open server keeps the process running after its late output, so it is still alive when
    // "Stop all processes" is pressed.
    await t1.run(
      `echo "require('http').createServer((req, res) => res.end('ok')).listen(3001);` + ` setTimeout(() => console.log('late ' + 'output'), 1500)" > slow.js`,
    );
    await t1.start('node slow.js');

    await page.getByRole('button', { name: 'New terminal' }).click();
    await expect(t2.tab).toHaveAttribute('aria-selected', 'true');
    await expect(t1.tab).toHaveAttribute('aria-selected', 'false');
    await t2.run(`echo "console.log('second ' + 'terminal')" > two.js`);
    await t2.run('node two.js', { output: 'second terminal' });
    // Let slow.js print while Terminal 1 is hidden; nothing observable in this tab says when it did.
    await page.waitForTimeout(2_000);
    await expect(t2.panel).not.toContainText('late output');

    await t1.select();
    await expect(t1.panel).toContainText('late output');
    await expect(t1.panel).not.toContainText('second terminal');
    await page.getByRole('button', { name: 'Stop all processes' }).click();
    await t1.waitForPrompt();

    await t2.select();
    await expect(t2.panel).toContainText('second terminal');
  });
});
