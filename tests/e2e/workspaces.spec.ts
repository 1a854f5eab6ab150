import { expect, test, type Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { region } from './support/ide';
import { terminal } from './support/terminal';
import { alertWith, createInTree, createWorkspace, openLauncher, treeItem, waitForWorkspace, type TemplateName } from './support/workspace';

const previewFrame = (page: Page) => page.frameLocator('iframe[title="Preview"]');

/** Each template starts by itself when first opened (npm install first when it has a package.json). */
const TEMPLATES: { name: TemplateName; heading: string }[] = [
  { name: 'Static HTML + JS', heading: 'Static HTML + JS' },
  { name: 'Node HTTP server', heading: 'Hello from Node' },
  { name: 'Vite + React', heading: 'Get started' },
];

test.describe('workspaces', () => {
  for (const template of TEMPLATES) {
    test(`creates a workspace from "${template.name}" and previews it`, async ({ page }) => {
      test.setTimeout(120_000);
      await openLauncher(page);
      await createWorkspace(page, `${template.name} app`, template.name);
      await expect(previewFrame(page).getByRole('heading', { name: template.heading })).toBeVisible({ timeout: 90_000 });
    });
  }

  test('an edit, its save and the open tabs survive a reload', async ({ page }) => {
    await openLauncher(page);
    await createWorkspace(page, 'Reload test');
    await createInTree(page, 'file', 'notes.md');
    await createInTree(page, 'file', 'todo.txt');
    const tabs = page.getByRole('tablist', { name: 'Open files' });
    await expect(tabs.getByRole('tab', { name: /todo\.txt/ })).toBeVisible();
    const editor = region(page, 'Editor').locator('.cm-content');
    await editor.click();
    await page.keyboard.type('remember the milk');
    await page.keyboard.press('ControlOrMeta+s');
    await expect(treeItem(page, 'todo.txt')).toBeVisible(); // no "unsaved changes" in its name any more

    await page.reload();
    await waitForWorkspace(page);
    await expect(tabs.getByRole('tab', { name: /notes\.md/ })).toBeVisible();
    await expect(tabs.getByRole('tab', { name: /todo\.txt/ })).toBeVisible();
    await tabs.getByRole('tab', { name: /todo\.txt/ }).click();
    await expect(region(page, 'Editor').locator('.cm-content')).toContainText('remember the milk');
  });

  test('renames, duplicates and deletes workspaces from the list', async ({ page }) => {
    await openLauncher(page);
    await createWorkspace(page, 'Listed');
    await page.getByRole('button', { name: 'Workspaces' }).click();
    const dialog = page.getByRole('dialog', { name: 'Workspaces' });
    await dialog.getByRole('button', { name: 'Close workspace' }).click();
    await expect(page.getByRole('list', { name: 'Saved workspaces' })).toBeVisible();

    await page.getByRole('button', { name: 'Duplicate Listed' }).click();
    await page.getByRole('button', { name: 'Rename Listed copy' }).click();
    await page.getByRole('textbox', { name: 'New name for Listed copy' }).fill('Second');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listitem', { name: 'Second' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete Second' }).click();
    await page.getByRole('dialog', { name: 'Delete workspace "Second"?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('listitem', { name: 'Second' })).toHaveCount(0);
    await expect(page.getByRole('listitem', { name: 'Listed' })).toBeVisible();
  });

  test('exports a zip and imports it into a new workspace with every file intact', async ({ page }, testInfo) => {
    await openLauncher(page);
    await createWorkspace(page, 'Round trip', 'Static HTML + JS');
    const shell = terminal(page, 1);
    // Stop the template's server so the shell prompt is back, then add a file in a subfolder.
    await shell.panel.click();
    await page.keyboard.press('Control+c');
    await shell.run('mkdir -p data && echo nested > data/n.txt');

    await page.getByRole('button', { name: 'Workspaces' }).click();
    const dialog = page.getByRole('dialog', { name: 'Workspaces' });
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export as zip' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Round trip.zip');
    const zipPath = testInfo.outputPath('Round trip.zip');
    await download.saveAs(zipPath);
    const exported = unzipSync(readFileSync(zipPath));
    expect(Object.keys(exported)).toContain('data/n.txt');
    expect(Object.keys(exported).some((name) => name.startsWith('node_modules/'))).toBe(false);

    const exportedId = new URL(page.url()).searchParams.get('ws') ?? '';
    const choosing = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Import zip' }).click();
    await (await choosing).setFiles(zipPath);
    // The import is a new workspace, opened at once.
    await page.waitForURL((url) => url.searchParams.get('ws') !== exportedId);
    await waitForWorkspace(page);
    await expect(page.getByRole('button', { name: 'Workspaces' })).toBeVisible();
    await expect(treeItem(page, 'data')).toBeVisible();
    await terminal(page, 1).run('cat data/n.txt', { output: 'nested' });

    // Every file, byte for byte: export the imported workspace and compare the two archives' contents.
    await page.getByRole('button', { name: 'Workspaces' }).click();
    const again = page.waitForEvent('download');
    await page.getByRole('dialog', { name: 'Workspaces' }).getByRole('button', { name: 'Export as zip' }).click();
    const secondPath = testInfo.outputPath('second.zip');
    await (await again).saveAs(secondPath);
    const reimported = unzipSync(readFileSync(secondPath));
    expect(Object.keys(reimported).sort()).toEqual(Object.keys(exported).sort());
    for (const [name, bytes] of Object.entries(exported)) expect(Buffer.from(reimported[name] ?? []).equals(Buffer.from(bytes)), name).toBe(true);
  });

  test('refuses a corrupt zip and creates nothing', async ({ page }, testInfo) => {
    await openLauncher(page);
    const bad = testInfo.outputPath('broken.zip');
    writeFileSync(bad, 'this is not a zip');
    const choosing = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import zip' }).click();
    await (await choosing).setFiles(bad);
    await expect(alertWith(page, 'not a valid zip')).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'broken' })).toHaveCount(0);
  });

  test('a second tab on the same workspace is refused write access and can open it read-only', async ({ page, context }) => {
    await openLauncher(page);
    await createWorkspace(page, 'Shared');
    const second = await context.newPage();
    await second.goto(page.url());
    const lock = second.getByRole('dialog', { name: 'This workspace is open in another tab' });
    await expect(lock).toBeVisible({ timeout: 30_000 });
    await lock.getByRole('button', { name: 'Open read-only' }).click();
    await waitForWorkspace(second);
    await expect(second.getByRole('status', { name: 'Read-only workspace' })).toBeVisible();
    await expect(second.getByRole('toolbar', { name: 'File actions' }).getByRole('button', { name: 'New file', exact: true })).toBeDisabled();

    // Taking over flips the roles: the first tab is told, and becomes read-only.
    await second.getByRole('status', { name: 'Read-only workspace' }).getByRole('button', { name: 'Take over' }).click();
    await expect(page.getByRole('status', { name: 'Read-only workspace' })).toContainText('Another tab took over');
    await expect(second.getByRole('status', { name: 'Read-only workspace' })).toHaveCount(0);
  });
});
