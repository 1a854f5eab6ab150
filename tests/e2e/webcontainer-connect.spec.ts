import { expect, test } from '@playwright/test';

/**
 * "Open in new tab" on a WebContainer preview: the preview, in a tab of its own, opens
 * `<IDE>/webcontainer/connect/<id>`, and that page runs WebContainer's own connect module, which relays between
 * its opener (the preview) and StackBlitz's frame. StackBlitz is out of reach here, so the tests check what the
 * IDE owns: the page is served, keeps its opener (no cross-origin isolation on it, and only on it), and runs the
 * real module, which puts StackBlitz's connect frame in the page and obeys its opener.
 */

const connectPath = '/webcontainer/connect/k03e2io1v3fx9wvj0vr8qd5q58o56n';

test.beforeEach(async ({ page }) => {
  // The frame the connect module adds comes from stackblitz.com: refuse it, so the test means the same thing on
  // a machine with internet access.
  await page.context().route(/stackblitz/, (route) => route.abort('internetdisconnected'));
});

test('the connect page is served without cross-origin isolation, and every other page keeps it', async ({ request, page, baseURL }) => {
  const connect = await request.get(connectPath);
  expect(connect.status()).toBe(200);
  const headers = connect.headers();
  expect(headers['cross-origin-opener-policy']).toBeUndefined();
  expect(headers['cross-origin-embedder-policy']).toBeUndefined();
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
  expect(headers['content-security-policy']).toMatch(/frame-src [^;]*https:\/\/stackblitz\.com/);

  for (const path of ['/', `${connectPath}/more`, '/webcontainer/connect/']) {
    const other = await request.get(path);
    expect(other.headers()['cross-origin-opener-policy'], path).toBe('same-origin');
    expect(other.headers()['cross-origin-embedder-policy'], path).toBe('require-corp');
  }
  // Only the IDE's site has it: the runtime site, where user code runs, answers 404.
  const runtimeSite = `http://rt-e2e.localhost:${new URL(baseURL ?? '').port}`;
  expect((await page.goto(`${runtimeSite}${connectPath}`))?.status()).toBe(404);
});

test('opened by a page of another site, it keeps its opener and runs the real connect module', async ({ page, baseURL }) => {
  // The preview lives on another site than the IDE; a blank page stands in for it.
  await page.goto('about:blank');
  const popupOpened = page.waitForEvent('popup');
  await page.evaluate((url) => {
    (window as unknown as { connectTab: Window | null }).connectTab = window.open(url);
  }, `${baseURL}${connectPath}`);
  const connect = await popupOpened;

  await expect(connect.getByRole('status')).toContainText('Linking the preview that opened this tab to WebContainer');
  expect(await connect.evaluate(() => window.opener !== null)).toBe(true);
  // setupConnect adds StackBlitz's frame for the same path; it is the relay's other end.
  await expect(connect.locator('iframe')).toHaveAttribute('src', `https://stackblitz.com${connectPath}`);

  // The module closes the page when its opener says so (the preview does when it is done).
  const closed = connect.waitForEvent('close');
  await page.evaluate(() => (window as unknown as { connectTab: Window | null }).connectTab?.postMessage('close', '*'));
  await closed;
});

test('opened on its own, it says there is nothing to connect and how to get there', async ({ page }) => {
  await page.goto(connectPath);
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toContainText('opened without that preview');
  await expect(page.locator('iframe')).toHaveCount(0);
});
