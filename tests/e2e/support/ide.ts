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

export type TemplateName = 'Empty' | 'Vite + React' | 'Node HTTP server' | 'Static HTML + JS';

/**
 * Opens the IDE on the offline runtime (the one that boots without any network) in a new workspace made
 * from the launcher, as a person would, and waits until the runtime is up and the terminal is there.
 */
export async function openIde(page: Page, options: { template?: TemplateName; name?: string } = {}): Promise<void> {
  const { template = 'Empty', name = 'e2e workspace' } = options;
  await page.goto('/?runtime=offline');
  await page.getByRole('button', { name: 'New workspace' }).click();
  const dialog = page.getByRole('dialog', { name: 'New workspace' });
  await dialog.getByLabel('Workspace name').fill(name);
  await dialog.getByRole('radio', { name: template, exact: true }).check();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/[?&]ws=/);
  await expect(runtimeStatus(page)).toHaveText(OFFLINE_BOOTED, { timeout: BOOT_TIMEOUT_MS });
  await expect(region(page, 'Terminal').getByRole('tab', { name: 'Terminal 1', exact: true })).toBeVisible({ timeout: BOOT_TIMEOUT_MS });
}

/** Opens a file with quick open (Ctrl+P) by a fuzzy query, as a person would, and waits for its tab. */
export async function openByName(page: Page, query: string, tabName: string): Promise<void> {
  await region(page, 'Editor').click();
  await page.keyboard.press('ControlOrMeta+p');
  const input = page.getByRole('dialog', { name: 'Quick open' }).getByRole('combobox', { name: 'File name' });
  await input.fill(query);
  await expect(page.getByRole('option').first()).toContainText(tabName);
  await input.press('Enter');
  await expect(page.getByRole('tab', { name: tabName, exact: true })).toHaveAttribute('aria-selected', 'true');
}
