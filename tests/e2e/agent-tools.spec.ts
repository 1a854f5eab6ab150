import { expect, test } from '@playwright/test';
import { AGENT_TIMEOUT_MS, conversation, sendPrompt, toolCall, waitForAgentIdle } from './support/chat';
import { openIde, region } from './support/ide';

/**
 * The agent's tools in the browser, with the replay model (recorded sessions in tests/e2e/fixtures/replay)
 * and the offline runtime: rejected calls get cards with their reasons, search then edit changes the found
 * line, and preview_logs reads what a running app logged.
 */
test.describe('agent tools', () => {
  test('an unknown tool, malformed arguments and schema-failing arguments each show a card with the reason', async ({ page }) => {
    await openIde(page);
    await sendPrompt(page, 'try three broken tool calls');

    const unknown = conversation(page).getByRole('group', { name: 'fs_nuke', exact: true });
    await expect(unknown).toContainText('rejected', { ignoreCase: true, timeout: AGENT_TIMEOUT_MS });
    await expect(unknown).toContainText('Rejected: unknown tool fs_nuke; available: fs_writeFile, fs_readFile');

    const malformed = conversation(page).getByRole('group', { name: 'fs.writeFile', exact: true });
    await expect(malformed).toContainText('Rejected: arguments for fs_writeFile are not valid JSON');
    await expect(malformed.getByLabel('Arguments sent')).toContainText('"path": "notes.txt"');

    const mismatch = conversation(page).getByRole('group', { name: 'fs.readFile', exact: true });
    await expect(mismatch).toContainText('Rejected: fs_readFile: arguments did not match the schema: path is required');

    // The model got the reasons and answered after them, in the same run: the recording plays this answer only
    // when the request carries the three rejections as tool results (its `needs`).
    await waitForAgentIdle(page);
    await expect(conversation(page).getByRole('article', { name: 'Agent' }).last()).toContainText('All three calls were rejected');
    await expect(conversation(page)).not.toContainText('The model request failed');
    // Rejected calls change nothing, and the turn says so rather than offering an empty review.
    const reply = conversation(page).getByRole('article', { name: 'Agent' }).last();
    await expect(reply.getByText('No files changed')).toBeVisible();
    await expect(reply.getByRole('button', { name: /Review changes/ })).toHaveCount(0);

    const shots = process.env.TABSMITH_SHOTS_DIR;
    if (shots) await region(page, 'Agent').screenshot({ path: `${shots}/tool-failures.png` });
  });

  test('fs_search finds a line and fs_editFile changes it', async ({ page }) => {
    await openIde(page);
    await sendPrompt(page, 'find the banner text and change it');

    const search = toolCall(page, 'fs.search', 'hello there in src/**/*.js');
    await expect(search).toContainText('1 matches in 1 files', { timeout: AGENT_TIMEOUT_MS });
    await expect(search.getByRole('list', { name: 'Matches' })).toContainText("src/message.js:2 export const banner = 'Hello there, visitor';");

    const edit = toolCall(page, 'fs.editFile', 'src/message.js');
    const diff = edit.getByLabel('Changes to src/message.js');
    await expect(diff).toContainText("-export const banner = 'Hello there, visitor';", { timeout: AGENT_TIMEOUT_MS });
    await expect(diff).toContainText("+export const banner = 'Welcome back, visitor';");
    await waitForAgentIdle(page);
  });

  test('preview_logs returns the error the running app logged', async ({ page }) => {
    await openIde(page);
    await sendPrompt(page, 'check what the app logs');

    const preview = page.frameLocator('iframe[title="Preview"]');
    await expect(preview.getByText('Logs fixture')).toBeVisible({ timeout: AGENT_TIMEOUT_MS });
    const logs = conversation(page).getByRole('group', { name: 'preview.logs', exact: true });
    const list = logs.getByRole('list', { name: 'Preview logs' });
    await expect(list).toContainText('[error] boom: the widget failed to render', { timeout: AGENT_TIMEOUT_MS });
    await expect(list).toContainText('[log] app started');
    await expect(list).toContainText('/missing.json → 404');
    await expect(list).toContainText('[rejection] Error: rejected in the preview');
    await waitForAgentIdle(page);
  });
});
