import { expect, type Page } from '@playwright/test';
import { AGENT_TIMEOUT_MS, agent, conversation, sendPrompt, waitForAgentIdle } from './support/chat';
import { sharedIdeTest } from './support/shared-ide';

/**
 * Every way a model step can end badly is said in words, with the next step to take: recorded streams
 * (tests/e2e/fixtures/replay/ending-*.json) end with Gemini's finish reasons SAFETY, MAX_TOKENS,
 * MALFORMED_FUNCTION_CALL and an empty STOP. Each test opens a new conversation (recordings are chosen by the
 * conversation's first message) in one shared workspace.
 */
const test = sharedIdeTest();

async function newConversation(page: Page, prompt: string) {
  // The new conversation opens once it is stored: typing before that would go to the one it replaces.
  const picker = agent(page).getByRole('combobox', { name: 'Conversation' });
  const before = await picker.inputValue();
  await agent(page).getByRole('button', { name: 'New conversation' }).click();
  await expect(picker).not.toHaveValue(before);
  await expect(conversation(page).getByRole('article')).toHaveCount(0);
  await sendPrompt(page, prompt);
}

const endingCard = (page: Page) => conversation(page).getByRole('alert');
const answers = (page: Page) => conversation(page).getByRole('article', { name: 'Agent' });

test.describe('how a model step ends', () => {
  test('a step the safety filter blocked says so, and Retry asks again', async ({ page }) => {
    await newConversation(page, 'ending: blocked — rewrite the greeting');
    await expect(endingCard(page)).toContainText("The model's safety filter blocked this answer (finish reason SAFETY)", { timeout: AGENT_TIMEOUT_MS });
    await endingCard(page).getByRole('button', { name: 'Retry' }).click();
    await expect(answers(page).last()).toContainText('Here is a safer way to put it', { timeout: AGENT_TIMEOUT_MS });
    await waitForAgentIdle(page);
    await expect(endingCard(page)).toHaveCount(0);
  });

  test('an empty answer is tried again once by itself; a second one shows a card whose Retry gets the answer', async ({ page }) => {
    await newConversation(page, 'ending: empty — check the project');
    // The recording's first two answers are empty: the chat retried the first by itself, so the card is the second's.
    await expect(endingCard(page)).toContainText('The model returned nothing: no answer and no tool call', { timeout: AGENT_TIMEOUT_MS });
    await endingCard(page).getByRole('button', { name: 'Retry' }).click();
    await expect(answers(page).last()).toContainText('Third time lucky', { timeout: AGENT_TIMEOUT_MS });
    await expect(endingCard(page)).toHaveCount(0);
  });

  test('a malformed tool call is retried by itself and the answer arrives without a card', async ({ page }) => {
    await newConversation(page, 'ending: malformed — call the tool');
    await expect(answers(page).last()).toContainText('Retried: the call went through this time.', { timeout: AGENT_TIMEOUT_MS });
    await waitForAgentIdle(page);
    await expect(endingCard(page)).toHaveCount(0);
  });

  test('an answer cut at the output limit says so, Continue completes it, and Dismiss hides a card', async ({ page }) => {
    await newConversation(page, 'ending: cut off — explain everything');
    await expect(endingCard(page)).toContainText("The answer was cut off at the model's output limit", { timeout: AGENT_TIMEOUT_MS });
    await expect(answers(page).last()).toContainText('stops right in the mid');
    await endingCard(page).getByRole('button', { name: 'Continue' }).click();
    await expect(answers(page).last()).toContainText('and here is the second half.', { timeout: AGENT_TIMEOUT_MS });
    await expect(endingCard(page)).toHaveCount(0);

    await newConversation(page, 'ending: blocked — once more');
    await expect(endingCard(page)).toBeVisible({ timeout: AGENT_TIMEOUT_MS });
    await endingCard(page).getByRole('button', { name: 'Dismiss' }).click();
    await expect(endingCard(page)).toHaveCount(0);
  });
});
