import { expect, test as base, type BrowserContext, type Page } from '@playwright/test';
import { openIde, type TemplateName } from './ide';
import { TERMINAL_POLL_INTERVALS, terminal, visibleLines } from './terminal';

/**
 * A `test` whose `page` is one IDE page, workspace and booted offline runtime shared by the tests of one spec
 * file, for specs whose tests only need a terminal in a booted workspace. Opening them costs a test 10-20 s on
 * a busy 2-core machine (two page loads and the runtime frame's boot), more than most such tests take.
 *
 * Each test still stands on its own assertions and is reported by its own name. Before each, the processes the
 * last test left running are stopped, and Terminal 1 is selected, taken back to the workspace's root and
 * cleared to its prompt, so one test's output or server cannot satisfy (or break) the next one's checks. A
 * failing test ends its worker (Playwright starts a new one), and the tests after it get a fresh page.
 *
 * A test that opens further terminals should come last in its file (terminal numbers are not reused).
 */
export function sharedIdeTest(options: { template?: TemplateName; name?: string } = {}) {
  let shared: { context: BrowserContext; page: Page } | undefined;
  const test = base.extend<{ page: Page }>({
    page: async ({ browser }, provide) => {
      if (!shared) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await openIde(page, options);
        shared = { context, page };
      } else {
        await freshTerminal(shared.page);
      }
      await provide(shared.page);
    },
  });
  test.afterAll(async () => {
    await shared?.context.close();
    shared = undefined;
  });
  return test;
}

/** What a person does to start over in an open workspace: stop what runs, back to Terminal 1 and the root, clear it. */
async function freshTerminal(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Stop all processes' }).click();
  const first = terminal(page, 1);
  if ((await first.tab.getAttribute('aria-selected')) !== 'true') await first.select();
  await first.waitForPrompt();
  // Back to the workspace's root, where a fresh workspace's shell starts.
  if ((await first.lastLine()) !== '~ $') await first.run('cd ~');
  await page.getByRole('button', { name: 'Clear terminal' }).click();
  await expect
    .poll(() => visibleLines(first.panel), { intervals: TERMINAL_POLL_INTERVALS, message: 'a cleared Terminal 1 shows only its prompt' })
    .toEqual([expect.stringMatching(/\$$/)]);
}
