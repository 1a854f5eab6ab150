import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killBrowser, launchProfile } from '../../bench/lib/crash-loop.mjs';
import { region } from './support/ide';
import { createInTree, createWorkspace, openLauncher, treeItem, waitForWorkspace } from './support/workspace';

/**
 * The browser is killed (SIGKILL, no unload, no flush) right after a save is shown as done and right after
 * typing, then started again on the same profile: every saved file must be there, and the typed text must come
 * back as restored unsaved changes. One run by default: durability-kill-loop.spec.ts kills at more instants, and
 * CRASH_RUNS=20 runs the long version of this one.
 */
const RUNS = Number(process.env.CRASH_RUNS ?? 1);
/**
 * The editor hands typing to the store within a frame and the journal writes it at once (strict): this leaves
 * room for that transaction to commit on a busy machine, far less than the old 300 ms debounce alone.
 */
const AFTER_TYPING_MS = 150;

async function storedText(page: Page, workspaceId: string, path: string): Promise<string | null> {
  return page.evaluate(
    async ([id, file]) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('tabsmith');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const record = await new Promise<{ content: unknown } | undefined>((resolve) => {
        const request = db.transaction('files').objectStore('files').get([id, file]);
        request.onsuccess = () => resolve(request.result as { content: unknown } | undefined);
      });
      db.close();
      return typeof record?.content === 'string' ? record.content : null;
    },
    [workspaceId, path] as const,
  );
}

const editor = (page: Page) => region(page, 'Editor').locator('.cm-content');
const openTabs = (page: Page) => page.getByRole('tablist', { name: 'Open files' });

test.describe('durability: killed browser', () => {
  test('saved files and typed text survive SIGKILL right after Ctrl+S and right after typing', async ({ baseURL }) => {
    test.setTimeout(90_000 + RUNS * 60_000);
    const profile = mkdtempSync(join(tmpdir(), 'tabsmith-crash-'));
    const lost: string[] = [];
    /** What each saved file must hold: path → text shown as saved before a kill. */
    const saved = new Map<string, string>();
    try {
      let { context, page } = await launchProfile(profile, baseURL ?? '');
      await openLauncher(page);
      const workspaceId = await createWorkspace(page, 'Crash test');
      const reopen = async () => {
        ({ context, page } = await launchProfile(profile, baseURL ?? ''));
        await page.goto(`/?runtime=offline&ws=${workspaceId}`);
        await waitForWorkspace(page);
      };

      for (let run = 1; run <= RUNS; run++) {
        // 1. A save shown as done, then the kill.
        const name = `saved-${run}.txt`;
        await createInTree(page, 'file', name);
        await expect(openTabs(page).getByRole('tab', { name: new RegExp(name.replace('.', '\\.')) })).toHaveAttribute('aria-selected', 'true');
        await editor(page).click();
        await page.keyboard.type(`saved text ${run}`);
        await page.keyboard.press('ControlOrMeta+s');
        await expect(openTabs(page).getByRole('tab', { name, exact: true })).toBeVisible(); // no "unsaved changes" any more
        saved.set(`/${name}`, `saved text ${run}`);
        killBrowser(profile);
        await context.close().catch(() => undefined);

        await reopen();
        for (const [path, text] of saved) {
          await expect(treeItem(page, path.slice(1))).toBeVisible();
          if ((await storedText(page, workspaceId, path)) !== text) lost.push(`${path} (run ${run})`);
        }

        // 2. Typing that was never saved, then the kill.
        await treeItem(page, name).click();
        await expect(openTabs(page).getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
        await editor(page).click();
        await page.keyboard.press('ControlOrMeta+End');
        await page.keyboard.type(` + unsaved ${run}`);
        await page.waitForTimeout(AFTER_TYPING_MS);
        killBrowser(profile);
        await context.close().catch(() => undefined);

        await reopen();
        const notice = page.getByRole('alert', { name: 'Restored unsaved changes' });
        await expect(notice).toContainText(name);
        await expect(editor(page)).toContainText(`saved text ${run} + unsaved ${run}`);
        await expect(openTabs(page).getByRole('tab', { name: `${name}, unsaved changes` })).toBeVisible();
        // Saving the restored text makes it the file; the notice goes away with Keep.
        await page.keyboard.press('ControlOrMeta+s');
        await expect(openTabs(page).getByRole('tab', { name, exact: true })).toBeVisible();
        await notice.getByRole('button', { name: 'Keep' }).click();
        await expect(notice).toBeHidden();
        expect(await storedText(page, workspaceId, `/${name}`)).toBe(`saved text ${run} + unsaved ${run}`);
        saved.set(`/${name}`, `saved text ${run} + unsaved ${run}`);
      }
      console.log(`[crash] ${RUNS} runs, ${RUNS * 2} kills, saved files lost: ${lost.length}${lost.length ? ` (${lost.join(', ')})` : ''}`);
      expect(lost).toEqual([]);
      await context.close();
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
