import { expect, type Locator, type Page } from '@playwright/test';
import { OFFLINE_BOOTED, runtimeStatus } from './ide';

/** Template names as the "New workspace" dialog shows them. */
export type TemplateName = 'Empty' | 'Vite + React' | 'Node HTTP server' | 'Static HTML + JS';

export function fileTree(page: Page): Locator {
  return page.getByRole('tree', { name: 'Workspace files' });
}

export function treeItem(page: Page, name: string | RegExp): Locator {
  return fileTree(page).getByRole('treeitem', { name, exact: typeof name === 'string' });
}

/** The launcher on the offline runtime (no `?ws=`): a fresh browser context starts with no workspaces. */
export async function openLauncher(page: Page): Promise<void> {
  await page.goto('/?runtime=offline');
  await expect(page.getByRole('button', { name: 'New workspace' })).toBeVisible({ timeout: 30_000 });
}

/** Creates a workspace from the launcher and waits until its tree is shown; returns its id (from `?ws=`). */
export async function createWorkspace(page: Page, name: string, template: TemplateName = 'Empty'): Promise<string> {
  await createWorkspaceFromDialog(page, name, template);
  await waitForWorkspace(page);
  return new URL(page.url()).searchParams.get('ws') ?? '';
}

/** "New workspace" on the launcher, named and from a template, until the IDE page for it loads (`?ws=`). */
export async function createWorkspaceFromDialog(page: Page, name: string, template: TemplateName = 'Empty'): Promise<void> {
  await page.getByRole('button', { name: 'New workspace' }).click();
  const dialog = page.getByRole('dialog', { name: 'New workspace' });
  await dialog.getByRole('textbox', { name: 'Workspace name' }).fill(name);
  await dialog.getByRole('radiogroup', { name: 'Template' }).getByRole('radio', { name: template, exact: true }).check();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await page.waitForURL(/[?&]ws=/);
}

/** From the launcher on the offline runtime: imports a zip ("Import zip") and waits for its workspace. */
export async function importZip(page: Page, zipPath: string): Promise<void> {
  await page.goto('/?runtime=offline');
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import zip' }).click({ timeout: 30_000 });
  await (await choosing).setFiles(zipPath);
  await page.waitForURL(/[?&]ws=/);
  await waitForWorkspace(page);
}

/** The runtime is booted and the workspace's tree is on screen. */
export async function waitForWorkspace(page: Page): Promise<void> {
  await expect(runtimeStatus(page)).toHaveText(OFFLINE_BOOTED, { timeout: 30_000 });
  await expect(fileTree(page)).toBeVisible({ timeout: 30_000 });
}

/** "New file" / "New folder" in the tree's toolbar, typed into the inline name input. */
export async function createInTree(page: Page, kind: 'file' | 'folder', name: string): Promise<void> {
  await page
    .getByRole('toolbar', { name: 'File actions' })
    .getByRole('button', { name: kind === 'file' ? 'New file' : 'New folder', exact: true })
    .click();
  await page.getByRole('textbox', { name: kind === 'file' ? 'New file name' : 'New folder name' }).fill(name);
  await page.keyboard.press('Enter');
}

/** An alert with text (Next's route announcer is an empty role=alert). */
export function alertWith(page: Page, text: string | RegExp): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}
