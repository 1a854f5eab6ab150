import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { OFFLINE_BOOTED, openIde, region, runtimeStatus } from './support/ide';
import { AGENT_TIMEOUT_MS, conversation, sendPrompt } from './support/chat';
import { terminal } from './support/terminal';

/** The landmark region that holds keyboard focus now ("Editor", "Terminal", …), or null. */
function focusedRegion(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.closest('section[aria-label]')?.getAttribute('aria-label') ?? null);
}

const paneToggle = (page: Page, name: string) => page.getByRole('group', { name: 'Panes' }).getByRole('button', { name, exact: true });

test.describe('layout', () => {
  test('panes hide and show by button and shortcut, stay so after a reload, and keyboard focus follows', async ({ page }) => {
    await openIde(page);
    const files = paneToggle(page, 'Files pane');
    await expect(files).toHaveAttribute('aria-pressed', 'true');
    await expect(files).toHaveAttribute('title', 'Hide the files pane (Ctrl+B)');

    const editorWidth = async () => (await region(page, 'Editor').boundingBox())?.width ?? 0;
    const before = await editorWidth();
    await files.click();
    await expect(region(page, 'Files')).toBeHidden();
    await expect(files).toHaveAttribute('aria-pressed', 'false');
    expect(await editorWidth(), 'the editor takes the room').toBeGreaterThan(before + 50);

    // Ctrl+J hides the terminal while focus is in it: focus goes to the editor, not into something hidden.
    await terminal(page, 1).panel.click();
    await page.keyboard.press('Control+j');
    await expect(region(page, 'Terminal')).toBeHidden();
    await expect(paneToggle(page, 'Terminal pane')).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(() => focusedRegion(page)).toBe('Editor');

    await page.reload();
    await expect(runtimeStatus(page)).toHaveText(OFFLINE_BOOTED, { timeout: 30_000 });
    await expect(region(page, 'Editor')).toBeVisible();
    await expect(region(page, 'Files')).toBeHidden();
    await expect(region(page, 'Terminal')).toBeHidden();

    // F6 passes over hidden panes; "focus terminal" (Ctrl+`) shows the terminal and puts the caret in it.
    await region(page, 'Editor').click();
    await page.keyboard.press('F6');
    await expect.poll(() => focusedRegion(page)).toBe('Preview');
    await page.keyboard.press('Control+`');
    await expect(region(page, 'Terminal')).toBeVisible();
    // At its default size, not its minimum: the size it had before hiding was not kept across the reload.
    expect((await region(page, 'Terminal').boundingBox())?.height ?? 0, 'the terminal shows more than a row or two').toBeGreaterThan(200);
    await expect.poll(() => focusedRegion(page)).toBe('Terminal');
    // Output that is not the typed command's echo: the shell ran it.
    await terminal(page, 1).run("printf 'still %s\\n' here", { output: 'still here' });

    await page.keyboard.press('Control+b');
    await expect(region(page, 'Files')).toBeVisible();
    await paneToggle(page, 'Agent column').click();
    await expect(region(page, 'Agent')).toBeHidden();
    await paneToggle(page, 'Agent column').click();
    await expect(region(page, 'Agent').getByRole('textbox').first()).toBeVisible();
  });

  test("the preview's address field shows the server and path, and loads a path typed into it", async ({ page }) => {
    await openIde(page);
    const shell = terminal(page, 1);
    await shell.run(
      `echo "require('http').createServer((req, res) => { res.setHeader('Content-Type', 'text/html');` +
        ` res.end('<h1>Page at ' + req.url + '</h1><a href=linked>next</a>'); }).listen(3000)" > pages.js`,
    );
    await shell.start('node pages.js');
    const frame = page.frameLocator('iframe[title="Preview"]');
    await expect(frame.getByRole('heading', { name: 'Page at /' })).toBeVisible({ timeout: 30_000 });

    const preview = region(page, 'Preview');
    const address = preview.getByRole('textbox', { name: 'Preview address (path)' });
    // The host is the port picker: it reads as the server's address.
    const host = preview.getByRole('combobox', { name: 'Preview port' });
    await expect(host.locator('option:checked')).toHaveText('localhost:3000');
    await expect(address).toHaveValue('/');
    await address.fill('about?x=1');
    await address.press('Enter');
    await expect(frame.getByRole('heading', { name: 'Page at /about?x=1' })).toBeVisible();
    await expect(address).toHaveValue('/about?x=1');

    // A link followed inside the page shows in the address too.
    await frame.getByRole('link', { name: 'next' }).click();
    await expect(frame.getByRole('heading', { name: 'Page at /linked' })).toBeVisible();
    await expect(address).toHaveValue('/linked');

    // Esc puts back what is shown; the address stays readable at this window's width.
    await address.fill('/typo');
    await address.press('Escape');
    await expect(address).toHaveValue('/linked');
    const box = await address.boundingBox();
    expect(box?.width ?? 0, 'the path has room').toBeGreaterThan(60);

    // At common window widths with the default pane sizes the toolbar is one row (not much taller than a button),
    // and the host and the path show whole. TABSMITH_SHOTS_DIR keeps pictures of it for people reviewing it.
    const toolbar = preview.getByRole('toolbar', { name: 'Preview controls' });
    const reload = preview.getByRole('button', { name: 'Reload preview' });
    const shots = process.env.TABSMITH_SHOTS_DIR;
    for (const [width, height] of [
      [1024, 768],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await expect
        .poll(async () => ((await toolbar.boundingBox())?.height ?? 0) / ((await reload.boundingBox())?.height ?? 1), {
          message: `one toolbar row at ${width} px`,
        })
        .toBeLessThanOrEqual(1.5);
      await expect(host.locator('option:checked')).toHaveText('localhost:3000');
      expect(await address.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth), `"/linked" shows whole at ${width} px`).toBe(true);
      if (shots) await preview.screenshot({ path: join(shots, `toolbar-${width}.png`) });
    }

    if (shots) {
      for (const [width, height] of [
        [1440, 900],
        [1024, 768],
      ] as const) {
        await page.setViewportSize({ width, height });
        await expect(address).toHaveValue('/linked');
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme });
          await page.screenshot({ path: join(shots, `layout-${width}-${colorScheme}.png`) });
        }
      }
    }
  });

  test('narrowing the window to a phone and widening it again keeps the running server, the terminal, the preview and the chat', async ({ page }) => {
    await openIde(page);
    const shell = terminal(page, 1);
    await shell.run(
      `echo "require('http').createServer((req, res) => { res.setHeader('Content-Type', 'text/html'); res.end('<h1>Served ' + req.url + '</h1>'); }).listen(3000)" > serve.js`,
    );
    await shell.start('node serve.js');
    const frame = page.frameLocator('iframe[title="Preview"]');
    await expect(frame.getByRole('heading', { name: 'Served /' })).toBeVisible({ timeout: 30_000 });
    // A turn that ended with a card (a recorded safety block): it is still there afterwards.
    await sendPrompt(page, 'ending: blocked — the layout test');
    const card = conversation(page).getByRole('alert');
    await expect(card).toContainText('safety filter', { timeout: AGENT_TIMEOUT_MS });

    await page.setViewportSize({ width: 390, height: 844 });
    const panes = page.getByRole('tablist', { name: 'Panes' });
    await panes.getByRole('tab', { name: 'Terminal' }).click();
    await expect(shell.panel).toContainText('node serve.js');
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(panes).toBeHidden();

    await expect(frame.getByRole('heading', { name: 'Served /' })).toBeVisible({ timeout: 30_000 });
    await expect(card).toContainText('safety filter');
    await expect(shell.panel, 'Terminal 1 still shows its command, not a fresh shell').toContainText('node serve.js');
    await page.getByRole('button', { name: 'New terminal' }).click();
    await terminal(page, 2).run('curl -s http://localhost:3000/still', { output: 'Served /still' });
  });
});
