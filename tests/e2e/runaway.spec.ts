import { expect, test, type Page } from '@playwright/test';
import { AGENT_TIMEOUT_MS, conversation, sendPrompt, toolCall, waitForAgentIdle } from './support/chat';
import { axeViolations } from './support/axe';
import { openIde } from './support/ide';
import { terminal } from './support/terminal';

/**
 * Code that never yields (`while(true){}`) never holds the IDE's thread. A node process runs on a thread of its
 * own, a `node --test` file too: Ctrl+C stops that process alone, and the runtime with its shells lives on.
 *
 * Playwright's trace snapshots and screenshots evaluate in every frame of the page, so a frame held by a loop
 * would make them wait (the IDE itself does not: the tests measure its thread).
 */
test.use({ trace: 'off', screenshot: 'off' });

/** Starts measuring the longest gap between 20 ms ticks of the IDE's own thread. */
async function measureIdeThread(page: Page): Promise<() => Promise<number>> {
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
  return () => page.evaluate(() => (window as unknown as { __longestGap: number }).__longestGap);
}

test.describe('runaway user code', () => {
  test('Ctrl+C stops a node process that never yields, and the shell it ran in lives on', async ({ page }) => {
    await openIde(page);
    const shell = terminal(page, 1);
    await shell.run('KEPT=still-here');
    const longestGap = await measureIdeThread(page);
    await shell.start('node -e "while(true){}"');
    await page.waitForTimeout(1_000);

    await page.keyboard.press('Control+C');
    await expect(shell.panel).toContainText('Stopped node -e "while(true){}"', { timeout: 15_000 });
    await shell.waitForPrompt(15_000);
    await expect(page.getByRole('alert').filter({ hasText: 'The runtime has not responded' })).toHaveCount(0);
    // The same shell, not a restarted one: its variable is still set.
    await shell.run('echo "kept: $KEPT"', { output: 'kept: still-here' });
    expect(await longestGap()).toBeLessThan(1_500);
  });

  test('the status bar shows the runtime memory, names a program that stopped answering, and its Stop ends it alone', async ({ page }) => {
    await openIde(page);
    const shell = terminal(page, 1);
    await shell.run('KEPT=still-here');
    const bar = page.locator('footer');
    await expect(bar.getByLabel(/^Runtime memory \d+(\.\d)? (KB|MB|GB)$/)).toBeVisible({ timeout: 15_000 });
    await shell.start('node -e "while(true){}"');

    const warning = bar.getByRole('alert').filter({ hasText: 'is not responding' });
    await expect(warning).toContainText('node -e "while(true){}" is not responding (busy', { timeout: 30_000 });
    if (process.env.TABSMITH_SHOTS_DIR) await page.screenshot({ path: `${process.env.TABSMITH_SHOTS_DIR}/status-busy-program.png` });
    expect(await axeViolations(page, 'footer')).toEqual([]);
    await warning.getByRole('button', { name: 'Stop node -e "while(true){}"' }).click();
    await expect(shell.panel).toContainText('Stopped node -e "while(true){}" from the status bar: it was not responding.', { timeout: 15_000 });
    await shell.waitForPrompt(15_000);
    await expect(warning).toHaveCount(0);
    // Only that program ended: the shell it ran in is the same one.
    await shell.run('echo "kept: $KEPT"', { output: 'kept: still-here' });
    // A busy program that answers again is not named: a server waiting for requests is not busy.
    await shell.start('node -e "setInterval(() => {}, 1000)"');
    await page.waitForTimeout(12_000);
    await expect(bar.getByRole('alert')).toHaveCount(0);
    await page.keyboard.press('Control+C');
    await shell.waitForPrompt(15_000);
  });

  test('a test file that never yields runs as a process of its own: Ctrl+C stops the run, and the runtime and its shell live on', async ({ page }) => {
    await openIde(page);
    const shell = terminal(page, 1);
    await shell.run('KEPT=still-here');
    await shell.run(`echo "require('node:test')('spins', () => { while (true) {} });" > spin.test.js`);
    const longestGap = await measureIdeThread(page);
    await shell.start('node --test spin.test.js');
    await page.waitForTimeout(1_500);

    await page.keyboard.press('Control+C');
    await shell.waitForPrompt(15_000);
    // Not the frame's watchdog: the runtime was never stuck, so it was not replaced.
    await expect(page.getByRole('alert').filter({ hasText: 'The runtime has not responded' })).toHaveCount(0);
    await expect(shell.panel).not.toContainText('The runtime stopped responding');
    await shell.run('echo "kept: $KEPT"', { output: 'kept: still-here' });
    expect(await longestGap()).toBeLessThan(1_500);

    // The runner itself goes on working: the next run reports.
    await shell.run(`echo "require('node:test')('passes', () => {});" > pass.test.js`);
    await shell.run('node --test pass.test.js', { output: 'ℹ pass 1' });
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
