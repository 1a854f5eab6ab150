import { expect, test } from '@playwright/test';
import { AGENT_TIMEOUT_MS, approveCommand, agent, chooseMode, conversation, sendPrompt, toolCall, waitForAgentIdle } from './support/chat';
import { openIde, region } from './support/ide';
import { treeItem } from './support/workspace';

/**
 * The agent end to end: the replay model (TABSMITH_MODEL_PROVIDER=replay, recordings in
 * tests/e2e/fixtures/replay) plays recorded Gemini streams through the real route, and the tab executes
 * the tool calls in the offline runtime. Each recording is chosen by a phrase in the prompt.
 */
test.describe('agent chat', () => {
  test('a recorded session scaffolds a server: files appear, the package installs, the preview shows it', async ({ page }) => {
    await openIde(page);
    await sendPrompt(page, 'make a tiny hello server');

    await expect(toolCall(page, 'fs.writeFile', 'server.js')).toContainText('done', { ignoreCase: true, timeout: AGENT_TIMEOUT_MS });
    await expect(treeItem(page, 'server.js')).toBeVisible();
    await expect(treeItem(page, 'package.json')).toBeVisible();
    await expect(conversation(page).getByRole('list', { name: 'Plan steps' }).getByRole('checkbox')).not.toHaveCount(0);
    // Installs ask first under the default policy.
    await approveCommand(page, 'npm install tabsmith-fixture-greet');
    await expect(toolCall(page, 'install.npm', 'tabsmith-fixture-greet')).toContainText('exit code 0', { timeout: AGENT_TIMEOUT_MS });
    await waitForAgentIdle(page);

    const preview = page.frameLocator('iframe[title="Preview"]');
    await expect(preview.getByText('Hello from the agent')).toBeVisible({ timeout: AGENT_TIMEOUT_MS });
  });

  test('a one-line fs_editFile shows as a diff that opens the file', async ({ page }) => {
    await openIde(page);
    await sendPrompt(page, 'change the greeting');

    const edit = toolCall(page, 'fs.editFile', 'greeting.js');
    const diff = edit.getByLabel('Changes to greeting.js');
    await expect(diff).toContainText("-const greeting = 'Hello, ' + name + '!';", { timeout: AGENT_TIMEOUT_MS });
    await expect(diff).toContainText("+const greeting = 'Howdy, ' + name + '!';");
    await waitForAgentIdle(page);

    await edit.getByRole('button', { name: 'Open greeting.js' }).click();
    await expect(page.getByRole('tablist', { name: 'Open files' }).getByRole('tab', { name: /^greeting\.js/ })).toHaveAttribute('aria-selected', 'true');
    await expect(region(page, 'Editor')).toContainText('Howdy');
  });

  test('a failing command returns its error to the model, which reports it', async ({ page }) => {
    await openIde(page);
    await sendPrompt(page, 'run the broken script');

    const run = toolCall(page, 'run.sh', 'node missing-file.js');
    await expect(run).toContainText('Error: exit code 1', { timeout: AGENT_TIMEOUT_MS });
    await expect(run.getByLabel('Command output')).toContainText('missing-file.js');
    await waitForAgentIdle(page);
    await expect(conversation(page).getByRole('article', { name: 'Agent' }).last()).toContainText('The command failed');
  });

  test('the step cap stops a Fast run and Continue resumes it', async ({ page }) => {
    await openIde(page);
    await chooseMode(page, 'Fast');
    await sendPrompt(page, 'count to ten');

    const limit = conversation(page).getByText('Step limit reached (3 steps in Fast mode)');
    await expect(limit).toBeVisible({ timeout: AGENT_TIMEOUT_MS });
    await expect(toolCall(page, 'run.sh', 'echo step 3')).toBeVisible();
    await expect(toolCall(page, 'run.sh', 'echo step 4')).toHaveCount(0);

    await conversation(page).getByRole('button', { name: 'Continue' }).click();
    await expect(toolCall(page, 'run.sh', 'echo step 4')).toContainText('done', { ignoreCase: true, timeout: AGENT_TIMEOUT_MS });
    // The cap counts afresh for the continued run: three more steps, then the limit again.
    await expect(toolCall(page, 'run.sh', 'echo step 6')).toBeVisible({ timeout: AGENT_TIMEOUT_MS });
    await expect(limit).toBeVisible({ timeout: AGENT_TIMEOUT_MS });
    await expect(toolCall(page, 'run.sh', 'echo step 7')).toHaveCount(0);
  });

  test('switching mode mid-run keeps the run on its mode (and model); the switch applies from the next message', async ({ page }) => {
    await openIde(page);
    await chooseMode(page, 'Fast');
    // The request log: the mode each step asks for. The second step is held until the selector has changed.
    const modes: string[] = [];
    let release: () => void = () => undefined;
    const switched = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/ai', async (route) => {
      const body = route.request().postDataJSON() as { mode: string };
      modes.push(body.mode);
      if (modes.length === 2) await switched;
      await route.continue();
    });
    await sendPrompt(page, 'count to ten');
    await expect(toolCall(page, 'run.sh', 'echo step 1')).toBeVisible({ timeout: AGENT_TIMEOUT_MS });
    await expect.poll(() => modes.length).toBe(2);
    await chooseMode(page, 'Deep');
    await expect(agent(page).getByText('This run stays in Fast mode; Deep applies from your next message.')).toBeVisible();
    release();

    // Still Fast's cap (3 steps), not Deep's (10): every step of the run asked for fast.
    await expect(conversation(page).getByText('Step limit reached (3 steps in Fast mode)')).toBeVisible({ timeout: AGENT_TIMEOUT_MS });
    await expect(toolCall(page, 'run.sh', 'echo step 4')).toHaveCount(0);
    expect(modes).toEqual(['fast', 'fast', 'fast']);

    await sendPrompt(page, 'change the greeting');
    await waitForAgentIdle(page);
    expect(modes.slice(3).every((mode) => mode === 'deep')).toBe(true);
    expect(modes.length).toBeGreaterThan(3);
  });

  test('auto-fix resends a failing command to the agent at most 3 times, then stops visibly', async ({ page }) => {
    await openIde(page);
    await agent(page).getByRole('checkbox', { name: 'Auto-fix' }).check();
    await sendPrompt(page, 'keep running the flaky script');

    await expect(agent(page).getByText('Stopped after 3 automatic fix attempts')).toBeVisible({ timeout: AGENT_TIMEOUT_MS });
    // The first run and three automatic retries, each ending in the same failure; no fifth run.
    await expect(conversation(page).getByRole('article', { name: 'You' })).toHaveCount(4);
    await expect(conversation(page).getByText(/Attempt 4: flaky\.js still fails/)).toBeVisible();
    await expect(conversation(page).getByText(/Attempt 5/)).toHaveCount(0);
  });

  test('a reload restores the conversation and the mode', async ({ page }) => {
    await openIde(page);
    await chooseMode(page, 'Deep');
    await sendPrompt(page, 'change the greeting');
    await expect(toolCall(page, 'fs.editFile', 'greeting.js')).toContainText('done', { ignoreCase: true, timeout: AGENT_TIMEOUT_MS });
    await waitForAgentIdle(page);

    await page.reload();
    await expect(conversation(page).getByRole('article', { name: 'You' })).toContainText('change the greeting', { timeout: AGENT_TIMEOUT_MS });
    await expect(toolCall(page, 'fs.editFile', 'greeting.js').getByLabel('Changes to greeting.js')).toContainText('Howdy');
    await expect(agent(page).getByRole('radio', { name: 'Deep', exact: true })).toBeChecked();
    // What the agent wrote was committed before it was told "done": the file is still there after the reload.
    await expect(treeItem(page, 'greeting.js')).toBeVisible();
  });
});
