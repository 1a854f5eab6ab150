import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { region } from './support/ide';
import { terminal } from './support/terminal';
import { importTemplate } from './support/vite-template';
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

  const chip = region(page, 'Agent').getByRole('group', { name: 'Selected element', exact: true });
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

  await askForGreenButton(page, 'Make this button green', 'src/App.jsx', line);
  await expect(chip, 'sent with the message, the chip goes').toHaveCount(0);
  await expect(counter).toHaveCSS('background-color', 'rgb(22, 163, 74)', { timeout: 15_000 });

  // The marks are the dev server's only: the built app has none.
  await shell.run('npm run build', { output: /built in/, timeout: 180_000 });
  await shell.run('grep -rl data-tabsmith-loc dist || echo "no marks in dist"', { output: 'no marks in dist' });
});

test('a picked element is edited directly: its text and colour written to the source, shown by the dev server, no model asked, undone by its checkpoint', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await openLauncher(page);
  await createWorkspace(page, 'Edit it here', 'Vite + React');
  const heading = previewFrame(page).getByRole('heading', { name: 'Get started' });
  await expect(heading).toBeVisible({ timeout: SERVE_TIMEOUT_MS });
  const modelRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/ai')) modelRequests.push(request.url());
  });

  const { chip, panel } = await headingMadeGreen(page, heading);
  await expect(panel.getByRole('status')).toContainText(/Written to src\/App\.jsx at line \d+/);
  expect(await axeViolations(page, '[aria-label="Selected element"]')).toEqual([]);

  // The dev server shows it; the source holds it, as a normal edit the editor has open.
  const edited = previewFrame(page).getByRole('heading', { name: 'Get pointing' });
  await expect(edited).toBeVisible({ timeout: 15_000 });
  await expect(edited).toHaveCSS('color', 'rgb(22, 163, 74)');
  await expect(page.getByRole('textbox', { name: 'Contents of App.jsx' })).toContainText("<h1 style={{ color: '#16a34a' }}>Get pointing</h1>");
  expect(modelRequests, 'a direct edit asks no model').toEqual([]);

  // What it cannot write is refused with the reason, and offered to the agent.
  await region(page, 'Preview').getByRole('button', { name: 'Select element' }).click();
  await previewFrame(page)
    .getByRole('button', { name: /Count is 0/i })
    .click();
  await expect(chip).toContainText('<button>');
  await chip.getByRole('button', { name: 'Edit directly' }).click();
  await panel.getByLabel('Text', { exact: true }).fill('Clicks');
  await panel.getByRole('button', { name: 'Apply to source' }).click();
  await expect(panel.getByRole('alert')).toContainText('its text is built from code');
  await panel.getByRole('button', { name: 'Ask the agent instead' }).click();
  await expect(region(page, 'Agent').getByRole('textbox', { name: 'Message the agent' })).toHaveValue('Change the selected element: text "Clicks".');

  // Undo: the checkpoint taken before the edit.
  await restoreBeforeVisualEdit(page, 'src/App.jsx');
  await expect(heading).toBeVisible({ timeout: 15_000 });
});

/**
 * Sends `prompt` about the picked counter: the request carries the place and the picture, and the agent (a recorded
 * session) answers once its edit of that element is written.
 */
async function askForGreenButton(page: Page, prompt: string, file: string, line: number): Promise<void> {
  const composer = region(page, 'Agent').getByRole('textbox', { name: 'Message the agent' });
  await composer.fill(prompt);
  // The agent's edit is checked here, not the project's lint and tests.
  await region(page, 'Agent').getByRole('checkbox', { name: 'Check work' }).uncheck();
  const request = page.waitForRequest((r) => r.url().endsWith('/api/ai') && r.method() === 'POST');
  await composer.press('Enter');
  const body = (await request).postData() ?? '';
  expect(body).toContain(`It is written in ${file} at line ${line}`);
  expect(body).toContain(prompt);
  expect(body).toMatch(/"url":"data:image\/png;base64,[A-Za-z0-9+/]{100,}/);
  await expect(region(page, 'Agent').getByRole('article', { name: 'Agent' }).last()).toContainText('the Count button is green now', { timeout: 60_000 });
}

/** Restores the checkpoint taken before the last direct edit of an <h1> in `file`. */
async function restoreBeforeVisualEdit(page: Page, file: string): Promise<void> {
  await region(page, 'Agent').getByRole('button', { name: 'Checkpoints', exact: true }).click();
  const timeline = page.getByRole('dialog', { name: 'Checkpoints' });
  await timeline.getByRole('button', { name: new RegExp(`^Restore Before a visual edit of <h1> in ${file.replace(/[./]/g, '\\$&')}:\\d+$`) }).click();
  await page
    .getByRole('dialog', { name: /^Restore “Before a visual edit/ })
    .getByRole('button', { name: 'Restore' })
    .click();
}

/** Picks `heading` and, in the direct-edit panel, changes its text to "Get pointing" and its colour to green. */
async function headingMadeGreen(page: Page, heading: Locator): Promise<{ chip: Locator; panel: Locator }> {
  await region(page, 'Preview').getByRole('button', { name: 'Select element' }).click();
  await heading.click();
  const chip = region(page, 'Agent').getByRole('group', { name: 'Selected element', exact: true });
  await expect(chip).toContainText('<h1>');
  await chip.getByRole('button', { name: 'Edit directly' }).click();
  const panel = chip.getByRole('group', { name: 'Edit the selected element' });
  await panel.getByLabel('Text', { exact: true }).fill('Get pointing');
  await panel.getByLabel('Text colour').fill('#16a34a');
  await panel.getByRole('button', { name: 'Apply to source' }).click();
  return { chip, panel };
}

/** Picks the preview's counter button and returns the line the chip names in `file`. */
async function pickCounter(page: Page, file: RegExp): Promise<number> {
  await region(page, 'Preview').getByRole('button', { name: 'Select element' }).click();
  await previewFrame(page)
    .getByRole('button', { name: /Count is 0/i })
    .click();
  const chip = region(page, 'Agent').getByRole('group', { name: 'Selected element', exact: true });
  await expect(chip).toContainText('<button>');
  const line = Number((await chip.textContent())?.match(new RegExp(`${file.source}:(\\d+)`))?.[1]);
  expect(line, `the chip names ${file.source} and a line`).toBeGreaterThan(0);
  return line;
}

// Templates are marked too, read with the project's own compiler (Vue's <template>, Svelte's markup), and the JSX
// of Preact and Solid, whose plugins compile it their own way (Solid's style object takes CSS property names).
const TEMPLATE_WRITTEN = `<h1 style="color: #16a34a">Get pointing</h1>`;
/** As grep reads it: `.` stands for the quotes around the colour. */
const JSX_WRITTEN = `<h1 style={{ color: .#16a34a. }}>Get pointing</h1>`;
for (const { template, file, component, headingFile, written } of [
  {
    template: 'vue-ts',
    file: 'src/components/HelloWorld.vue',
    component: 'HelloWorld',
    headingFile: 'src/components/HelloWorld.vue',
    written: TEMPLATE_WRITTEN,
  },
  { template: 'svelte-ts', file: 'src/lib/Counter.svelte', component: null, headingFile: 'src/App.svelte', written: TEMPLATE_WRITTEN },
  { template: 'preact', file: 'src/app.jsx', component: null, headingFile: 'src/app.jsx', written: JSX_WRITTEN },
  { template: 'solid', file: 'src/App.jsx', component: null, headingFile: 'src/App.jsx', written: JSX_WRITTEN },
]) {
  const asked = template === 'vue-ts';
  const title = asked
    ? `${template}: an element picked in the preview names its line in ${file} and the agent edits it when asked; a heading edited directly is undone by its checkpoint`
    : `${template}: an element picked in the preview names its line in ${file}, and a heading edited directly is undone in the editor`;
  test(title, async ({ page }, info) => {
    test.setTimeout(300_000);
    const shell = await importTemplate(page, info, template);
    await shell.start('npm run dev');
    await expect(previewFrame(page).getByRole('button', { name: /Count is 0/i })).toBeVisible({ timeout: SERVE_TIMEOUT_MS });
    const line = await pickCounter(page, new RegExp(file.replace(/[./]/g, '\\$&')));
    if (component) await expect(region(page, 'Agent').getByRole('group', { name: 'Selected element', exact: true })).toContainText(component);
    await page.getByRole('button', { name: 'New terminal' }).click();
    await terminal(page, 2).run(`sed -n '${line}p' ${file}`, { output: '<button' });
    if (asked) {
      // Asked about, the agent edits that element of the template.
      await askForGreenButton(page, 'Make this Vue button green', file, line);
      await expect(previewFrame(page).getByRole('button', { name: /Count is 0/i })).toHaveCSS('background-color', 'rgb(22, 163, 74)', { timeout: 15_000 });
    }

    // The template's element is edited directly too (Vue's parser, Svelte's): its text, and a colour in its static style.
    const heading = previewFrame(page).getByRole('heading', { name: 'Get started' });
    const { panel } = await headingMadeGreen(page, heading);
    await expect(panel.getByRole('status')).toContainText(`Written to ${headingFile}`);
    const edited = previewFrame(page).getByRole('heading', { name: 'Get pointing' });
    await expect(edited).toHaveCSS('color', 'rgb(22, 163, 74)', { timeout: 15_000 });
    await terminal(page, 2).run(`grep -c '${written}' ${headingFile} | sed 's/^/lines written: /'`, {
      output: 'lines written: 1',
    });
    if (!asked) {
      // The editor's Undo takes it back as it does any edit; saved, the dev server shows the old heading again.
      const editor = page.getByRole('textbox', { name: `Contents of ${headingFile.slice(headingFile.lastIndexOf('/') + 1)}` });
      await editor.click();
      await page.keyboard.press('ControlOrMeta+z');
      await expect(editor).toContainText('<h1>Get started</h1>');
      await page.keyboard.press('ControlOrMeta+s');
      await expect(heading).toBeVisible({ timeout: 15_000 });
      return;
    }
    await restoreBeforeVisualEdit(page, headingFile);
    await expect(heading).toBeVisible({ timeout: 15_000 });
  });
}
