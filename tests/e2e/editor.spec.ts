import { expect, type Page } from '@playwright/test';
import { openByName, region } from './support/ide';
import { terminal } from './support/terminal';
import { sharedIdeTest } from './support/shared-ide';

// One booted workspace for the file (see sharedIdeTest).
const test = sharedIdeTest();

// Files are made in the terminal and opened with quick open, so these specs depend on the editor, the
// store's fs mirror and the terminal only (not on the file tree). Expected outputs are never substrings of
// the commands that print them.

const editorFor = (page: Page, name: string) => page.getByRole('textbox', { name: `Contents of ${name}` });
const tab = (page: Page, name: string) => page.getByRole('tablist', { name: 'Open files' }).getByRole('tab', { name, exact: true });

test.describe('editor', () => {
  test('Ctrl+S saves: the dirty marker goes and cat shows the edit', async ({ page }) => {
    const t1 = terminal(page, 1);
    await t1.run('echo "first line" > note.txt');
    await openByName(page, 'note', 'note.txt');

    await editorFor(page, 'note.txt').click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('second ' + 'line');
    await expect(tab(page, 'note.txt, unsaved changes')).toBeVisible();
    await page.keyboard.press('ControlOrMeta+s');
    await expect(tab(page, 'note.txt')).toBeVisible();

    await t1.run('cat note.txt', { output: 'second line' });
  });

  test('autosaves when the editor loses focus', async ({ page }) => {
    const t1 = terminal(page, 1);
    await t1.run('echo "const a = 1;" > auto.js');
    await openByName(page, 'auto', 'auto.js');

    await editorFor(page, 'auto.js').click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('const b = ' + '2;');
    await expect(tab(page, 'auto.js, unsaved changes')).toBeVisible();
    await t1.panel.click(); // focus leaves the editor
    await expect(tab(page, 'auto.js')).toBeVisible();
    await t1.run('cat auto.js', { output: 'const b = 2;' });
  });

  test('find and replace in the file, and go to line', async ({ page }) => {
    const t1 = terminal(page, 1);
    await t1.run('echo "red apple, red cherry" > fruit.txt');
    await openByName(page, 'fruit', 'fruit.txt');

    await editorFor(page, 'fruit.txt').click();
    await page.keyboard.press('ControlOrMeta+h');
    await expect(page.getByRole('textbox', { name: 'Replace' })).toBeFocused();
    await page.getByRole('textbox', { name: 'Find' }).fill('red');
    await page.getByRole('textbox', { name: 'Replace' }).fill('green');
    await page.getByRole('button', { name: 'replace all' }).click();
    await expect(editorFor(page, 'fruit.txt')).toContainText('green apple, green cherry');
    await page.keyboard.press('ControlOrMeta+s');
    await expect(tab(page, 'fruit.txt')).toBeVisible();
    await t1.run('cat fruit.txt', { output: 'green apple, green cherry' });

    await editorFor(page, 'fruit.txt').click();
    await page.keyboard.press('ControlOrMeta+g');
    await expect(page.getByRole('textbox', { name: 'Go to line' })).toBeFocused();
  });

  test('a change on disk under unsaved edits offers both versions', async ({ page }) => {
    const t1 = terminal(page, 1);
    await t1.run('echo "original" > clash.txt');
    // The write lands while the user is still typing in the editor (focus there, so no autosave).
    await t1.run(`echo "setTimeout(() => require('fs').writeFileSync('clash.txt', 'from the ' + 'disk'), 2500)" > later.js`);
    await openByName(page, 'clash', 'clash.txt');
    await t1.start('node later.js');
    await editorFor(page, 'clash.txt').click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(' mine');

    const banner = page.getByRole('alert').filter({ hasText: 'clash.txt changed on disk while you had unsaved edits' });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Keep my version' })).toBeVisible();
    await banner.getByRole('button', { name: 'Use the version on disk' }).click();
    await expect(banner).toBeHidden();
    await expect(editorFor(page, 'clash.txt')).toHaveText('from the disk');
    await expect(tab(page, 'clash.txt')).toBeVisible();
  });

  test('closing a tab with unsaved changes asks first', async ({ page }) => {
    const t1 = terminal(page, 1);
    await t1.run('echo "keep" > close-me.txt');
    await t1.run(`echo "setTimeout(() => require('fs').writeFileSync('close-me.txt', 'theirs'), 2500)" > later2.js`);
    await openByName(page, 'close-me', 'close-me.txt');
    await t1.start('node later2.js');
    await editorFor(page, 'close-me.txt').click();
    await page.keyboard.type('x');
    // A conflicting tab is never autosaved, so it is still dirty when its close button is pressed.
    await expect(page.getByRole('alert').filter({ hasText: 'changed on disk' })).toBeVisible();
    // The pointer's close button (the keyboard's way is Delete on the tab, below).
    await page.getByTitle('Close close-me.txt (Delete)').click();
    const dialog = page.getByRole('dialog', { name: 'Save changes to close-me.txt?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('tab', { name: /^close-me\.txt/ })).toBeVisible();
    await page.getByRole('tab', { name: /^close-me\.txt/ }).press('Delete');
    await dialog.getByRole('button', { name: "Don't save" }).click();
    await expect(page.getByRole('tab', { name: /^close-me\.txt/ })).toHaveCount(0);
  });

  test('a binary file opens as a notice, not as text', async ({ page }) => {
    const t1 = terminal(page, 1);
    await t1.run(`echo "require('fs').writeFileSync('blob.bin', Buffer.from([0, 1, 2, 0, 255, 0, 7]))" > mkbin.js`);
    await t1.run('node mkbin.js');
    await openByName(page, 'blob', 'blob.bin');
    await expect(region(page, 'Editor').getByText('blob.bin is a binary file (7 B) and cannot be shown as text')).toBeVisible();
  });
});
