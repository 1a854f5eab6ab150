import { expect, test, type Page } from '@playwright/test';
import { openByName, openIde } from './support/ide';
import { terminal, type TerminalDriver } from './support/terminal';
import { treeItem, waitForWorkspace } from './support/workspace';

// git in the offline terminal on the workspace's files: a commit made in the terminal after editing in the
// editor, its diff and log, and the repository (.git) surviving a reload while staying out of the file tree.
// The terminal is cleared before each check, so the text looked for cannot come from an earlier command.

const openTab = (page: Page, name: string) => page.getByRole('tablist', { name: 'Open files' }).getByRole('tab', { name, exact: true });

/** Types a line at the end of the open file and saves it with Ctrl+S. */
async function appendAndSave(page: Page, file: string, text: string): Promise<void> {
  await page.getByRole('textbox', { name: `Contents of ${file}` }).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
  await expect(openTab(page, `${file}, unsaved changes`)).toBeVisible();
  await page.keyboard.press('ControlOrMeta+s');
  await expect(openTab(page, file)).toBeVisible();
}

async function clear(page: Page, t: TerminalDriver): Promise<void> {
  await page.getByRole('button', { name: 'Clear terminal' }).click();
  await t.waitForPrompt();
}

test.describe('git', () => {
  test('init, status, commit, diff and log; the history survives a reload and .git stays out of the tree', async ({ page }) => {
    test.setTimeout(120_000);
    await openIde(page);
    const t1 = terminal(page, 1);
    await t1.run('git init', { output: 'Initialized empty Git repository in /home/project/.git/' });
    await t1.run('echo "const a = 1;" > app.js');
    await openByName(page, 'app', 'app.js');
    await appendAndSave(page, 'app.js', 'const greeting = "hi";');

    await clear(page, t1);
    await t1.run('git status', { output: /Untracked files:[\s\S]*app\.js/ });

    await clear(page, t1);
    await t1.run('git add . && git commit -m "first"', { output: /\[main \(root-commit\) [0-9a-f]{7}\] first/ });
    await expect(t1.panel).toContainText('1 file changed, 2 insertions(+)');

    await appendAndSave(page, 'app.js', '\nconst b = 2;');
    await clear(page, t1);
    await t1.run('git diff', { output: '+const b = 2;' });
    await expect(t1.panel).toContainText('diff --git a/app.js b/app.js');

    await clear(page, t1);
    await t1.run('git log --oneline', { output: /[0-9a-f]{7} \(HEAD -> main\) first/ });
    await expect(treeItem(page, 'app.js')).toBeVisible();
    await expect(treeItem(page, '.git')).toHaveCount(0);

    // What git wrote reaches browser storage through the fs mirror and its debounced writes: the branch's ref
    // is in this workspace's stored files before the reload.
    await expect.poll(() => storedFileExists(page, '/.git/refs/heads/main'), { timeout: 10_000 }).toBe(true);
    await page.reload();
    await waitForWorkspace(page);
    const again = terminal(page, 1);
    await expect(again.tab).toBeVisible({ timeout: 30_000 });
    await again.run('git log --oneline', { output: /[0-9a-f]{7} \(HEAD -> main\) first/ });
    await clear(page, again);
    await again.run('git status --short', { output: /M app\.js/ });
    await expect(treeItem(page, 'app.js')).toBeVisible();
    await expect(treeItem(page, '.git')).toHaveCount(0);

    await page.getByRole('toolbar', { name: 'File actions' }).getByRole('button', { name: 'Show hidden folders' }).click();
    await expect(treeItem(page, '.git')).toBeVisible();
  });

  test('branches: checkout -b, commit, switch back, restore, show and merge', async ({ page }) => {
    await openIde(page);
    const t1 = terminal(page, 1);
    await t1.run('git init -q && echo "v1" > notes.txt && git add . && git commit -q -m "one"');
    await t1.run('git checkout -b feature', { output: "Switched to a new branch 'feature'" });
    await t1.run('echo "v2" > notes.txt && git commit -q -am "two"');
    await clear(page, t1);
    await t1.run('git switch main', { output: "Switched to branch 'main'" });
    await t1.run('cat notes.txt', { output: 'v1' });
    await t1.run('echo "scratch" > notes.txt');
    await t1.run('git restore notes.txt');
    await clear(page, t1);
    await t1.run('cat notes.txt', { output: 'v1' });
    await t1.run('git branch', { output: /feature[\s\S]*\* main/ });
    await clear(page, t1);
    await t1.run('git show feature', { output: '+v2' });
    await clear(page, t1);
    await t1.run('git merge feature', { output: 'Fast-forward' });
    await clear(page, t1);
    await t1.run('cat notes.txt', { output: 'v2' });
  });
});

/** Whether the IDE's IndexedDB holds `path` among the open workspace's files. */
function storedFileExists(page: Page, path: string): Promise<boolean> {
  return page.evaluate(async (wanted) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('tabsmith');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      const workspace = new URLSearchParams(location.search).get('ws') ?? '';
      const record = await new Promise((resolve, reject) => {
        const request = db.transaction('files').objectStore('files').get([workspace, wanted]);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      return record !== undefined;
    } finally {
      db.close();
    }
  }, path);
}
