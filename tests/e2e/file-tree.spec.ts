import { expect, test } from '@playwright/test';
import { terminal } from './support/terminal';
import { alertWith, createInTree, createWorkspace, openLauncher, treeItem } from './support/workspace';

test.describe('file tree', () => {
  test.beforeEach(async ({ page }) => {
    await openLauncher(page);
    await createWorkspace(page, 'Tree test');
  });

  test('creates files and folders, refuses bad names inline, and is keyboard navigable', async ({ page }) => {
    await createInTree(page, 'folder', 'src');
    await expect(treeItem(page, 'src')).toHaveAttribute('aria-selected', 'true');
    await createInTree(page, 'file', 'app.js');
    // Created inside the selected folder, revealed and selected.
    const app = treeItem(page, 'app.js');
    await expect(app).toHaveAttribute('aria-level', '2');
    await expect(treeItem(page, 'src')).toHaveAttribute('aria-expanded', 'true');

    await page.getByRole('toolbar', { name: 'File actions' }).getByRole('button', { name: 'New file', exact: true }).click();
    await page.getByRole('textbox', { name: 'New file name' }).fill('../escape.js');
    await page.keyboard.press('Enter');
    await expect(alertWith(page, '..')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(treeItem(page, 'escape.js')).toHaveCount(0);

    // Keyboard: Home, Left collapses, Right expands, Down moves into the folder.
    await app.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(treeItem(page, 'src')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(treeItem(page, 'src')).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await expect(app).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tablist', { name: 'Open files' }).getByRole('tab', { name: /app\.js/ })).toBeVisible();
  });

  test('shows a file created in the terminal', async ({ page }) => {
    const shell = terminal(page, 1);
    await shell.run('echo hi > f.txt');
    await expect(treeItem(page, 'f.txt')).toBeVisible();
  });

  test('renames with F2 and deletes after confirmation', async ({ page }) => {
    await createInTree(page, 'file', 'old.js');
    const item = treeItem(page, 'old.js');
    await item.focus();
    await page.keyboard.press('F2');
    await page.getByRole('textbox', { name: 'New name for old.js' }).fill('new.js');
    await page.keyboard.press('Enter');
    await expect(treeItem(page, 'new.js')).toBeVisible();
    await expect(item).toHaveCount(0);

    await treeItem(page, 'new.js').focus();
    await page.keyboard.press('Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete new.js?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(treeItem(page, 'new.js')).toBeVisible();
    await page.getByRole('toolbar', { name: 'File actions' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(treeItem(page, 'new.js')).toHaveCount(0);
  });

  test('moves a file into a folder by drag and drop, but not a folder into itself', async ({ page }) => {
    // A new item goes next to the selected file: both land at the root.
    await createInTree(page, 'file', 'util.js');
    await createInTree(page, 'folder', 'lib');
    const util = treeItem(page, 'util.js');
    await expect(util).toHaveAttribute('aria-level', '1');
    await util.dragTo(treeItem(page, 'lib'));
    await expect(util).toHaveAttribute('aria-level', '2');
    await expect(treeItem(page, 'lib')).toHaveAttribute('aria-expanded', 'true');
    await treeItem(page, 'lib').dragTo(util);
    await expect(treeItem(page, 'lib')).toHaveAttribute('aria-level', '1');
    await expect(util).toHaveAttribute('aria-level', '2');
  });

  test('locks a file: marker in the tree, and the editor refuses to save it', async ({ page }) => {
    await createInTree(page, 'file', 'keep.txt');
    await page.getByRole('toolbar', { name: 'File actions' }).getByRole('button', { name: 'Lock', exact: true }).click();
    await expect(treeItem(page, 'keep.txt, locked')).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Editor' })
        .getByText(/locked/i)
        .first(),
    ).toBeVisible();
    await page.getByRole('toolbar', { name: 'File actions' }).getByRole('button', { name: 'Unlock', exact: true }).click();
    await expect(treeItem(page, 'keep.txt')).toBeVisible();
  });
});
