import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { appState, startTodoSession } from './support/computer-use';

/**
 * Computer use with a vision model on an OpenAI-compatible server (Ollama, LM Studio…): the generic and the
 * Claude-style action sets as function tools, screenshots as images. Each set runs on an IDE server of its own
 * (playwright.config.ts), against the loopback fake's recorded answers
 * (tests/e2e/fixtures/computer-use/function-tools/*.json). The assertions read the app's own state in the preview.
 */
const FAKE = process.env.TABSMITH_FAKE_GEMINI_URL ?? '';

interface SeenRequest {
  tools: string[];
  images: number;
  toolResults: number;
  screenshotAfterResult: boolean;
}

async function requestsSeen(): Promise<SeenRequest[]> {
  return (await (await fetch(`${FAKE}/__openai-requests`)).json()) as SeenRequest[];
}

async function runTodoSession(page: Page, testInfo: TestInfo, instructions: string) {
  const before = (await requestsSeen()).length;
  const { frame, panel, status } = await startTodoSession(page, testInfo, instructions);
  await expect(status).toHaveText(/Completed after 4 steps/, { timeout: 120_000 });
  await expect(panel).toContainText('Added "buy milk" and ticked it.');
  await expect(frame.getByRole('checkbox', { name: 'buy milk' })).toBeChecked();
  expect((await appState(page)).todos).toEqual([{ text: 'buy milk', done: true }]);
  return { steps: panel.getByRole('list', { name: 'Computer-use steps' }).getByRole('listitem'), requests: (await requestsSeen()).slice(before) };
}

/** The session's steps, in order, each named as `names` says. */
async function expectSteps(steps: Locator, names: RegExp[]): Promise<void> {
  await expect(steps).toHaveCount(names.length);
  for (const [index, name] of names.entries()) await expect(steps.nth(index)).toHaveAccessibleName(name);
}

test.describe('generic action set', () => {
  test.use({ baseURL: process.env.TABSMITH_E2E_GENERIC_TOOLS_URL });

  test('a vision model drives the app through the generic actions as function tools, seeing a screenshot after each', async ({ page }, testInfo) => {
    const { steps, requests } = await runTodoSession(page, testInfo, "add 'buy milk' and tick it, with generic actions");
    await expectSteps(steps, [
      /^click: click at \(\d+, \d+\) \(done\)$/,
      /^type: type "buy milk".* \(done\)$/,
      /^keypress: press Enter \(done\)$/,
      /^click: click at \(\d+, \d+\) \(done\)$/,
    ]);
    expect(requests).toHaveLength(5);
    expect(requests[0]?.tools.sort()).toEqual(['click', 'double_click', 'drag', 'keypress', 'move', 'right_click', 'screenshot', 'scroll', 'type', 'wait']);
    expect(requests[0]?.images).toBe(1);
    // Every later request answers the last call and shows the page after it.
    for (const [index, request] of requests.slice(1).entries()) {
      expect(request.toolResults, `request ${index + 2}`).toBe(index + 1);
      expect(request.screenshotAfterResult, `request ${index + 2}`).toBe(true);
    }
  });
});

test.describe('Claude-style action set', () => {
  test.use({ baseURL: process.env.TABSMITH_E2E_CLAUDE_TOOLS_URL });

  test('a vision model drives the app through the one computer tool with Claude-style actions', async ({ page }, testInfo) => {
    const { steps, requests } = await runTodoSession(page, testInfo, "add 'buy milk' and tick it, with claude actions");
    await expectSteps(steps, [
      /^left_click: click at \(\d+, \d+\) \(done\)$/,
      /^type: type "buy milk".* \(done\)$/,
      /^key: press Enter \(done\)$/,
      /^left_click: click at \(\d+, \d+\) \(done\)$/,
    ]);
    expect(requests.map((request) => request.tools)).toEqual(Array(5).fill(['computer']));
    expect(requests.slice(1).every((request) => request.screenshotAfterResult)).toBe(true);
  });
});
