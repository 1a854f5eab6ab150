import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { agent, conversation, sendPrompt, waitForAgentIdle } from './support/chat';
import { openByName, openIde, region } from './support/ide';

const KEY = 'AIza-e2e-own-key-0001';

function settingsDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Settings' });
}

async function openSettings(page: Page) {
  await page.keyboard.press('ControlOrMeta+Comma');
  await expect(settingsDialog(page)).toBeVisible();
  return settingsDialog(page);
}

/** With TABSMITH_SHOTS_DIR set, keeps a picture of the step for people reviewing the settings. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.TABSMITH_SHOTS_DIR;
  if (dir) await page.screenshot({ path: join(dir, `settings-${name}.png`) });
}

/** The API keys the loopback Gemini was called with. */
async function keysSeenByGemini(): Promise<string[]> {
  const response = await fetch(`${process.env.TABSMITH_FAKE_GEMINI_URL}/__keys`);
  return (await response.json()) as string[];
}

test.describe('settings', () => {
  test('theme, font size and tab width apply at once and survive a reload; the dialog passes axe', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await openIde(page, { template: 'Static HTML + JS' });
    await openByName(page, 'main', 'main.js');
    const text = region(page, 'Editor').getByRole('textbox', { name: 'Contents of main.js' });
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await background()).toBe('rgb(30, 31, 34)');

    const dialog = await openSettings(page);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await axeViolations(page, 'dialog[open]')).toEqual([]);
    }
    await dialog.getByRole('radio', { name: 'Light' }).check();
    await expect.poll(background).toBe('rgb(247, 247, 248)');
    await dialog.getByRole('spinbutton', { name: 'Editor font size (px)' }).fill('18');
    await expect(text).toHaveCSS('font-size', '18px');
    await dialog.getByRole('combobox', { name: 'Tab width' }).selectOption('4');
    await shot(page, 'appearance-light');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await text.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Home');
    await page.keyboard.press('Tab');
    await page.keyboard.type('indented();');
    await expect(text).toContainText('    indented();');

    // The stored theme is on <html> before anything is painted (no dark flash on a dark system): by the time the
    // parser reaches <body>, before any of the app's code has run.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        (window as { themeAtFirstPaint?: string }).themeAtFirstPaint = document.documentElement.dataset.theme ?? 'none';
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await expect(region(page, 'Editor').getByRole('tab', { name: 'main.js' })).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as { themeAtFirstPaint?: string }).themeAtFirstPaint)).toBe('light');
    await expect.poll(background).toBe('rgb(247, 247, 248)');
    const again = await openSettings(page);
    await expect(again.getByRole('radio', { name: 'Light' })).toBeChecked();
    await expect(again.getByRole('spinbutton', { name: 'Editor font size (px)' })).toHaveValue('18');
    await expect(again.getByRole('combobox', { name: 'Tab width' })).toHaveValue('4');
    await again.getByRole('radio', { name: 'Same as the system' }).check();
    await expect.poll(background).toBe('rgb(30, 31, 34)');
  });

  test("a model chosen per mode and the user's own key: the chat says so before the first message, the test connection and the message use the key", async ({
    page,
  }) => {
    await openIde(page);
    const notice = agent(page).getByRole('note', { name: 'Model and key' });
    await expect(notice).toHaveText(/Balanced mode plays recorded sessions \(replay\): no API key needed/);

    const dialog = await openSettings(page);
    await dialog.getByRole('button', { name: 'Test connection for Fast mode' }).click();
    await expect(dialog.getByText(/Connected: replay answered “OK” in \d+ ms, using no key/)).toBeVisible();

    // Only models Gemini still serves are offered: the retired 2.5 and 3.5 Flash are not.
    const balancedModel = dialog.getByRole('combobox', { name: 'Balanced mode model' });
    await expect(balancedModel.getByRole('option', { name: 'gemini-3.8-flash', exact: true })).toHaveCount(1);
    for (const retired of ['gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-3.5-flash'])
      await expect(balancedModel.getByRole('option', { name: retired, exact: true })).toHaveCount(0);
    await balancedModel.selectOption({ label: 'gemini-3.8-flash' });
    await expect(notice).toHaveText(/No Google Gemini API key: Balanced mode cannot run until you add your key in Settings/);

    const keyField = dialog.getByLabel('Google Gemini API key', { exact: true });
    await keyField.fill('short');
    await dialog.getByRole('button', { name: 'Save key (Google Gemini)' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(/at least 8 characters/);
    await keyField.fill(KEY);
    await keyField.press('Enter');
    await expect(dialog.getByText('Saved in this browser, ending in “0001”')).toBeVisible();
    await expect(notice).toHaveText(/Balanced mode runs gemini-3.8-flash with your Google Gemini key \(kept in this browser\)/);

    await dialog.getByRole('button', { name: 'Test connection for Balanced mode' }).click();
    await expect(
      dialog.getByText(/Connected: gemini-3.8-flash answered “Hello from gemini-3.8-flash, called with your key.” in \d+ ms, using your key/),
    ).toBeVisible();
    expect(await keysSeenByGemini()).toContain(KEY);
    await shot(page, 'agent');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The key goes with the request as a header, never in the body, and comes back as whose key answered.
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/ai') && request.method() === 'POST');
    await sendPrompt(page, 'Say hello');
    const request = await sent;
    expect(request.headers()['x-tabsmith-api-key']).toBe(KEY);
    expect(request.headers()['x-tabsmith-model']).toBe('gemini-3.8-flash');
    expect(request.postData() ?? '').not.toContain(KEY);
    await waitForAgentIdle(page);
    const answer = conversation(page).getByRole('article', { name: 'Agent' }).last();
    await expect(answer).toContainText('Hello from gemini-3.8-flash, called with your key.');
    await expect(answer.getByLabel('Model and key')).toHaveText('gemini-3.8-flash · your key');
    await shot(page, 'answer');

    await page.reload();
    await expect(conversation(page).getByRole('article', { name: 'Agent' })).toHaveCount(1, { timeout: 30_000 });
    const kept = await openSettings(page);
    await expect(kept.getByRole('combobox', { name: 'Balanced mode model' })).toHaveValue('gemini\ngemini-3.8-flash');
    await expect(kept.getByText('Saved in this browser, ending in “0001”')).toBeVisible();
    await kept.getByRole('button', { name: 'Remove key (Google Gemini)' }).click();
    await expect(kept.getByLabel('Google Gemini API key', { exact: true })).toBeVisible();

    // Without the key, a message fails with a card that says so in a readable line, and leads to Settings.
    await page.keyboard.press('Escape');
    await expect(kept).toBeHidden();
    await sendPrompt(page, 'Say hello again');
    const card = agent(page).getByRole('alert').filter({ hasText: 'needs a Gemini API key' });
    await expect(card).toBeVisible({ timeout: 30_000 });
    for (const width of [1440, 1024, 390]) {
      await page.setViewportSize({ width, height: 900 });
      // A phone shows one pane at a time: the card is under the Agent tab, and stays there across the switch.
      if (width === 390) await page.getByRole('tablist', { name: 'Panes' }).getByRole('tab', { name: 'Agent', exact: true }).click();
      await expect(card).toBeVisible();
      if (width === 390) await shot(page, 'error-card-390');
      const [cardBox, textBox] = await Promise.all([card.boundingBox(), card.locator('p').first().boundingBox()]);
      // The sentence spans the card (its buttons wrap below it), not a column of single letters beside them.
      expect((textBox?.width ?? 0) / (cardBox?.width ?? 1), `at ${width} px`).toBeGreaterThan(0.8);
    }
    await card.getByRole('button', { name: 'Open Settings' }).click();
    await expect(settingsDialog(page)).toBeVisible();
  });
});
