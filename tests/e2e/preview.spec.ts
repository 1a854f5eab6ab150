import { expect, type Page } from '@playwright/test';
import { region } from './support/ide';
import { terminal } from './support/terminal';
import { sharedIdeTest } from './support/shared-ide';

// One booted workspace for the file (see sharedIdeTest).
const test = sharedIdeTest();

const SERVER_JS =
  `echo "require('http').createServer((req, res) => { res.setHeader('Content-Type', 'text/html');` +
  ` res.end('<h1>Hello preview</h1>'); }).listen(3000)" > server.js`;

const previewFrame = (page: Page) => page.frameLocator('iframe[title="Preview"]');

test.describe('preview', () => {
  test("a server's page appears, follows the device size, and stops with the processes", async ({ page }) => {
    const preview = region(page, 'Preview');
    await expect(preview).toContainText('No server is running');

    const t1 = terminal(page, 1);
    await t1.run(SERVER_JS);
    await t1.start('node server.js');

    await expect(previewFrame(page).getByRole('heading', { name: 'Hello preview' })).toBeVisible({ timeout: 30_000 });
    await expect(preview.getByRole('combobox', { name: 'Preview port' }).getByRole('option', { name: 'localhost:3000' })).toBeAttached();

    await preview.getByRole('button', { name: 'Reload preview' }).click();
    await expect(previewFrame(page).getByRole('heading', { name: 'Hello preview' })).toBeVisible();

    const frame = preview.locator('iframe[title="Preview"]');
    const devices = preview.getByRole('radiogroup', { name: 'Device size' });
    await devices.getByRole('radio', { name: 'Desktop' }).click();
    await expect(devices.getByRole('radio', { name: 'Desktop' })).toBeChecked();
    const desktopWidth = (await frame.boundingBox())?.width ?? 0;
    await devices.getByRole('radio', { name: 'Phone' }).click();
    await expect(devices.getByRole('radio', { name: 'Phone' })).toBeChecked();
    await expect.poll(async () => (await frame.boundingBox())?.width ?? 0).toBeLessThan(desktopWidth);

    await page.getByRole('button', { name: 'Stop all processes' }).click();
    await expect(preview).toContainText('No server is running');
    await t1.waitForPrompt();
  });

  test('"Open preview in new tab" opens the running page', async ({ page }) => {
    const t1 = terminal(page, 1);
    await t1.run(SERVER_JS);
    await t1.start('node server.js');
    await expect(previewFrame(page).getByRole('heading', { name: 'Hello preview' })).toBeVisible({ timeout: 30_000 });

    const popup = page.waitForEvent('popup');
    await region(page, 'Preview').getByRole('button', { name: 'Open preview in new tab' }).click();
    const tab = await popup;
    // The preview stays on the runtime's site: the new tab is an IDE page that shows it full-window.
    expect(new URL(tab.url()).origin).toBe(new URL(page.url()).origin);
    const shown = tab.locator('iframe[title="Preview"]');
    await expect(shown).toHaveAttribute('src', /^http:\/\/[a-z0-9-]+\.localhost:\d+\/__virtual__\/3000\//);
    await expect(tab.frameLocator('iframe[title="Preview"]').getByRole('heading', { name: 'Hello preview' })).toBeVisible();
  });

  test("shows the page's last error", async ({ page }) => {
    const t1 = terminal(page, 1);
    await t1.run(
      `echo "require('http').createServer((req, res) => { res.setHeader('Content-Type', 'text/html');` +
        ` res.end('<p>broken</p><script>throw new Error(\\'boom \\' + \\'in the page\\')</script>'); }).listen(3000)" > bad.js`,
    );
    await t1.start('node bad.js');
    await expect(previewFrame(page).getByText('broken')).toBeVisible({ timeout: 30_000 });
    await expect(region(page, 'Preview')).toContainText('boom in the page');
  });

  test('an error stays while the page shows it, and goes when the page loads again without it', async ({ page }) => {
    const t1 = terminal(page, 1);
    await t1.run(`echo "<p>page one</p><script>throw new Error('boom on page one')</script>" > page.html`);
    await t1.run(
      `echo "require('http').createServer((req, res) => { res.setHeader('Content-Type', 'text/html');` +
        ` res.end(require('fs').readFileSync('page.html')); }).listen(3000)" > serve.js`,
    );
    await t1.start('node serve.js');
    const errorBar = region(page, 'Preview').getByRole('alert');
    await expect(errorBar).toContainText('boom on page one', { timeout: 30_000 });

    // Fixing the file does not fix the page already loaded: the error is still real until it loads again.
    await page.getByRole('button', { name: 'New terminal' }).click();
    const t2 = terminal(page, 2);
    await t2.run(`echo "<p>page two</p>" > page.html`);
    await expect(errorBar).toContainText('boom on page one');
    await page.getByRole('button', { name: 'Reload preview' }).click();
    await expect(previewFrame(page).getByText('page two')).toBeVisible();
    await expect(errorBar).toHaveCount(0);
  });
});
