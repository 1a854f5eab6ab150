import { expect, test } from '@playwright/test';

// /selftest runs the Runtime port's contract suite in the browser against the chosen adapter and shows
// the summary ("N passed, M failed") only once every case has finished.
test('the offline runtime passes the runtime contract', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/selftest?runtime=offline');

  const summary = page.getByRole('status').filter({ hasText: /\d+ passed, \d+ failed/ });
  await expect(summary).toBeVisible({ timeout: 90_000 });
  const results = page.getByRole('list', { name: 'Contract results' });
  // On failure, the message lists which contract cases failed.
  await expect(summary, await results.innerText()).toHaveText(/\b[1-9]\d* passed, 0 failed\b/);
});
