import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { conversation } from './support/chat';
import { openIde, region } from './support/ide';
import { terminal } from './support/terminal';

/**
 * The IDE by keyboard alone, once it is open: the command palette and the shortcuts list, F6 between the
 * regions, in and out of the terminal, and the agent's composer reached with Tab.
 */

/** The landmark region that holds keyboard focus now ("Editor", "Terminal", …), or null. */
function focusedRegion(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.closest('section[aria-label]')?.getAttribute('aria-label') ?? null);
}

/** With TABSMITH_SHOTS_DIR set, keeps a picture of the step for people reviewing the keyboard work. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.TABSMITH_SHOTS_DIR;
  if (dir) await page.screenshot({ path: join(dir, `palette-${name}.png`) });
}

async function expectFocusIn(page: Page, name: string | null): Promise<void> {
  await expect.poll(() => focusedRegion(page), { message: `focus is in ${name ?? 'no region'}` }).toBe(name);
}

test.describe('keyboard', () => {
  test('the command palette opens with Ctrl+Shift+P and F1, runs a fuzzy-found command, and Esc gives focus back', async ({ page }) => {
    await openIde(page);
    const search = region(page, 'Files').getByRole('searchbox', { name: 'Search in files' });
    await page.keyboard.press('Control+Shift+F');
    await expect(search).toBeFocused();

    const palette = page.getByRole('dialog', { name: 'Command palette' });
    const input = palette.getByRole('combobox', { name: 'Command' });
    await page.keyboard.press('F1');
    await expect(input).toBeFocused();
    await expect(palette.getByRole('option', { name: /Show all commands.*Ctrl\+Shift\+P/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();
    await expect(search).toBeFocused();

    await page.keyboard.press('Control+Shift+P');
    await expect(input).toBeFocused();
    await page.keyboard.type('kbd shrt');
    await expect(palette.getByRole('option').first()).toHaveText(/Keyboard shortcuts/);
    await shot(page, 'fuzzy');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');

    const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(shortcuts).toBeVisible();
    await expect(shortcuts.getByRole('row', { name: /Go to file \(quick open\)/ })).toContainText('Ctrl+P');
    await expect(shortcuts.getByRole('row', { name: /Show all commands/ })).toContainText('F1');
    await expect(shortcuts.getByRole('row', { name: /Leave the editor or the terminal/ })).toContainText('Esc then Tab');
    await shot(page, 'shortcuts');
    await page.keyboard.press('Escape');
    await expect(shortcuts).toBeHidden();
    await expect(search).toBeFocused();

    // Quick open gives focus back too (it used to drop it on the page's body).
    await page.keyboard.press('Control+p');
    await expect(page.getByRole('dialog', { name: 'Quick open' }).getByRole('combobox', { name: 'File name' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Quick open' })).toBeHidden();
    await expect(search).toBeFocused();

    // A command run from the palette: "New file" starts naming a file in the tree.
    await page.keyboard.press('Control+Shift+P');
    await page.keyboard.type('new file');
    await page.keyboard.press('Enter');
    await expect(region(page, 'Files').getByRole('textbox', { name: 'New file name' })).toBeFocused();
  });

  test('F6 and Shift+F6 cycle files, editor, terminal, preview and agent', async ({ page }) => {
    await openIde(page);
    await terminal(page, 1).waitForPrompt();
    // Opening a workspace puts the caret in the agent's message box, not in the terminal (where Tab completes).
    await expect(region(page, 'Agent').getByRole('textbox', { name: 'Message the agent' })).toBeFocused();

    for (const name of ['Files', 'Editor', 'Terminal', 'Preview', 'Agent', 'Files']) {
      await page.keyboard.press('F6');
      await expectFocusIn(page, name);
    }
    await page.keyboard.press('Shift+F6');
    await expectFocusIn(page, 'Agent');
    await expect(region(page, 'Agent').getByRole('textbox', { name: 'Message the agent' })).toBeFocused();
    await page.keyboard.press('Shift+F6');
    await expectFocusIn(page, 'Preview');
  });

  test('Ctrl+` goes to the terminal and back; Esc then Tab leaves it; the composer is reached with Tab and sends', async ({ page }) => {
    await openIde(page);
    const shell = terminal(page, 1);
    await shell.waitForPrompt();

    await page.keyboard.press('F6'); // the file tree
    await expectFocusIn(page, 'Files');
    await page.keyboard.press('Control+`');
    await expectFocusIn(page, 'Terminal');
    await page.keyboard.type('echo keyboard-$((40+2))');
    await page.keyboard.press('Enter');
    await expect(shell.panel).toContainText('keyboard-42');
    await shot(page, 'terminal-focus-ring');

    // Back to where focus was, and in again.
    await page.keyboard.press('Control+`');
    await expectFocusIn(page, 'Files');
    await page.keyboard.press('Control+`');
    await expectFocusIn(page, 'Terminal');

    // Tab alone stays in the shell (completion); Esc then Tab moves on.
    await page.keyboard.press('Tab');
    await expectFocusIn(page, 'Terminal');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await expect.poll(() => focusedRegion(page), { message: 'focus left the terminal' }).not.toBe('Terminal');
    await expect.poll(() => page.evaluate(() => document.activeElement !== document.body)).toBe(true);

    // The terminal still takes commands after leaving it.
    await page.keyboard.press('Control+`');
    await expectFocusIn(page, 'Terminal');
    await page.keyboard.press('Control+u');
    await page.keyboard.type('echo back-$((1+1))');
    await page.keyboard.press('Enter');
    await expect(shell.panel).toContainText('back-2');

    // From the terminal, Tab by Tab to the composer, and a message sent with Enter.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    const composer = region(page, 'Agent').getByRole('textbox', { name: 'Message the agent' });
    for (let presses = 0; presses < 30 && !(await composer.evaluate((el) => el === document.activeElement)); presses++) {
      await page.keyboard.press('Tab');
    }
    await expect(composer).toBeFocused();
    await page.keyboard.type('hello from the keyboard');
    await page.keyboard.press('Enter');
    await expect(conversation(page).getByRole('article', { name: 'You' }).last()).toContainText('hello from the keyboard');
    await expect(conversation(page).getByRole('article', { name: 'Agent' }).last()).toContainText(/\S/, { timeout: 30_000 });
  });
});
