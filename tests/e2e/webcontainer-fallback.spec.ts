import { expect, test } from '@playwright/test';
import { OFFLINE_BOOTED, runtimeStatus } from './support/ide';
import { createWorkspaceFromDialog } from './support/workspace';

test('a WebContainer boot that cannot reach its service offers the offline runtime', async ({ page }) => {
  // WebContainer boots through an iframe from stackblitz.com. Refuse it, so the test means the same thing
  // on a machine that happens to have internet access.
  await page.route(/stackblitz/, (route) => route.abort('internetdisconnected'));

  // The launcher boots no runtime: the IDE does, once a workspace opens. The timeout also bounds the offline
  // runtime's boot after the switch, which takes several seconds on a loaded 2-core machine.
  await page.goto('/?runtime=webcontainer&bootTimeoutMs=8000');
  await createWorkspaceFromDialog(page, 'fallback');
  await expect(runtimeStatus(page)).toContainText('Booting');

  // Said once, not once per pane. (Next.js keeps an empty role=alert route announcer on every page.)
  const alert = page.getByRole('alert').filter({ hasText: /\S/ });
  await expect(alert).toContainText(/WebContainer did not finish booting/i, { timeout: 30_000 });
  await expect(alert).toHaveCount(1);
  await expect(runtimeStatus(page)).toHaveText('WebContainer failed to boot');
  await alert.getByRole('button', { name: 'Switch to the offline runtime' }).click();

  await expect(runtimeStatus(page)).toHaveText(OFFLINE_BOOTED, { timeout: 30_000 });
  await expect(alert).toHaveCount(0);
});
