import { expect, test, type Page } from '@playwright/test';
import { region } from './support/ide';
import { terminal } from './support/terminal';
import { alertWith, createInTree, createWorkspace, openLauncher, treeItem, waitForWorkspace } from './support/workspace';

const editor = (page: Page) => region(page, 'Editor').locator('.cm-content');
const openTabs = (page: Page) => page.getByRole('tablist', { name: 'Open files' });
const readOnlyBanner = (page: Page) => page.getByRole('status', { name: 'Read-only workspace' });

async function typeAndSave(page: Page, name: string, text: string): Promise<void> {
  await treeItem(page, new RegExp(`^${name.replace('.', '\\.')}`)).click();
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
  await page.keyboard.press('ControlOrMeta+s');
  await expect(openTabs(page).getByRole('tab', { name, exact: true })).toBeVisible();
}

test.describe('durability', () => {
  test('a 200 MB file is refused with a message, the runtime keeps it, and everything after it is still saved', async ({ page }) => {
    test.setTimeout(180_000);
    await openLauncher(page);
    await createWorkspace(page, 'Large files');
    const shell = terminal(page, 1);
    await shell.run(`node -e "require('fs').writeFileSync('big200.bin', Buffer.alloc(200*1024*1024, 97))"`, { timeout: 60_000 });
    await expect(alertWith(page, '/big200.bin (200 MB) is not saved: browser storage takes files up to 100 MB')).toBeVisible({ timeout: 60_000 });
    await expect(treeItem(page, 'big200.bin, not saved')).toBeVisible();

    // A 50 MB file is under the limit: stored in pieces.
    await shell.run(`node -e "require('fs').writeFileSync('mid50.bin', Buffer.alloc(50*1024*1024, 98))"`, { timeout: 60_000 });
    await shell.run('echo after > after-echo.txt');
    await expect(treeItem(page, 'after-echo.txt')).toBeVisible();
    await createInTree(page, 'file', 'notes.md');
    await typeAndSave(page, 'notes.md', 'saved after the big file');
    await expect(treeItem(page, 'mid50.bin')).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: test.info().outputPath('large-file-refused.png') });

    await page.reload();
    await waitForWorkspace(page);
    await expect(treeItem(page, 'after-echo.txt')).toBeVisible();
    await expect(treeItem(page, 'mid50.bin')).toBeVisible();
    await expect(treeItem(page, 'notes.md')).toBeVisible();
    await expect(treeItem(page, /^big200\.bin/)).toHaveCount(0);
    await treeItem(page, 'notes.md').click();
    await expect(editor(page)).toContainText('saved after the big file');
    await shell.run(`node -e "const b=require('fs').readFileSync('mid50.bin'); console.log('mid50', b.length, b[0], b[b.length-1])"`, {
      output: 'mid50 52428800 98 98',
    });
  });

  test('a read-only tab marks its own changes as temporary, follows the writer live, and says when the writer is gone', async ({ page, context }) => {
    test.setTimeout(120_000);
    await openLauncher(page);
    await createWorkspace(page, 'Shared');
    await createInTree(page, 'file', 'shared.txt');
    await typeAndSave(page, 'shared.txt', 'first version');

    const reader = await context.newPage();
    await reader.goto(page.url());
    const lock = reader.getByRole('dialog', { name: 'This workspace is open in another tab' });
    await lock.getByRole('button', { name: 'Open read-only' }).click({ timeout: 30_000 });
    await waitForWorkspace(reader);
    await expect(readOnlyBanner(reader)).toContainText('You opened it read-only');

    // The shell still runs here, but what it writes is marked as temporary, never passed off as saved.
    await terminal(reader, 1).run('echo scratch > scratch.txt');
    await expect(treeItem(reader, 'scratch.txt, not saved')).toBeVisible();
    await expect(readOnlyBanner(reader)).toContainText('1 file was changed here by the shell or a program: temporary, not saved');
    await reader.screenshot({ path: test.info().outputPath('read-only-temporary.png') });

    // The writer saves: the reader's open editor follows without a reload.
    await treeItem(reader, 'shared.txt').click();
    await expect(editor(reader)).toContainText('first version');
    await typeAndSave(page, 'shared.txt', ' + second');
    await expect(editor(reader)).toContainText('first version + second');
    await createInTree(page, 'file', 'from-writer.txt');
    await expect(treeItem(reader, 'from-writer.txt')).toBeVisible();

    // The writing tab closes: the banner says so and offers to take over.
    await page.close();
    await expect(readOnlyBanner(reader)).toContainText('The tab that was editing this workspace has closed');
    await reader.screenshot({ path: test.info().outputPath('read-only-writer-gone.png') });
    await readOnlyBanner(reader).getByRole('button', { name: 'Take over' }).click();
    await expect(readOnlyBanner(reader)).toHaveCount(0, { timeout: 30_000 });
    await waitForWorkspace(reader);
    await typeAndSave(reader, 'shared.txt', ' + third');
  });

  test('a save refused for quota says so, keeps the tab unsaved and marks the file, while other files still save', async ({ page }) => {
    await page.addInitScript(() => {
      // Storage "full" for one file only, the way Chromium reports it: the put throws and the transaction aborts.
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
        const value = args[0] as { path?: string; content?: unknown } | undefined;
        if (this.name === 'files' && value?.path === '/full.txt' && value.content !== '') {
          this.transaction.abort();
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        }
        return put.apply(this, args);
      };
    });
    await openLauncher(page);
    await createWorkspace(page, 'Quota');
    await createInTree(page, 'file', 'full.txt');
    await editor(page).click();
    await page.keyboard.type('does not fit');
    await page.keyboard.press('ControlOrMeta+s');
    await expect(alertWith(page, 'Could not save /full.txt: browser storage is full')).toBeVisible();
    await expect(alertWith(page, 'Browser storage is full: recent changes are kept in this tab but not saved.')).toBeVisible();
    await expect(openTabs(page).getByRole('tab', { name: 'full.txt, unsaved changes, not saved' })).toBeVisible();
    await expect(treeItem(page, 'full.txt, unsaved changes, not saved')).toBeVisible();
    await createInTree(page, 'file', 'fits.txt');
    await typeAndSave(page, 'fits.txt', 'this one fits');
    await page.screenshot({ path: test.info().outputPath('quota-refused.png') });
    await page.reload();
    await waitForWorkspace(page);
    await treeItem(page, 'fits.txt').click();
    await expect(editor(page)).toContainText('this one fits');
  });

  test('the status bar shows storage, and warns with an export from 80 % of the quota', async ({ page }) => {
    await page.addInitScript(() => {
      // The browser's quota is far away on this machine: report 85 % used to see the warning.
      navigator.storage.estimate = () => Promise.resolve({ usage: 85 * 1024 ** 2, quota: 100 * 1024 ** 2 });
    });
    await openLauncher(page);
    await createWorkspace(page, 'Nearly full');
    const status = page.getByRole('status', { name: 'Storage status' });
    await expect(status).toContainText(/Storage (persistent|not persistent \(the browser may clear it\))/);
    await expect(status).toContainText('browser storage 85 MB of 100 MB');
    await expect(status).toContainText(/this workspace's files \d/);
    const warning = alertWith(page, 'Browser storage is 85% full: export your work before the browser has to drop anything.');
    await expect(warning).toBeVisible();
    await expect(warning.getByRole('button', { name: 'Export as zip' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('storage-warning.png') });
  });
});
