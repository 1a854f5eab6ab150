import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { conversation } from './support/chat';
import { OFFLINE_BOOTED, region, runtimeStatus } from './support/ide';
import { terminal } from './support/terminal';
import { createWorkspaceFromDialog, openLauncher, treeItem } from './support/workspace';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true });

test('on a phone the IDE shows one pane at a time, picked by tabs, and the whole flow works', async ({ page }) => {
  test.setTimeout(120_000);
  await openLauncher(page);
  await createWorkspaceFromDialog(page, 'phone app', 'Static HTML + JS');
  await expect(runtimeStatus(page)).toHaveText(OFFLINE_BOOTED, { timeout: 30_000 });

  const tabs = page.getByRole('tablist', { name: 'Panes' });
  const tab = (name: string) => tabs.getByRole('tab', { name, exact: true });
  await expect(tab('Editor')).toHaveAttribute('aria-selected', 'true');
  await expect(region(page, 'Editor')).toBeVisible();
  for (const other of ['Files', 'Preview', 'Terminal', 'Agent'] as const) await expect(region(page, other)).toBeHidden();

  // Open a file from the tree: the editor shows it, full width.
  await tab('Files').tap();
  await treeItem(page, 'style.css').tap();
  await expect(tab('Editor')).toHaveAttribute('aria-selected', 'true');
  const editor = page.getByRole('textbox', { name: 'Contents of style.css' });
  await expect(editor).toBeVisible();
  expect((await region(page, 'Editor').boundingBox())?.width ?? 0).toBeGreaterThan(PHONE.width - 20);
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\n/* edited on a phone */');
  await page.keyboard.press('ControlOrMeta+s');

  // The terminal: the template's server runs in the first one; a second one takes commands.
  await tab('Terminal').tap();
  await region(page, 'Terminal').getByRole('button', { name: 'New terminal' }).tap();
  const shell = terminal(page, 2);
  await shell.run('ls', { output: 'style.css' });
  await shell.run('tail -n 1 style.css', { output: 'edited on a phone' });

  // The preview kept running while hidden.
  await tab('Preview').tap();
  const frame = page.frameLocator('iframe[title="Preview"]');
  await expect(frame.getByRole('heading', { name: 'Static HTML + JS' })).toBeVisible({ timeout: 60_000 });

  // The agent: the composer fits the screen and sends.
  await tab('Agent').tap();
  const composer = region(page, 'Agent').getByRole('textbox', { name: 'Message the agent' });
  const box = await composer.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width && box.y + box.height <= PHONE.height, 'the composer is on screen, not clipped').toBe(true);
  await composer.fill('hello from a phone');
  await composer.press('Enter');
  await expect(conversation(page).getByRole('article', { name: 'You' }).last()).toContainText('hello from a phone');
  await expect(conversation(page).getByRole('article', { name: 'Agent' }).last()).toContainText(/\S/, { timeout: 60_000 });
  const shots = process.env.TABSMITH_SHOTS_DIR;
  if (shots) await page.screenshot({ path: join(shots, 'layout-390-agent.png') });

  // The tabs are a tablist in the regions' F6 order (Files, Editor, Terminal, Preview, Agent): arrow keys move along it.
  await tab('Agent').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(tab('Preview')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tab('Terminal')).toBeFocused();
  await expect(tab('Terminal')).toHaveAttribute('aria-selected', 'true');
  await expect(shell.panel).toContainText('edited on a phone');
  if (shots) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: join(shots, `layout-390-terminal-${colorScheme}.png`) });
    }
  }
});
