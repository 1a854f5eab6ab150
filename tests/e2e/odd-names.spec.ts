import { expect, test } from '@playwright/test';
import { terminal } from './support/terminal';
import { alertWith, createWorkspace, fileTree, openLauncher, treeItem, waitForWorkspace } from './support/workspace';

/**
 * Programs in the runtime may name files anything their file system takes; the IDE cannot store every such name.
 * Whatever it cannot keep, it says so, by name, before a reload makes the file disappear; and a name that would
 * read differently on screen (a right-to-left override) is shown with that character visible.
 */
test('files with names the IDE cannot store are reported by name, and a bidi override is shown, not obeyed', async ({ page }) => {
  test.setTimeout(150_000);
  await openLauncher(page);
  await createWorkspace(page, 'Odd names');
  const shell = terminal(page, 1);
  // Character codes, so neither the shell nor JavaScript's own escapes stand between the test and the names.
  await shell.run(
    `node -e "const fs=require('fs'), c=String.fromCharCode; for (const n of ['L'.repeat(300)+'.txt', 'ctl'+c(1)+c(7)+'.txt', 'new'+c(10)+'line.txt', 'kept-'+c(0x202e)+'txt.exe']) fs.writeFileSync(n, 'x'); console.log(fs.readdirSync('.').length, 'written')"`,
    { output: '4 written' },
  );

  const report = alertWith(page, 'not saved');
  await expect(report).toBeVisible({ timeout: 30_000 });
  await expect(report).toContainText(`/${'L'.repeat(300)}.txt`);
  await expect(report).toContainText('/ctl[U+0001][U+0007].txt');
  await expect(report).toContainText('/new[U+000A]line.txt');
  await expect(report).toContainText('longer than 255 characters');
  await expect(report).toContainText('gone after a reload');

  // The override is stored (the name is legal), and shown with the character visible, in the tree and its tab.
  const bidi = treeItem(page, 'kept-[U+202E]txt.exe');
  await expect(bidi).toBeVisible();
  await expect(fileTree(page)).not.toContainText('\u202e');
  await bidi.click();
  await expect(page.getByRole('tablist', { name: 'Open files' }).getByRole('tab', { name: 'kept-[U+202E]txt.exe' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('odd-names.png') });

  await page.reload();
  await waitForWorkspace(page);
  await expect(treeItem(page, 'kept-[U+202E]txt.exe')).toBeVisible();
  // The names that could not be stored are gone from the runtime now, and the IDE says which, rather than nothing.
  const after = alertWith(page, 'not saved in your last session');
  await expect(after).toBeVisible({ timeout: 30_000 });
  await expect(after).toContainText('/new[U+000A]line.txt');
  await expect(after).toContainText('/ctl[U+0001][U+0007].txt');
  await shell.run(`node -e "console.log(require('fs').readdirSync('.').filter(n => n.length > 200 || /[\\x00-\\x1f]/.test(n)).length, 'odd left')"`, {
    output: '0 odd left',
  });
});
