import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { region } from './support/ide';
import { terminal } from './support/terminal';
import { createWorkspace, openLauncher } from './support/workspace';

// Pointing at an element in the preview of a Vite + React project (the project's own Vite 8): the runtime adds a
// dev-only plugin to the dev server that marks elements with the line they are written on, the preview's bridge
// lets the user pick one, and the chat sends the agent where it is written and a picture of it.

const previewFrame = (page: Page) => page.frameLocator('iframe[title="Preview"]');
const SERVE_TIMEOUT_MS = 120_000;

test('an element picked in the preview reaches the agent with its file, line and picture; the build carries no marks', async ({ page }) => {
  test.setTimeout(300_000);
  await openLauncher(page);
  await createWorkspace(page, 'Point at it', 'Vite + React');
  const counter = previewFrame(page).getByRole('button', { name: /Count is 0/i });
  await expect(counter).toBeVisible({ timeout: SERVE_TIMEOUT_MS });

  const selectElement = region(page, 'Preview').getByRole('button', { name: 'Select element' });
  // Esc in the page ends picking without a choice.
  await selectElement.click();
  await expect(selectElement).toHaveAttribute('aria-pressed', 'true');
  await expect(region(page, 'Preview').getByRole('status')).toContainText('Esc cancels');
  await counter.press('Escape');
  await expect(selectElement).toHaveAttribute('aria-pressed', 'false');

  // The shortcut starts it too (from the IDE: keys pressed in the page are the page's); a click picks the element
  // instead of reaching the app.
  const composer = region(page, 'Agent').getByRole('textbox', { name: 'Message the agent' });
  await composer.focus();
  await page.keyboard.press('ControlOrMeta+Shift+E');
  await expect(selectElement).toHaveAttribute('aria-pressed', 'true');
  await counter.click();
  await expect(selectElement).toHaveAttribute('aria-pressed', 'false');
  await expect(counter, 'the click chose the element; the app never saw it').toHaveText(/Count is 0/i);

  const chip = region(page, 'Agent').getByRole('group', { name: 'Selected element' });
  await expect(chip).toContainText('<button>');
  await expect(composer, 'the composer is focused for what to do with it').toBeFocused();
  await expect(chip).toContainText('App');
  const line = Number((await chip.textContent())?.match(/src\/App\.jsx:(\d+)/)?.[1]);
  expect(line, 'the chip names the file and line').toBeGreaterThan(0);
  await expect(chip.getByRole('img', { name: /The selected element <button>/ })).toBeVisible();
  expect(await axeViolations(page, '[aria-label="Selected element"]')).toEqual([]);

  // That line of the file is where the button is written.
  await page.getByRole('button', { name: 'New terminal' }).click();
  const shell = terminal(page, 2);
  await shell.run(`sed -n '${line}p' src/App.jsx`, { output: '<button' });

  // The message carries the place and the picture.
  await composer.fill('Make this button green');
  const request = page.waitForRequest((r) => r.url().endsWith('/api/ai') && r.method() === 'POST');
  await composer.press('Enter');
  const body = (await request).postData() ?? '';
  expect(body).toContain(`It is written in src/App.jsx at line ${line}`);
  expect(body).toContain('Make this button green');
  expect(body).toMatch(/"url":"data:image\/png;base64,[A-Za-z0-9+/]{100,}/);
  await expect(chip, 'sent with the message, the chip goes').toHaveCount(0);

  // The marks are the dev server's only: the built app has none.
  await shell.run('npm run build', { output: /built in/, timeout: 180_000 });
  await shell.run('grep -rl data-tabsmith-loc dist || echo "no marks in dist"', { output: 'no marks in dist' });
});
