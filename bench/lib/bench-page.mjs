// Opens /bench in a fresh browser context and waits until its runtime has booted (or failed to).
// Every context is a fresh profile: no HTTP cache, no service worker, so each load is a cold start.

/**
 * @typedef {{ kind: string, runsIn: string, bootMs: number, fellBack: boolean, pageReadyMs: number }} Booted
 * @typedef {{ name: string, code?: string, message: string, elapsedMs: number }} Failed
 */

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {string} baseURL
 * @param {{ runtime: 'offline' | 'webcontainer' | 'auto' | 'offline-inpage', bootTimeoutMs?: number, waitMs?: number }} options
 * @returns {Promise<{ page: import('@playwright/test').Page, close: () => Promise<void>, booted?: Booted, failed?: Failed }>}
 */
export async function openBenchPage(browser, baseURL, { runtime, bootTimeoutMs, waitMs = 60_000 }) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const close = () => context.close();
  const query = new URLSearchParams({ runtime });
  if (bootTimeoutMs) query.set('bootTimeoutMs', String(bootTimeoutMs));
  try {
    await page.goto(`/bench?${query}`);
    await page.waitForFunction(() => window.__tabsmithBench || window.__tabsmithBenchError, undefined, {
      timeout: waitMs,
      polling: 10,
    });
    const state = await page.evaluate(() => {
      const handle = window.__tabsmithBench;
      if (handle) {
        // performance.now() counts from navigation start: this is load + bundle + boot as a user sees it.
        return { booted: { kind: handle.kind, runsIn: handle.runsIn, bootMs: handle.bootMs, fellBack: handle.fellBack, pageReadyMs: performance.now() } };
      }
      return { failed: window.__tabsmithBenchError };
    });
    return { page, close, ...state };
  } catch (error) {
    await close();
    throw error;
  }
}
