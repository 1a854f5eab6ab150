import { expect } from '@playwright/test';
import { region, runtimeStatus } from './support/ide';
import { terminal } from './support/terminal';
import { sharedIdeTest } from './support/shared-ide';

// One booted workspace for the file (see sharedIdeTest).
const test = sharedIdeTest();

test.describe('workbench layout', () => {
  test('shows every pane, the runtime status and the controls', async ({ page }) => {
    for (const name of ['Files', 'Editor', 'Preview', 'Terminal', 'Agent'] as const) {
      await expect(region(page, name), `region "${name}"`).toBeVisible();
    }
    await expect(runtimeStatus(page)).toContainText('offline runtime');

    const terminalRegion = region(page, 'Terminal');
    await expect(terminalRegion.getByRole('tablist', { name: 'Terminal tabs' })).toBeVisible();
    await expect(terminal(page, 1).tab).toHaveAttribute('aria-selected', 'true');
    for (const name of ['New terminal', 'Clear terminal', 'Copy terminal output', 'Stop all processes']) {
      await expect(terminalRegion.getByRole('button', { name }), `button "${name}"`).toBeVisible();
    }
    await expect(page.getByLabel('Terminal size')).toHaveText(/^\d+ × \d+$/);

    const preview = region(page, 'Preview');
    await expect(preview.getByRole('button', { name: 'Reload preview' })).toBeVisible();
    await expect(preview.getByRole('button', { name: 'Open preview in new tab' })).toBeVisible();
    await expect(preview.getByRole('combobox', { name: 'Preview port' })).toBeVisible();
    const devices = preview.getByRole('radiogroup', { name: 'Device size' });
    for (const name of ['Phone', 'Tablet', 'Desktop']) {
      await expect(devices.getByRole('radio', { name }), `radio "${name}"`).toBeVisible();
    }
    await expect(preview).toContainText('No server is running');

    await expect(page.getByRole('separator', { name: 'Resize terminal' })).toBeVisible();

    // On a 1024 px screen the status bar stays one line: the storage figures give way, still whole for a reader.
    await page.setViewportSize({ width: 1024, height: 768 });
    const footer = page.getByRole('contentinfo');
    await expect.poll(async () => (await footer.boundingBox())?.height ?? 0).toBeLessThanOrEqual(30);
    await expect(page.getByRole('status', { name: 'Storage status' })).toHaveText(/this workspace's files .* browser storage .* of /);
    await expect(runtimeStatus(page)).toBeVisible();
    await expect(footer.getByRole('combobox', { name: 'Runtime setting' })).toBeVisible();
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  test('dragging "Resize terminal" refits the terminal', async ({ page }) => {
    const size = page.getByLabel('Terminal size');
    await expect(size).toHaveText(/^\d+ × \d+$/);
    const before = (await size.textContent()) ?? '';
    const rowsBefore = Number(before.split('×')[1]);

    const handle = page.getByRole('separator', { name: 'Resize terminal' });
    const box = await handle.boundingBox();
    expect(box, 'the resize handle has a box').not.toBeNull();
    if (!box) return;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    // Drag up: the terminal below the handle grows, so it gets more rows.
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y - 180, { steps: 12 });
    await page.mouse.up();

    await expect(size).not.toHaveText(before);
    await expect.poll(async () => Number(((await size.textContent()) ?? '').split('×')[1])).toBeGreaterThan(rowsBefore);
  });
});
