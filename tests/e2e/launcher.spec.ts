import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { AGENT_TIMEOUT_MS, agent, conversation, waitForAgentIdle } from './support/chat';
import { axeViolations } from './support/axe';
import { openIde } from './support/ide';
import { waitForWorkspace } from './support/workspace';

/**
 * The start page leads with "What do you want to build?": the prompt makes a workspace and the agent starts on
 * it (replay model: tests/e2e/fixtures/replay/launcher.json), once. The open IDE names its workspace in a top
 * bar, where it can be renamed, and in the page title.
 */
const PROMPT = 'A guestbook page where visitors sign with their name and a short message';
const REPLY = "I'll set up a guestbook";
const SHOTS = '/work/notes/shots';

const promptField = (page: Page) => page.getByRole('textbox', { name: 'What do you want to build?' });
const topBar = (page: Page) => page.getByRole('banner', { name: 'Workspace' });
const userMessages = (page: Page) => conversation(page).getByRole('article', { name: 'You' });
const agentMessages = (page: Page) => conversation(page).getByRole('article', { name: 'Agent' });

test('a prompt from the launcher opens a new workspace whose agent starts on it, and a reload does not send it again', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/?runtime=offline');
  await expect(page).toHaveTitle('Tabsmith');

  // An example fills the field, ready to send or edit.
  await page.getByRole('list', { name: 'Example prompts' }).getByRole('button').first().click();
  await expect(promptField(page)).toHaveValue(/^A to-do list/);
  await expect(promptField(page)).toBeFocused();

  // An empty prompt is refused with a reason, not sent.
  await promptField(page).fill('   ');
  await page.getByRole('button', { name: 'Start building' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Describe what you want to build first.' })).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]ws=/);

  await promptField(page).fill(PROMPT);
  const template = page.getByRole('combobox', { name: 'Start from' });
  await expect(template.locator('option:checked')).toHaveText('Vite + React');
  await template.selectOption({ label: 'Empty (the agent sets it up)' });
  await promptField(page).press('Enter');

  await page.waitForURL(/[?&]ws=/);
  await waitForWorkspace(page);
  await expect(userMessages(page)).toHaveCount(1, { timeout: AGENT_TIMEOUT_MS });
  await expect(userMessages(page).first()).toContainText(PROMPT);
  await expect(agentMessages(page).last()).toContainText(REPLY, { timeout: AGENT_TIMEOUT_MS });
  await waitForAgentIdle(page);

  // Named after the prompt, in the top bar and the title.
  const name = 'A guestbook page where visitors sign with their…';
  await expect(topBar(page).getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page).toHaveTitle(`${name} — Tabsmith`);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/launcher-ide-started-1440.png` });

  let asked = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/ai')) asked += 1;
  });
  await page.reload();
  await waitForWorkspace(page);
  await expect(agentMessages(page).last()).toContainText(REPLY, { timeout: AGENT_TIMEOUT_MS });
  await expect(agent(page).getByRole('textbox', { name: 'Message the agent' })).toBeEnabled();
  // Time enough for a resend to have started, had the prompt still been pending.
  await page.waitForTimeout(2_000);
  expect(asked).toBe(0);
  await expect(userMessages(page)).toHaveCount(1);
  await expect(agentMessages(page)).toHaveCount(1);
});

test('the top bar names the workspace and renames it in place; the page title follows', async ({ page }) => {
  test.setTimeout(120_000);
  await openIde(page, { name: 'Top bar workspace' });
  const bar = topBar(page);
  const heading = bar.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Top bar workspace');
  await expect(page).toHaveTitle('Top bar workspace — Tabsmith');

  // Esc cancels.
  await bar.getByRole('button', { name: 'Rename workspace' }).click();
  const field = bar.getByRole('textbox', { name: 'Workspace name' });
  await field.fill('Not kept');
  await field.press('Escape');
  await expect(heading).toHaveText('Top bar workspace');
  await expect(bar.getByRole('button', { name: 'Rename workspace' })).toBeFocused();

  // An empty name is refused, with a message, and the field stays open.
  await bar.getByRole('button', { name: 'Rename workspace' }).click();
  await field.fill('');
  await field.press('Enter');
  await expect(bar.getByRole('alert')).toHaveText('Give the workspace a name.');
  await expect(field).toBeVisible();

  // Enter saves: the bar, the title, and (after a reload) the stored name.
  await field.fill('Renamed in the bar');
  await field.press('Enter');
  await expect(heading).toHaveText('Renamed in the bar');
  await expect(page).toHaveTitle('Renamed in the bar — Tabsmith');
  await page.reload();
  await waitForWorkspace(page);
  await expect(topBar(page).getByRole('heading', { level: 1 })).toHaveText('Renamed in the bar');
  await expect(page).toHaveTitle('Renamed in the bar — Tabsmith');

  // The launcher lists it under its new name.
  await page.goto('/?runtime=offline');
  await expect(page.getByRole('list', { name: 'Saved workspaces' }).getByRole('listitem', { name: 'Renamed in the bar' })).toBeVisible();
  await expect(page).toHaveTitle('Tabsmith');
  await launcherShots(page);
});

test('the launcher has no WCAG 2.1 AA violations (axe), light and dark', async ({ page }) => {
  const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto('/?runtime=offline');
    await expect(promptField(page)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Saved workspaces' }).or(page.getByText('No workspaces yet.'))).toBeVisible();
    await page.addScriptTag({ path: axePath });
    const violations = await page.evaluate(async () => {
      type Result = { violations: { id: string; nodes: { target: string[] }[] }[] };
      const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<Result> } }).axe;
      const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
      return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
    expect(violations, colorScheme).toEqual([]);
  }
});

/** Screenshots of the start page for people reviewing its design: wide and phone, dark and light. */
async function launcherShots(page: Page): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await promptField(page).fill('A pomodoro timer with a progress ring and a sound when time is up');
  for (const [colorScheme, width, height] of [
    ['dark', 1440, 900],
    ['light', 1440, 900],
    ['dark', 390, 844],
    ['light', 390, 844],
  ] as const) {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/launcher-${width}-${colorScheme}.png`, fullPage: width < 500 });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('with no key for the agent, the launcher says so before it makes a workspace: Settings opens there, or the workspace starts without the agent', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The replay model needs no key; a Gemini model chosen for Balanced mode (a new conversation's) does.
  await openIde(page);
  await page.keyboard.press('ControlOrMeta+Comma');
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('combobox', { name: 'Balanced mode model' }).selectOption({ label: 'gemini-3.8-flash' });
  await settings.getByRole('button', { name: 'Close' }).click();

  await page.goto('/?runtime=offline');
  const notice = page.getByRole('note', { name: 'Agent key' });
  await expect(notice).toContainText('No Google Gemini API key: Balanced mode cannot run until you add your key in Settings.');
  await promptField(page).fill(PROMPT);
  await page.getByRole('button', { name: 'Start building' }).click();
  const alert = page.getByRole('alert', { name: 'Agent key' });
  await expect(alert).toContainText('or create the workspace from its template without the agent');
  await expect(page, 'no workspace is made before the user chooses').not.toHaveURL(/[?&]ws=/);
  expect(await axeViolations(page)).toEqual([]);

  // Settings opens on the launcher itself.
  await alert.getByRole('button', { name: 'Open Settings' }).click();
  await expect(settings.getByLabel('Google Gemini API key', { exact: true })).toBeVisible();
  await settings.getByRole('button', { name: 'Close' }).click();
  await expect(settings).toBeHidden();

  await alert.getByRole('button', { name: 'Create without the agent' }).click();
  await waitForWorkspace(page);
  await expect(agent(page).getByRole('note', { name: 'Model and key' })).toContainText('No Google Gemini API key');
  await expect(userMessages(page), 'the prompt was not sent to an agent that cannot answer').toHaveCount(0);
});
