import { expect, type Locator, type Page } from '@playwright/test';
import { region } from './ide';

/** Replayed model steps are instant, but tools run real commands in the offline runtime. */
export const AGENT_TIMEOUT_MS = 60_000;

export function agent(page: Page): Locator {
  return region(page, 'Agent');
}

export function conversation(page: Page): Locator {
  return agent(page).getByRole('log', { name: 'Conversation' });
}

/** One tool call in the conversation, by its display label and argument summary, e.g. ('fs.editFile', 'greeting.js'). */
export function toolCall(page: Page, label: string, args: string): Locator {
  return conversation(page).getByRole('group', { name: `${label} ${args}`, exact: true });
}

export async function chooseMode(page: Page, mode: 'Fast' | 'Balanced' | 'Deep'): Promise<void> {
  await agent(page).getByRole('radiogroup', { name: 'Agent mode' }).getByRole('radio', { name: mode, exact: true }).check();
}

/** Types a prompt and sends it with Enter, as a person would. */
export async function sendPrompt(page: Page, text: string): Promise<void> {
  const box = agent(page).getByRole('textbox', { name: 'Message the agent' });
  await box.fill(text);
  await box.press('Enter');
  await expect(conversation(page).getByRole('article', { name: 'You' }).last()).toContainText(text);
}

/** The agent's turn is over: Send is back (it replaces Stop while a run is going). */
export async function waitForAgentIdle(page: Page): Promise<void> {
  await expect(agent(page).getByRole('button', { name: 'Send', exact: true })).toBeVisible({ timeout: AGENT_TIMEOUT_MS });
  await expect(agent(page).getByRole('button', { name: 'Stop', exact: true })).toHaveCount(0);
}

/** Approves the command on the approval card that shows it, as a person would. */
export async function approveCommand(page: Page, command: string): Promise<void> {
  const card = conversation(page)
    .getByRole('region', { name: 'Approve this command?' })
    .filter({ has: page.getByLabel('Command to approve').getByText(command, { exact: true }) });
  await card.getByRole('button', { name: 'Approve', exact: true }).click({ timeout: AGENT_TIMEOUT_MS });
}
