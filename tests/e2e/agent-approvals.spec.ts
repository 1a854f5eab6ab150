import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { AGENT_TIMEOUT_MS, agent, conversation, sendPrompt, toolCall, waitForAgentIdle } from './support/chat';
import { openIde } from './support/ide';
import { treeItem } from './support/workspace';

/**
 * The agent asks before risky commands (tests/e2e/fixtures/replay/approvals.json): under the default policy a
 * harmless command runs at once and `rm -rf` waits for the user, who can deny it (the model is told and
 * answers), allow it for good (it then runs without asking), and switch the workspace to asking before every
 * command in Settings.
 */
const approvalCard = (page: Page) => conversation(page).getByRole('region', { name: 'Approve this command?' });
/** With TABSMITH_SHOTS_DIR set, keeps a picture of the step for people reviewing the approvals. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.TABSMITH_SHOTS_DIR;
  if (dir) await page.screenshot({ path: join(dir, `approvals-${name}.png`) });
}
const answers = (page: Page) => conversation(page).getByRole('article', { name: 'Agent' });

test('risky commands wait for approval: deny, always allow, and a stricter policy from Settings', async ({ page }) => {
  await openIde(page, { name: 'Approvals' });
  await sendPrompt(page, 'approvals: tidy the workspace');

  // The harmless command ran without a card; the destructive one waits, with the exact command and why.
  await expect(approvalCard(page)).toBeVisible({ timeout: AGENT_TIMEOUT_MS });
  await expect(toolCall(page, 'run.sh', 'mkdir -p old-build && echo built > old-build/app.js')).toContainText('exit code 0');
  await expect(treeItem(page, 'old-build')).toBeVisible();
  await expect(approvalCard(page).getByLabel('Command to approve')).toHaveText('rm -rf old-build');
  await expect(approvalCard(page)).toContainText('It deletes or discards files or history.');
  await expect(toolCall(page, 'run.sh', 'rm -rf old-build')).toContainText('waiting for approval');
  // The run is paused, not over: Stop is offered in place of Send.
  await expect(agent(page).getByRole('button', { name: 'Stop', exact: true })).toBeVisible();
  // Said where a screen reader hears it, with a way to the card for the keyboard.
  await expect(conversation(page).getByRole('status').filter({ hasText: 'The agent waits for your approval to run rm -rf old-build.' })).toBeVisible();
  await conversation(page).getByRole('button', { name: 'Go to the request' }).click();
  await expect(approvalCard(page).getByRole('button', { name: 'Approve' })).toBeFocused();
  expect(await axeViolations(page, '[aria-label="Conversation"]')).toEqual([]);
  await shot(page, 'card');

  // Nothing has run, so a reload keeps the question: the card is answered after it.
  await page.reload();
  await expect(approvalCard(page).getByLabel('Command to approve')).toHaveText('rm -rf old-build', { timeout: AGENT_TIMEOUT_MS });

  await approvalCard(page).getByRole('button', { name: 'Deny' }).click();
  await expect(answers(page).last()).toContainText('Understood: old-build stays.', { timeout: AGENT_TIMEOUT_MS });
  await expect(toolCall(page, 'run.sh', 'rm -rf old-build')).toContainText('Denied by you: not run.');
  await waitForAgentIdle(page);
  await expect(treeItem(page, 'old-build')).toBeVisible();

  await sendPrompt(page, 'please remove it after all');
  await expect(approvalCard(page)).toBeVisible({ timeout: AGENT_TIMEOUT_MS });
  await approvalCard(page).getByRole('button', { name: 'Always allow this command here' }).click();
  await expect(answers(page).last()).toContainText('Removed old-build.', { timeout: AGENT_TIMEOUT_MS });
  await waitForAgentIdle(page);
  await expect(treeItem(page, 'old-build')).toHaveCount(0);

  // Allowed for good: the same command runs at once.
  await sendPrompt(page, 'and once more, to be sure');
  await expect(answers(page).last()).toContainText('nothing else to remove', { timeout: AGENT_TIMEOUT_MS });
  await waitForAgentIdle(page);
  await expect(approvalCard(page)).toHaveCount(0);
  await expect(conversation(page).getByRole('group', { name: 'run.sh rm -rf old-build', exact: true }).last()).toContainText('exit code 0');

  // Settings lists the allowed command; removing it and asking before every command makes even `ls` ask.
  await page.keyboard.press('ControlOrMeta+Comma');
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const approvals = settings.getByRole('region', { name: 'Approvals in this workspace' });
  await expect(approvals.getByRole('list', { name: 'Commands always allowed here' })).toContainText('rm -rf old-build');
  await approvals.getByRole('button', { name: 'Remove rm -rf old-build' }).click();
  await expect(approvals.getByRole('list', { name: 'Commands always allowed here' })).toHaveCount(0);
  await expect(approvals.getByRole('radio', { name: 'Ask before installs, network and destructive commands' })).toBeChecked();
  await approvals.getByRole('radio', { name: 'Ask before every command' }).check();
  expect(await axeViolations(page, '[aria-label="Settings"]')).toEqual([]);
  await shot(page, 'settings');
  await settings.getByRole('button', { name: 'Close' }).click();

  await sendPrompt(page, 'list what is left');
  await expect(approvalCard(page).getByLabel('Command to approve')).toHaveText('ls', { timeout: AGENT_TIMEOUT_MS });
  await approvalCard(page).getByRole('button', { name: 'Approve' }).click();
  await expect(answers(page).last()).toContainText('The workspace is tidy.', { timeout: AGENT_TIMEOUT_MS });
  await expect(agent(page).getByRole('group', { name: 'run.sh ls', exact: true })).toContainText('exit code 0');

  // The policy is the workspace's own and survives a reload.
  // Reloaded right after the answer, before its write to IndexedDB could commit: nothing of the turn is lost.
  await page.reload();
  await waitForAgentIdle(page);
  await expect(agent(page).getByRole('group', { name: 'run.sh ls', exact: true })).toContainText('exit code 0');
  await expect(answers(page).last()).toContainText('The workspace is tidy.');
  await page.keyboard.press('ControlOrMeta+Comma');
  await expect(page.getByRole('dialog', { name: 'Settings' }).getByRole('radio', { name: 'Ask before every command' })).toBeChecked({
    timeout: AGENT_TIMEOUT_MS,
  });
  await page.keyboard.press('Escape');

  // Stop while a card waits ends the run: the command never runs and the card goes.
  await sendPrompt(page, 'and clear tmp');
  await expect(approvalCard(page).getByLabel('Command to approve')).toHaveText('rm -rf tmp', { timeout: AGENT_TIMEOUT_MS });
  await agent(page).getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(approvalCard(page)).toHaveCount(0);
  await expect(toolCall(page, 'run.sh', 'rm -rf tmp')).toContainText('Stopped by the user.');
  await waitForAgentIdle(page);
});
