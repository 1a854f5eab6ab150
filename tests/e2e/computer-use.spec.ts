import { expect, test } from '@playwright/test';
import type { Content } from '@google/genai';
import { appState, previewIframe, startTodoSession } from './support/computer-use';

/**
 * Computer use on a real app in the preview (offline runtime), driven by the recorded session
 * tests/e2e/fixtures/computer-use/todo.json through POST /api/computer-use (replay model): type a todo + Enter,
 * tick its checkbox, scroll the page, follow "Next page" (flagged require_confirmation). The assertions read
 * the APP's own state inside the preview frame, not the calls the model made.
 */
const INSTRUCTIONS = "add a todo called 'buy milk', mark it done, scroll down, then open the next page";

test.describe('computer use', () => {
  test('a replayed session changes the app, waits for approval of the flagged action, and shows viewport-sized screenshots', async ({ page }, testInfo) => {
    const { frame, panel, status } = await startTodoSession(page, testInfo, INSTRUCTIONS);

    // The flagged click on "Next page" is held: the dialog asks, the preview stays on the first page.
    const dialog = panel.getByRole('dialog', { name: 'Confirm action' });
    await expect(dialog).toBeVisible({ timeout: 90_000 });
    await expect(dialog).toContainText('Leaving the page');
    await expect(status).toHaveText(/Waiting for your approval/);

    // The app's own state after the first three steps: the todo exists, is checked, and the page scrolled.
    await expect(frame.getByRole('checkbox', { name: 'buy milk' })).toBeChecked();
    await expect(frame.getByRole('list', { name: 'Todos' }).getByRole('listitem')).toHaveCount(1);
    const before = await appState(page);
    expect(before.todos).toEqual([{ text: 'buy milk', done: true }]);
    expect(before.scrollY).toBeGreaterThan(0);
    expect(before.path).not.toMatch(/next\.html$/);

    // The step log: three actions done, the fourth waiting; the marker shows where the last one landed.
    const steps = panel.getByRole('list', { name: 'Computer-use steps' }).getByRole('listitem');
    await expect(steps).toHaveCount(4);
    await expect(steps.nth(0)).toHaveAccessibleName(/^type_text_at: .*type "buy milk".*Enter \(done\)$/);
    await expect(steps.nth(1)).toHaveAccessibleName(/^click_at: click at \(\d+, \d+\) \(done\)$/);
    await expect(steps.nth(2)).toHaveAccessibleName(/^scroll_document: scroll down \d+ px \(done\)$/);
    await expect(steps.nth(3)).toHaveAccessibleName(/waiting for approval/);

    // Nothing runs while the question is open.
    await page.waitForTimeout(1_500);
    await expect(frame.getByRole('heading', { name: 'Second page' })).toHaveCount(0);
    await expect(frame.getByRole('textbox', { name: 'New todo' })).toBeAttached();

    // The screenshot is the preview's viewport scaled as a whole to fit 1440×900 (Google's recommended size):
    // one side fills it, the aspect ratio is the viewport's.
    const shot = panel.getByRole('img', { name: /^What the model saw at step \d+$/ });
    await expect(shot).toBeVisible();
    const natural = await shot.evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }));
    const viewport = await previewIframe(page).evaluate((iframe: HTMLIFrameElement) => ({ width: iframe.clientWidth, height: iframe.clientHeight }));
    expect(viewport.width).toBeGreaterThan(0);
    expect(natural.width).toBeLessThanOrEqual(1440);
    expect(natural.height).toBeLessThanOrEqual(900);
    expect(natural.width === 1440 || natural.height === 900).toBe(true);
    const scale = Math.min(1440 / viewport.width, 900 / viewport.height);
    expect(Math.abs(natural.width - viewport.width * scale)).toBeLessThanOrEqual(1);
    expect(Math.abs(natural.height - viewport.height * scale)).toBeLessThanOrEqual(1);
    // A picture for reviewers: the panel mid-session, the flagged action waiting.
    const midSession = testInfo.outputPath('computer-use-mid-session.png');
    await page.screenshot({ path: midSession });
    await testInfo.attach('computer-use panel mid-session', { path: midSession, contentType: 'image/png' });

    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(dialog).toBeHidden();
    await expect(frame.getByRole('heading', { name: 'Second page' })).toBeVisible({ timeout: 30_000 });
    await expect(status).toHaveText(/Completed after 4 steps/, { timeout: 30_000 });
    await expect(panel.getByLabel("The computer-use agent's answer")).toContainText('opened the next page');
    await expect(steps.nth(3)).toHaveAccessibleName(/^click_at: click at \(\d+, \d+\) \(done\)$/);
    await expect(panel.getByRole('img', { name: /^Last action at/ })).toBeVisible();

    // Finished: the session is listed, and answering it continues the same conversation (the recording has no
    // sixth turn, so the replay model says so and the session completes again).
    await expect(panel.getByRole('list', { name: 'Computer-use sessions' }).getByRole('listitem')).toHaveCount(1);
    await panel.getByRole('textbox', { name: 'Reply to the computer-use agent' }).fill('Thanks, that is all.');
    await panel.getByRole('button', { name: 'Send reply' }).click();
    await expect(panel.getByRole('listitem', { name: 'Your reply: Thanks, that is all.' })).toBeVisible();
    await expect(status).toHaveText(/Completed after 4 steps/, { timeout: 30_000 });
    await expect(panel.getByLabel("The computer-use agent's answer")).toContainText('has no turn 6');
    await expect(panel.getByRole('list', { name: 'Computer-use sessions' }).getByRole('listitem')).toHaveCount(1);
  });

  test('declining a flagged action stops the session; the model never gets an unacknowledged response; a reply continues', async ({ page }, testInfo) => {
    // The request log: every conversation the tab sends to the computer-use route.
    const sent: Content[][] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/computer-use')
        sent.push((request.postDataJSON() as { contents: Content[] }).contents);
    });
    const { frame, panel, status } = await startTodoSession(page, testInfo, 'open the next page if I allow it, otherwise tell me the page title');

    const dialog = panel.getByRole('dialog', { name: 'Confirm action' });
    await expect(dialog).toBeVisible({ timeout: 90_000 });
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await expect(dialog).toBeHidden();
    await expect(status).toHaveText(/^Stopped: you declined click at \(\d+, \d+\)\. Reply with new instructions to continue\.$/);
    const steps = panel.getByRole('list', { name: 'Computer-use steps' }).getByRole('listitem');
    await expect(steps.nth(0)).toHaveAccessibleName(/^click_at: click at \(\d+, \d+\) \(declined\)$/);
    // Not executed: the preview is still on the first page, and nothing more went to the model.
    await page.waitForTimeout(1_000);
    await expect(frame.getByRole('heading', { name: 'Second page' })).toHaveCount(0);
    await expect(frame.getByRole('textbox', { name: 'New todo' })).toBeAttached();
    expect(sent).toHaveLength(1);

    await panel.getByRole('textbox', { name: 'Reply to the computer-use agent' }).fill('Stay here and tell me the page title.');
    await panel.getByRole('button', { name: 'Send reply' }).click();
    await expect(panel.getByLabel("The computer-use agent's answer")).toContainText('its title is Todos', { timeout: 30_000 });
    await expect(status).toHaveText(/Completed after 0 steps/);
    await expect(frame.getByRole('heading', { name: 'Second page' })).toHaveCount(0);

    // The reply went as a new turn after a note of the declined action, and no request ever carried a response
    // to the flagged call (let alone one without safety_acknowledgement).
    expect(sent).toHaveLength(2);
    const reply = sent[1] ?? [];
    expect(reply.map((content) => content.role)).toEqual(['user', 'model', 'user']);
    expect(reply[1]?.parts?.[0]?.text).toContain('declined by the user, not run');
    expect(reply[2]?.parts?.[0]).toEqual({ text: 'Stay here and tell me the page title.' });
    for (const contents of sent) {
      const parts = contents.flatMap((content) => content.parts ?? []);
      const flagged = new Set(parts.flatMap((part) => (part.functionCall?.args?.safety_decision ? [part.functionCall.id] : [])));
      const unacknowledged = parts.filter(
        (part) => part.functionResponse && flagged.has(part.functionResponse.id) && part.functionResponse.response?.safety_acknowledgement !== 'true',
      );
      expect(unacknowledged).toEqual([]);
      expect(parts.filter((part) => part.functionResponse?.id === 'fc-decline-1')).toEqual([]);
    }
  });

  test("the default model's own actions (click, type, scroll, wait with intent) drive the app, and Stop leaves no step running", async ({ page }, testInfo) => {
    // tests/e2e/fixtures/computer-use/new-vocabulary.json was made with gemini-3.8-flash, the computer-use default.
    const { frame, panel, status } = await startTodoSession(page, testInfo, "add 'buy milk' and tick it, with the current model's actions");

    const steps = panel.getByRole('list', { name: 'Computer-use steps' }).getByRole('listitem');
    await expect(steps).toHaveCount(5, { timeout: 90_000 });
    await expect(steps.nth(0)).toHaveAccessibleName(/^click: click at \(\d+, \d+\) \(done\)$/);
    await expect(steps.nth(1)).toHaveAccessibleName(/^type: type "buy milk".*Enter \(done\)$/);
    await expect(steps.nth(2)).toHaveAccessibleName(/^click: click at \(\d+, \d+\) \(done\)$/);
    await expect(steps.nth(3)).toHaveAccessibleName(/^scroll: scroll down \d+ px \(done\)$/);
    await expect(steps.nth(4)).toHaveAccessibleName(/^wait: wait 60 s \(running\)$/);
    await expect(frame.getByRole('checkbox', { name: 'buy milk' })).toBeChecked();
    const state = await appState(page);
    expect(state.todos).toEqual([{ text: 'buy milk', done: true }]);
    expect(state.scrollY).toBeGreaterThan(0);

    await panel.getByRole('button', { name: 'Stop' }).click();
    await expect(status).toHaveText(/Completed after 4 steps \(ended by the user\)/);
    await expect(steps.nth(4)).toHaveAccessibleName(/^wait: wait 60 s \(stopped before it finished\)$/);
    await expect(panel.getByRole('listitem', { name: /\(running\)$/ })).toHaveCount(0);
  });
});
