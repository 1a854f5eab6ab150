import { createRequire } from 'node:module';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { AGENT_TIMEOUT_MS, approveCommand, agent, conversation, sendPrompt, waitForAgentIdle } from './support/chat';
import { openByName, openIde, region } from './support/ide';
import { terminal } from './support/terminal';

/**
 * Checkpoints end to end with the replay model (tests/e2e/fixtures/replay/checkpoints.json): one agent turn
 * writes new.txt, edits edit.txt, deletes old.txt and installs a fixture package; its review lists exactly those
 * files with their line counts and diffs; restoring goes back in the runtime and the editor and can be undone;
 * a named checkpoint survives a reload and an export/import with history; rewinding drops the later messages;
 * text typed in a tab comes back with Undo restore.
 */
const SHOTS = '/work/notes/shots';

test.describe.configure({ timeout: 240_000 });

async function prepareFiles(page: Page): Promise<void> {
  const shell = terminal(page, 1);
  await shell.run(
    `printf 'line one\\nline two\\nline three\\n' > edit.txt && printf 'gone soon\\n' > old.txt && echo '{"name":"ck","version":"1.0.0"}' > package.json`,
  );
  await shell.run('cat edit.txt', { output: 'line three' });
}

/** WCAG 2.1 AA violations (axe) inside the open dialog named `name`. */
async function axeViolations(page: Page, name: string): Promise<string[]> {
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  return page.evaluate(async (dialogName) => {
    type Result = { violations: { id: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: Element, options: object) => Promise<Result> } }).axe;
    const dialog = [...document.querySelectorAll('dialog[open]')].find(
      (d) => d.getAttribute('aria-labelledby') && document.getElementById(d.getAttribute('aria-labelledby') ?? '')?.textContent?.startsWith(dialogName),
    );
    if (!dialog) return [`no open dialog named ${dialogName}`];
    const result = await axe.run(dialog, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, name);
}

function review(page: Page): Locator {
  return page.getByRole('dialog', { name: /^Changes of this turn/ });
}

function timeline(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Checkpoints' });
}

async function openTimeline(page: Page): Promise<Locator> {
  await agent(page).getByRole('button', { name: 'Checkpoints', exact: true }).click();
  await expect(timeline(page)).toBeVisible();
  return timeline(page);
}

test('a turn is reviewed file by file, restored in the runtime and the editor, and the restore is undone', async ({ page }) => {
  await openIde(page, { name: 'Checkpoint turn' });
  await prepareFiles(page);
  await openByName(page, 'edit', 'edit.txt');

  await sendPrompt(page, 'checkpoint demo turn');
  await approveCommand(page, 'npm install tabsmith-fixture-greet');
  await waitForAgentIdle(page);
  const lastAgent = conversation(page).getByRole('article', { name: 'Agent' }).last();
  await expect(lastAgent).toContainText('tabsmith-fixture-greet installed', { timeout: AGENT_TIMEOUT_MS });
  const reviewButton = lastAgent.getByRole('button', { name: /^Review changes of this turn/ });
  await expect(reviewButton).toBeVisible({ timeout: AGENT_TIMEOUT_MS });

  await reviewButton.click();
  const dialog = review(page);
  await expect(dialog).toBeVisible();
  const files = dialog.getByRole('list', { name: 'Changed files' }).getByRole('button');
  await expect(files.filter({ hasText: 'new.txt' })).toHaveAccessibleName('new.txt added +1 −0');
  await expect(files.filter({ hasText: 'edit.txt' })).toHaveAccessibleName('edit.txt modified +1 −1');
  await expect(files.filter({ hasText: 'old.txt' })).toHaveAccessibleName('old.txt deleted +0 −1');
  await expect(files.filter({ hasText: 'package.json' }).first()).toHaveAccessibleName(/^package\.json modified \+\d+ −1$/);
  // Exactly the turn's files: the install may also write a lock file, never anything under node_modules.
  const names = (await files.allTextContents()).map((text) => text.trim().split(' ')[0] ?? '');
  expect(names.filter((name) => name !== 'package-lock.json').sort()).toEqual(['edit.txt', 'new.txt', 'old.txt', 'package.json']);
  expect(names.some((name) => name.startsWith('node_modules'))).toBe(false);

  await files.filter({ hasText: 'edit.txt' }).click();
  const diff = dialog.getByRole('region', { name: 'Diff of edit.txt' });
  await expect(diff).toContainText('line 2');
  await expect(diff).toContainText('line two');
  await files.filter({ hasText: 'package.json' }).first().click();
  await expect(dialog.getByRole('region', { name: 'Diff of package.json' })).toContainText('tabsmith-fixture-greet');
  await files.filter({ hasText: 'edit.txt' }).click();
  await expect(diff).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/checkpoint-review.png` });
  expect(await axeViolations(page, 'Changes of this turn')).toEqual([]);

  await dialog.getByRole('button', { name: 'Restore all to before this turn' }).click();
  await page.getByRole('dialog', { name: 'Restore all files to before this turn?' }).getByRole('button', { name: 'Restore all' }).click();
  await expect(dialog.getByRole('button', { name: 'Undo restore' })).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Close the review' }).click();
  // Focus goes back to the button that opened the review.
  await expect(reviewButton).toBeFocused();

  const editor = region(page, 'Editor').getByRole('textbox', { name: 'Contents of edit.txt' });
  await expect(editor).toContainText('line two');
  const shell = terminal(page, 1);
  await shell.run('cat edit.txt old.txt', { output: 'gone soon' });
  await expect(shell.panel).toContainText('line two');
  await shell.run('ls', {});
  await expect.poll(async () => (await shell.panel.innerText()).split('$ ls').at(-1) ?? '').not.toContain('new.txt');

  // The restore is undoable: the turn's result comes back.
  await agent(page).getByRole('button', { name: 'Undo restore' }).click();
  await expect(editor).toContainText('line 2');
  await shell.run('cat new.txt', { output: 'fresh file' });
});

test('named checkpoints survive a reload and an export/import, and rewind drops the later messages', async ({ page }, testInfo) => {
  await openIde(page, { name: 'Checkpoint names' });
  await prepareFiles(page);
  await sendPrompt(page, 'checkpoint demo turn');
  await approveCommand(page, 'npm install tabsmith-fixture-greet');
  await waitForAgentIdle(page);
  await expect(conversation(page).getByRole('article', { name: 'Agent' }).last()).toContainText('installed', { timeout: AGENT_TIMEOUT_MS });

  let dialog = await openTimeline(page);
  await dialog.getByRole('button', { name: 'Save checkpoint…' }).click();
  await dialog.getByLabel('Name of the checkpoint').fill('Known good');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog.getByRole('listitem', { name: 'Known good (Named)' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Rename Known good' }).click();
  await dialog.getByLabel('New name for Known good').fill('Known good v1');
  await dialog.getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(dialog.getByRole('listitem', { name: 'Known good v1 (Named)' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/ckpt-ui-timeline.png` });
  expect(await axeViolations(page, 'Checkpoints')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(agent(page).getByRole('button', { name: 'Checkpoints', exact: true })).toBeFocused();

  await page.reload();
  await waitForAgentIdle(page);
  dialog = await openTimeline(page);
  await expect(dialog.getByRole('listitem', { name: 'Known good v1 (Named)' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close checkpoints' }).click();

  // Export with history, import: the named checkpoint comes along.
  await page.getByRole('button', { name: 'Workspaces' }).click();
  const workspaces = page.getByRole('dialog', { name: 'Workspaces' });
  await workspaces.getByRole('checkbox', { name: 'Include history' }).check();
  const downloading = page.waitForEvent('download');
  await workspaces.getByRole('button', { name: 'Export as zip' }).click();
  const zipPath = testInfo.outputPath('history.zip');
  await (await downloading).saveAs(zipPath);
  const exportedUrl = page.url();
  const choosing = page.waitForEvent('filechooser');
  await workspaces.getByRole('button', { name: 'Import zip' }).click();
  await (await choosing).setFiles(zipPath);
  await page.waitForURL((url) => url.href !== exportedUrl);
  dialog = await openTimeline(page);
  await expect(dialog.getByRole('listitem', { name: 'Known good v1 (Named)' })).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Close checkpoints' }).click();

  // Rewind, back in the first workspace: a second turn, then back to before it.
  await page.goto(exportedUrl);
  await waitForAgentIdle(page);
  await sendPrompt(page, 'and a second turn');
  await waitForAgentIdle(page);
  await expect(conversation(page).getByRole('article', { name: 'You' })).toHaveCount(2);
  dialog = await openTimeline(page);
  await dialog.getByRole('button', { name: 'Rewind conversation to here (before and a second turn)' }).click();
  await page.getByRole('dialog', { name: 'Rewind the conversation to here?' }).getByRole('button', { name: 'Rewind' }).click();
  await page.keyboard.press('Escape');
  await expect(conversation(page).getByRole('article', { name: 'You' })).toHaveCount(1);
  await expect(conversation(page)).not.toContainText('Second turn: nothing to change.');
});

test('text typed in a tab is saved when focus leaves it, so a restore replaces it and Undo restore brings it back', async ({ page }) => {
  await openIde(page, { name: 'Checkpoint typing' });
  await prepareFiles(page);
  await sendPrompt(page, 'checkpoint demo turn');
  await approveCommand(page, 'npm install tabsmith-fixture-greet');
  await waitForAgentIdle(page);
  const lastAgent = conversation(page).getByRole('article', { name: 'Agent' }).last();
  await expect(lastAgent).toContainText('installed', { timeout: AGENT_TIMEOUT_MS });
  await expect(lastAgent).toContainText('5 files changed');

  await openByName(page, 'edit', 'edit.txt');
  const editor = region(page, 'Editor').getByRole('textbox', { name: 'Contents of edit.txt' });
  await expect(editor).toContainText('line 2');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('my own words');

  // Opening the review moves focus out of the editor, which saves the tab before anything is restored.
  await lastAgent.getByRole('button', { name: /^Review changes of this turn/ }).click();
  const dialog = review(page);
  await dialog.getByRole('button', { name: 'Restore all to before this turn' }).click();
  await page.getByRole('dialog', { name: 'Restore all files to before this turn?' }).getByRole('button', { name: 'Restore all' }).click();
  await expect(dialog.getByRole('button', { name: 'Undo restore' })).toBeVisible({ timeout: 30_000 });
  // The review still shows what the turn did.
  await expect(dialog.getByRole('heading')).toContainText('5 files changed');
  await dialog.getByRole('button', { name: 'Close the review' }).click();
  await expect(editor).toContainText('line two');
  await expect(editor).not.toContainText('my own words');
  await expect(lastAgent).toContainText('5 files changed');

  await agent(page).getByRole('button', { name: 'Undo restore' }).click();
  await expect(editor).toContainText('my own words');
  await terminal(page, 1).run('cat edit.txt', { output: 'my own words' });
});

test('a turn that ends in an error offers to restore the files to before it', async ({ page }) => {
  await openIde(page, { name: 'Checkpoint error' });
  await prepareFiles(page);
  await page.route('**/api/ai', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'The model is unavailable.' }) }),
  );
  await sendPrompt(page, 'checkpoint demo turn');
  const failure = conversation(page).getByRole('alert');
  await expect(failure).toBeVisible({ timeout: AGENT_TIMEOUT_MS });
  await failure.getByRole('button', { name: 'Restore to before this turn' }).click();
  await page.getByRole('dialog', { name: 'Restore all files to before this turn?' }).getByRole('button', { name: 'Restore' }).click();
  await expect(agent(page).getByRole('status').filter({ hasText: 'Restored “checkpoint demo turn”' })).toBeVisible({ timeout: 30_000 });
  await expect(agent(page).getByRole('button', { name: 'Undo restore' })).toBeVisible();
});
