import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { openByName, openIde, region } from './support/ide';
import { agent } from './support/chat';
import { createWorkspace, openLauncher, treeItem } from './support/workspace';
import { terminal } from './support/terminal';

/** Runs axe in both colour schemes; returns the violations found, labelled with the scheme. */
async function inBothSchemes(page: Page, selector?: string): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // The page hears of the new scheme at its next rendering step ("change" on matchMedia, which restyles the
    // editor); two frames later every listener has run.
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    found.push(...(await axeViolations(page, selector)).map((line) => `${colorScheme}: ${line}`));
  }
  return found;
}

test.describe('accessibility (axe, WCAG 2.1 AA)', () => {
  test('the open IDE, with a file, a terminal and a running preview, light and dark', async ({ page }) => {
    await openIde(page, { template: 'Static HTML + JS' });
    await openByName(page, 'main', 'main.js');
    await terminal(page, 1).panel.isVisible();
    await expect(page.frameLocator('iframe[title="Preview"]').getByRole('heading', { name: 'Static HTML + JS' })).toBeVisible({ timeout: 60_000 });
    expect(await inBothSchemes(page)).toEqual([]);
  });

  test('quick open, the command palette and the shortcuts list, light and dark', async ({ page }) => {
    await openIde(page);
    await region(page, 'Editor').click();
    await page.keyboard.press('Control+p');
    await expect(page.getByRole('dialog', { name: 'Quick open' })).toBeVisible();
    expect(await inBothSchemes(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Shift+p');
    await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
    expect(await inBothSchemes(page)).toEqual([]);
    await page.keyboard.type('keyboard shortcuts');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    expect(await inBothSchemes(page)).toEqual([]);
  });

  test('a terminal tab closes with Delete (its close button is for the pointer only)', async ({ page }) => {
    await openIde(page);
    const tabs = region(page, 'Terminal').getByRole('tablist', { name: 'Terminal tabs' });
    await region(page, 'Terminal').getByRole('button', { name: 'New terminal' }).click();
    await expect(tabs.getByRole('tab')).toHaveCount(2);
    await expect(tabs.getByRole('button')).toHaveCount(0);
    await tabs.getByRole('tab', { name: 'Terminal 2' }).press('Delete');
    await expect(tabs.getByRole('tab')).toHaveCount(1);
    await expect(tabs.getByRole('tab', { name: 'Terminal 1' })).toBeVisible();
  });

  test('the computer-use tab, light and dark', async ({ page }) => {
    await openIde(page);
    await region(page, 'Agent').getByRole('tab', { name: 'Computer use' }).click();
    expect(await inBothSchemes(page)).toEqual([]);
  });

  test('the dialogs: new workspace, delete confirmation, checkpoints, the workspace lock; and the phone layout', async ({ page, context }) => {
    await openLauncher(page);
    await page.getByRole('button', { name: 'New workspace' }).click();
    await expect(page.getByRole('dialog', { name: 'New workspace' })).toBeVisible();
    expect(await inBothSchemes(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await createWorkspace(page, 'Dialogs', 'Static HTML + JS');
    await treeItem(page, 'main.js').focus();
    await page.keyboard.press('Delete');
    await expect(page.getByRole('dialog', { name: 'Delete main.js?' })).toBeVisible();
    expect(await inBothSchemes(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await agent(page).getByRole('button', { name: 'Checkpoints', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Checkpoints' })).toBeVisible();
    expect(await inBothSchemes(page)).toEqual([]);
    await page.keyboard.press('Escape');

    const second = await context.newPage();
    await second.goto(page.url());
    await expect(second.getByRole('dialog', { name: 'This workspace is open in another tab' })).toBeVisible({ timeout: 30_000 });
    expect(await inBothSchemes(second)).toEqual([]);
    await second.close();

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('tablist', { name: 'Panes' })).toBeVisible();
    expect(await inBothSchemes(page)).toEqual([]);
  });

  test('the close-with-unsaved-changes dialog and the on-disk conflict notice, light and dark', async ({ page }) => {
    await openIde(page);
    const shell = terminal(page, 1);
    await shell.run('echo "keep" > close-me.txt');
    await shell.run(`echo "setTimeout(() => require('fs').writeFileSync('close-me.txt', 'theirs'), 2500)" > later.js`);
    await openByName(page, 'close-me', 'close-me.txt');
    await shell.start('node later.js');
    await page.getByRole('textbox', { name: 'Contents of close-me.txt' }).click();
    await page.keyboard.type('x');
    // A tab in conflict with the disk is never autosaved, so it is still dirty when it closes.
    await expect(page.getByRole('alert').filter({ hasText: 'changed on disk' })).toBeVisible();
    expect(await inBothSchemes(page)).toEqual([]);
    await page.getByTitle('Close close-me.txt (Delete)').click();
    await expect(page.getByRole('dialog', { name: 'Save changes to close-me.txt?' })).toBeVisible();
    expect(await inBothSchemes(page)).toEqual([]);
  });
});
