import { expect } from '@playwright/test';
import { region } from './support/ide';
import { terminal } from './support/terminal';
import { sharedIdeTest } from './support/shared-ide';

// One booted workspace for the file (see sharedIdeTest).
const test = sharedIdeTest();

// A small project written by a node script (the offline shell has no mkdir -p), then found by name and by
// text. The searched word is split in the script, so that mk.js itself is not a hit.
const MAKE_PROJECT =
  `echo "const fs = require('fs'); fs.mkdirSync('src/components', { recursive: true });` +
  ` fs.writeFileSync('src/components/Button.jsx', 'export const Button = () => null;');` +
  ` fs.writeFileSync('src/bottom.txt', 'x');` +
  ` fs.writeFileSync('src/find.txt', ['alpha', 'beta', 'the nee' + 'dle is here', 'gamma'].join(String.fromCharCode(10)))" > mk.js`;

test.describe('quick open and search in files', () => {
  test.beforeEach(async ({ page }) => {
    const t1 = terminal(page, 1);
    await t1.run(MAKE_PROJECT);
    await t1.run('node mk.js');
  });

  test('Ctrl+P finds a file by a fuzzy name and opens it', async ({ page }) => {
    await region(page, 'Editor').click();
    await page.keyboard.press('ControlOrMeta+p');
    const dialog = page.getByRole('dialog', { name: 'Quick open' });
    const input = dialog.getByRole('combobox', { name: 'File name' });
    await expect(input).toBeFocused();
    await input.fill('btn');
    await expect(dialog.getByRole('option').first()).toContainText('Button.jsx');
    await input.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('tab', { name: 'Button.jsx', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('textbox', { name: 'Contents of Button.jsx' })).toContainText('export const Button');

    // Escape closes without opening anything.
    await page.keyboard.press('ControlOrMeta+p');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('search finds a line; its result opens the file at that line', async ({ page }) => {
    await region(page, 'Editor').click();
    await page.keyboard.press('ControlOrMeta+Shift+f');
    const box = page.getByRole('searchbox', { name: 'Search in files' });
    await expect(box).toBeFocused();
    await box.fill('needle');
    await expect(page.getByRole('status').filter({ hasText: 'result' })).toHaveText('1 result in 1 file');
    await page.getByRole('button', { name: '/src/find.txt:3 the needle is here' }).click();

    const editor = page.getByRole('textbox', { name: 'Contents of find.txt' });
    await expect(page.getByRole('tab', { name: 'find.txt', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(editor).toBeFocused();
    // The cursor is on line 3, at the match: typing lands there.
    await page.keyboard.type('>> ');
    await expect(editor).toContainText('the >> needle is here');

    await box.fill('no such text anywhere');
    await expect(page.getByRole('status').filter({ hasText: 'No results' })).toBeVisible();
  });
});
