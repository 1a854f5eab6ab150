import { writeFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { expect, test, type Page } from '@playwright/test';
import { writeLyingZip } from './support/lying-zip';
import { alertWith, importZip, openLauncher, treeItem } from './support/workspace';

declare global {
  interface Window {
    /** The longest wait between two beats of a 20 ms ticker, in ms. */
    longestTickerWait?: number;
  }
}

/** A 20 ms ticker on the page, as the IDE's own timers and animations are: how long did it ever wait? */
async function startTicker(page: Page): Promise<void> {
  await page.evaluate(() => {
    let last = performance.now();
    window.longestTickerWait = 0;
    setInterval(() => {
      const now = performance.now();
      window.longestTickerWait = Math.max(window.longestTickerWait ?? 0, now - last);
      last = now;
    }, 20);
  });
}

test('a zip whose headers lie about its sizes is refused while the IDE keeps running, and an honest zip still imports', async ({ page }) => {
  test.setTimeout(120_000);
  // Three entries that inflate to 1 GiB each, declared as 100 bytes each: 3 MB on disk.
  const bomb = test.info().outputPath('lying.zip');
  await writeLyingZip(bomb, ['a.bin', 'b.bin', 'c.bin'], 1024 ** 3, 100);

  await openLauncher(page);
  await startTicker(page);
  // The archive is read off the page's thread (a worker starts for it), so no archive can stall the page.
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import zip' }).click();
  await (await choosing).setFiles(bomb);
  await expect(alertWith(page, 'entry a.bin inflates to more than the 100 bytes its header declares. Nothing was imported.')).toBeVisible({ timeout: 60_000 });
  const longest = await page.evaluate(() => window.longestTickerWait ?? Infinity);
  expect(longest, 'the longest wait of a 20 ms ticker on the page while the archive was read (ms)').toBeLessThan(200);
  expect(workers, 'workers started for the import').toHaveLength(1);
  await expect(page.getByRole('button', { name: 'Import zip' })).toBeEnabled();
  await expect(page.getByRole('status').filter({ hasText: 'Reading lying' })).toHaveCount(0);

  const honest = test.info().outputPath('honest.zip');
  writeFileSync(honest, zipSync({ 'honest/README.md': strToU8('# Honest\n'), 'honest/src/index.js': strToU8('console.log("hi")\n') }));
  await importZip(page, honest);
  await expect(treeItem(page, 'README.md')).toBeVisible();
  await expect(treeItem(page, 'src')).toBeVisible();
});

test('a zip chosen while the saved workspaces are still loading waits for them and imports', async ({ page }) => {
  // IndexedDB as on a busy machine: every database opens 1.5 s late, so the launcher is on screen before its list.
  await page.addInitScript(() => {
    const open = IDBFactory.prototype.open;
    IDBFactory.prototype.open = function (this: IDBFactory, ...args: Parameters<IDBFactory['open']>) {
      const request = open.apply(this, args);
      const listen = request.addEventListener.bind(request);
      request.addEventListener = ((type: string, listener: EventListener, options?: AddEventListenerOptions) =>
        listen(type, type === 'success' ? (event: Event) => setTimeout(() => listener(event), 1500) : listener, options)) as typeof request.addEventListener;
      return request;
    };
  });
  await page.goto('/?runtime=offline');
  await expect(page.getByText('Loading workspaces…')).toBeVisible({ timeout: 30_000 });
  const zip = test.info().outputPath('early.zip');
  writeFileSync(zip, zipSync({ 'early/README.md': strToU8('# Early\n') }));
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import zip' }).click();
  await (await choosing).setFiles(zip);
  await page.waitForURL(/[?&]ws=/, { timeout: 30_000 });
  await expect(treeItem(page, 'README.md')).toBeVisible({ timeout: 30_000 });
});
