import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { axeViolations } from './support/axe';
import { AGENT_TIMEOUT_MS, agent, conversation, sendPrompt, waitForAgentIdle } from './support/chat';
import { importProject } from './support/project';

/**
 * The agent checks its work with the project's own checks (tests/e2e/fixtures/replay/self-check.json): after a
 * turn that changed files, the project's lint script runs, fails on what the agent wrote, the agent is asked
 * to fix it (a message of its own in the conversation), fixes it, and the checks run again and pass.
 */
const LINT = `const { readFileSync } = require('node:fs');
const text = readFileSync('src/greeting.js', 'utf8');
if (text.includes('TODO')) {
  console.error('src/greeting.js:1  error  Unexpected TODO comment  no-warning-comments');
  process.exit(1);
}
console.log('lint: 1 file checked, no problems');
`;

test('after a turn that changed files the project lint runs; a failure goes back to the agent, whose fix passes', async ({ page }, testInfo) => {
  await importProject(page, testInfo, 'checked', {
    'package.json': { name: 'checked', private: true, scripts: { lint: 'node lint.js' } },
    'lint.js': LINT,
  });
  await expect(agent(page).getByRole('checkbox', { name: 'Check work' })).toBeChecked();
  await sendPrompt(page, 'self-check: add a greeting');

  const articles = conversation(page).getByRole('article', { name: 'Agent' });
  const firstChecks = articles.first().getByRole('region', { name: 'Checks: 1 of 1 failed' });
  await expect(firstChecks).toContainText('Lint npm run lint exit code 1', { timeout: AGENT_TIMEOUT_MS });
  await firstChecks.getByText('Output').click();
  await expect(firstChecks.getByLabel('Output of npm run lint')).toContainText('Unexpected TODO comment');

  // The failure went to the agent as the next message, and its fix was checked again.
  await expect(conversation(page).getByRole('article', { name: 'You' }).last()).toContainText("The project's checks failed after your changes", {
    timeout: AGENT_TIMEOUT_MS,
  });
  await expect(articles.last()).toContainText('Removed the TODO comment', { timeout: AGENT_TIMEOUT_MS });
  const secondChecks = articles.last().getByRole('region', { name: 'Checks passed' });
  await expect(secondChecks).toContainText('Lint npm run lint exit code 0', { timeout: AGENT_TIMEOUT_MS });
  await waitForAgentIdle(page);
  await expect(conversation(page).getByRole('article', { name: 'You' })).toHaveCount(2);
  expect(await axeViolations(page, '[aria-label="Conversation"]')).toEqual([]);
  if (process.env.TABSMITH_SHOTS_DIR) await page.screenshot({ path: join(process.env.TABSMITH_SHOTS_DIR, 'self-check.png') });

  // The results are part of the conversation: a reload shows them again.
  await page.reload();
  await expect(conversation(page).getByRole('article', { name: 'Agent' }).last().getByRole('region', { name: 'Checks passed' })).toBeVisible({
    timeout: AGENT_TIMEOUT_MS,
  });
});
