import { expect, type Locator, type Page } from '@playwright/test';

/** The status bar's runtime line once the offline runtime is up, e.g. "offline runtime · booted in 42 ms". */
export const OFFLINE_BOOTED = /offline runtime · booted in \d+ ms/;

/** Offline boot is ~tens of ms, but a cold production bundle on a busy 2-core machine can take seconds. */
const BOOT_TIMEOUT_MS = 30_000;

export function runtimeStatus(page: Page): Locator {
  return page.getByRole('status', { name: 'Runtime status' });
}

export function region(page: Page, name: 'Files' | 'Editor' | 'Preview' | 'Terminal' | 'Agent'): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** Opens the IDE on the offline runtime (the one that boots without any network) and waits for boot. */
export async function openIde(page: Page): Promise<void> {
  await page.goto('/?runtime=offline');
  await expect(runtimeStatus(page)).toHaveText(OFFLINE_BOOTED, { timeout: BOOT_TIMEOUT_MS });
}
