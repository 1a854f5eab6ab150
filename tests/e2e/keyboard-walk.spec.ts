import { expect, test, type Locator, type Page } from '@playwright/test';
import { AGENT_TIMEOUT_MS, conversation } from './support/chat';
import { OFFLINE_BOOTED, region, runtimeStatus } from './support/ide';
import { terminal, visibleLines } from './support/terminal';
import { openLauncher } from './support/workspace';
import { EDITOR_LEAVE_HINT, TERMINAL_LEAVE_HINT } from '@/lib/ui/leave-by-keyboard';

/**
 * The whole first session by keyboard alone, never the mouse: from the launcher to a new workspace, a file
 * opened, edited and saved, a command in the terminal and back out of it, a message to the agent, and the
 * preview. Every step checks where focus is, by the names a screen reader would announce.
 */

/** A recorded session the replay model answers with a plain reply (tests/e2e/fixtures/replay/launcher.json). */
const PROMPT = 'A guestbook page where visitors sign with their name and a short message';
const REPLY = "I'll set up a guestbook";

/** The landmark region that holds keyboard focus now ("Editor", "Terminal", …), or null. */
function focusedRegion(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.closest('section[aria-label]')?.getAttribute('aria-label') ?? null);
}

async function expectFocusIn(page: Page, name: string | null): Promise<void> {
  await expect.poll(() => focusedRegion(page), { message: `focus is in ${name ?? 'no region'}` }).toBe(name);
}

/** What has focus, as a person reviewing a failure would want it: tag, role and name, and the region. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '<body>';
    const role = el.getAttribute('role');
    const name = el.getAttribute('aria-label') ?? el.getAttribute('title') ?? (el.textContent ?? '').trim().slice(0, 40);
    const where = el.closest('section[aria-label]')?.getAttribute('aria-label');
    return `<${el.tagName.toLowerCase()}${role ? ` role=${role}` : ''}> "${name}"${where ? ` in ${where}` : ''}`;
  });
}

/**
 * Presses Tab until `target` has focus, as a person would, and fails with the stops on the way if it never
 * does, or if focus falls to the page's body (lost) on the way.
 */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  const stops: string[] = [];
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
    const stop = await describeFocus(page);
    stops.push(stop);
    expect(stop, `focus was lost after ${stops.join(' → ')}`).not.toBe('<body>');
  }
  await expect(target, `Tab never reached it; stops: ${stops.join(' → ')}`).toBeFocused();
}

test('a keyboard alone creates a workspace, edits and saves a file, runs a command, asks the agent and reaches the preview', async ({ page }) => {
  test.setTimeout(180_000);

  // The launcher: Tab to "New workspace", Enter opens the dialog with the caret in the name.
  await openLauncher(page);
  const newWorkspace = page.getByRole('toolbar', { name: 'Workspace actions' }).getByRole('button', { name: 'New workspace' });
  await tabTo(page, newWorkspace);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New workspace' });
  const name = dialog.getByRole('textbox', { name: 'Workspace name' });
  await expect(name).toBeFocused();
  await page.keyboard.type('keyboard walk');

  // The template is a radio group: Tab enters it on the chosen one, arrows choose another.
  const templates = dialog.getByRole('radiogroup', { name: 'Template' });
  const staticSite = templates.getByRole('radio', { name: 'Static HTML + JS', exact: true });
  await page.keyboard.press('Tab');
  await expect(templates.getByRole('radio', { name: 'Empty', exact: true })).toBeFocused();
  for (let presses = 0; presses < 5 && !(await staticSite.isChecked()); presses++) await page.keyboard.press('ArrowDown');
  await expect(staticSite).toBeChecked();
  await expect(staticSite).toBeFocused();
  // Enter submits the dialog's form: Create.
  await page.keyboard.press('Enter');

  await page.waitForURL(/[?&]ws=/);
  await expect(runtimeStatus(page)).toHaveText(OFFLINE_BOOTED, { timeout: 30_000 });
  // The template's server runs in the first terminal and shows in the preview.
  const frame = page.frameLocator('iframe[title="Preview"]');
  await expect(frame.getByRole('heading', { name: 'Static HTML + JS' })).toBeVisible({ timeout: 60_000 });
  // Starting it is the IDE's doing, not the user's: focus is not dropped into the shell (where Tab completes)
  // but waits in the agent's message box.
  await expect(terminal(page, 1).panel).toContainText('node serve.js');
  await expect(region(page, 'Agent').getByRole('textbox', { name: 'Message the agent' })).toBeFocused();

  // Quick open: Ctrl+P, a fuzzy name, Enter; the caret lands in the file's text.
  await page.keyboard.press('Control+p');
  const quickOpen = page.getByRole('dialog', { name: 'Quick open' });
  const fileName = quickOpen.getByRole('combobox', { name: 'File name' });
  await expect(fileName).toBeFocused();
  await page.keyboard.type('stycss');
  await expect(quickOpen.getByRole('option').first()).toContainText('style.css');
  await page.keyboard.press('Enter');
  await expect(quickOpen).toBeHidden();
  const styleTab = region(page, 'Editor')
    .getByRole('tablist', { name: 'Open files' })
    .getByRole('tab', { name: /^style\.css/ });
  await expect(styleTab).toHaveAttribute('aria-selected', 'true');
  const text = page.getByRole('textbox', { name: 'Contents of style.css' });
  await expect(text).toBeFocused();
  // Tab indents here: the editor says how to leave it, read out on focus and shown while it has focus.
  await expect(text).toHaveAccessibleDescription(EDITOR_LEAVE_HINT.text);
  await expect(page.getByText(EDITOR_LEAVE_HINT.text)).toBeVisible();

  // Typing marks the tab unsaved (its name says so, and a dot shows); Ctrl+S saves, and both go.
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n/* typed by keyboard */');
  await expect(styleTab).toHaveAccessibleName('style.css, unsaved changes');
  await expect(styleTab.getByText('●')).toBeVisible();
  await page.keyboard.press('Control+s');
  await expect(styleTab).toHaveAccessibleName('style.css');
  await expect(styleTab.getByText('●')).toBeHidden();
  await expect(text).toBeFocused();

  // Ctrl+` goes to the terminal; the first one runs the server, so Ctrl+Shift+` opens a second for commands.
  await page.keyboard.press('Control+`');
  await expectFocusIn(page, 'Terminal');
  await expect(page.getByText(EDITOR_LEAVE_HINT.text), "the editor's hint goes with its focus").toBeHidden();
  await expect(page.locator(':focus')).toHaveAccessibleDescription(TERMINAL_LEAVE_HINT.text);
  await expect(page.getByText(TERMINAL_LEAVE_HINT.text)).toBeVisible();
  await page.keyboard.press('Control+Shift+`');
  const shell = terminal(page, 2);
  await expect(shell.tab).toHaveAttribute('aria-selected', 'true');
  await expectFocusIn(page, 'Terminal');
  await shell.waitForPrompt();
  await page.keyboard.type('ls');
  await page.keyboard.press('Enter');
  await expect(shell.panel).toContainText('style.css');
  await expect(shell.panel).toContainText('index.html');
  await shell.waitForPrompt();
  // The saved edit is on disk.
  await page.keyboard.type('tail -n 1 style.css');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await visibleLines(shell.panel)).includes('/* typed by keyboard */')).toBe(true);
  await shell.waitForPrompt();

  // Esc then Tab leaves the terminal (Tab alone is the shell's completion); Tab goes on to the composer.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await expect.poll(() => focusedRegion(page), { message: 'focus left the terminal' }).not.toBe('Terminal');
  expect(await describeFocus(page)).not.toBe('<body>');
  const composer = region(page, 'Agent').getByRole('textbox', { name: 'Message the agent' });
  await tabTo(page, composer);
  await expectFocusIn(page, 'Agent');

  // A message sent with Enter, and the agent's reply.
  await page.keyboard.type(PROMPT);
  await page.keyboard.press('Enter');
  await expect(conversation(page).getByRole('article', { name: 'You' }).last()).toContainText(PROMPT);
  await expect(conversation(page).getByRole('article', { name: 'Agent' }).last()).toContainText(REPLY, { timeout: AGENT_TIMEOUT_MS });

  // F6 goes round the regions to the preview, whose page takes focus.
  for (const next of ['Files', 'Editor', 'Terminal', 'Preview']) {
    await page.keyboard.press('F6');
    await expectFocusIn(page, next);
  }
  const previewPage = region(page, 'Preview').locator('iframe[title="Preview"]');
  await expect(previewPage).toBeFocused();
  await expect(frame.getByRole('heading', { name: 'Static HTML + JS' })).toBeVisible();

  // Keys pressed in the page are the page's, yet F6 and Shift+F6 still move on: the preview is no dead end.
  await page.keyboard.press('F6');
  await expectFocusIn(page, 'Agent');
  await expect(composer).toBeFocused();
  await page.keyboard.press('Shift+F6');
  await expect(previewPage).toBeFocused();
  await page.keyboard.press('Shift+F6');
  await expectFocusIn(page, 'Terminal');
});
