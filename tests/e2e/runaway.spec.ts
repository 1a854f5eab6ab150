import { expect, test } from '@playwright/test';
import { AGENT_TIMEOUT_MS, conversation, sendPrompt, toolCall, waitForAgentIdle } from './support/chat';
import { openIde } from './support/ide';
import { terminal } from './support/terminal';

/**
 * Code that never yields (`while(true){}`) runs in the runtime frame's own process: the IDE stays responsive, and
 * Ctrl+C or a tool's timeout ends it by replacing the frame, with the saved files restored.
 *
 * Playwright's trace snapshots and screenshots evaluate in every frame of the page, the busy runtime frame
 * included, so they would wait for the loop (the IDE itself does not: the first test measures its thread).
 */
test.use({ trace: 'off', screenshot: 'off' });

test.describe('runaway user code', () => {
  test('a busy loop never freezes the IDE, and Ctrl+C gives the prompt back', async ({ page }) => {
    await openIde(page);
    const shell = terminal(page, 1);
    await shell.run('echo kept > kept.txt');
    // The longest gap between 20 ms ticks of the IDE's own thread, measured in the page from here on.
    await page.evaluate(() => {
      const w = window as unknown as { __longestGap: number };
      w.__longestGap = 0;
      let last = performance.now();
      setInterval(() => {
        const now = performance.now();
        w.__longestGap = Math.max(w.__longestGap, now - last);
        last = now;
      }, 20);
    });
    await shell.start('node -e "while(true){}"');

    // The IDE keeps working while the loop runs, and says what is busy.
    const notice = page.getByRole('alert').filter({ hasText: 'The runtime has not responded' });
    await expect(notice).toBeVisible({ timeout: 15_000 });
    await expect(notice).toContainText('while(true){}');

    await page.keyboard.press('Control+C');
    await expect(shell.panel).toContainText('The runtime stopped responding while running', { timeout: 15_000 });
    await shell.waitForPrompt(15_000);
    await expect(notice).toHaveCount(0);

    // The loop ran in the runtime frame's process: the IDE's thread was never held. The bound is loose because
    // this machine is shared; a loop on the IDE's thread would hold it for the whole run.
    const longestGap = await page.evaluate(() => (window as unknown as { __longestGap: number }).__longestGap);
    expect(longestGap).toBeLessThan(1_500);

    // The saved files came back into the new runtime.
    await shell.run('cat kept.txt');
    const lines = (await shell.panel.innerText()).replace(/\u00a0/g, ' ').split('\n').map((line) => line.trimEnd());
    expect(lines).toContain('kept');
  });

  test("the agent's run_sh with timeoutMs returns timedOut for a loop that never yields", async ({ page }) => {
    await openIde(page);
    await sendPrompt(page, 'spin the cpu forever');
    const run = toolCall(page, 'run.sh', 'node -e "while(true){}"');
    await expect(run).toContainText('timed out', { timeout: AGENT_TIMEOUT_MS });
    await waitForAgentIdle(page);
    await expect(conversation(page).getByRole('article', { name: 'Agent' }).last()).toContainText('stopped when its time ran out');
  });
});
