import { expect, test } from '@playwright/test';
import { openIde } from './support/ide';
import { terminal } from './support/terminal';
import { treeItem } from './support/workspace';

// `npm create` / `npm init <initializer>` in the offline runtime's terminal: the initializer
// (create-tabsmith-demo, a hand-written package in the fixture registry) is fetched through the app's npm
// proxy and run as npm runs it, and the project it writes shows up in the file tree.

test('npm create and npm init <initializer> scaffold a project with the arguments given', async ({ page }) => {
  test.setTimeout(60_000);
  await openIde(page);
  const shell = terminal(page, 1);

  await shell.run('npm create tabsmith-demo@latest my-app -- --flavour x', { output: 'Scaffolded my-app (flavour: x)', timeout: 30_000 });
  await expect(treeItem(page, 'my-app')).toBeVisible();
  await shell.run('cat my-app/package.json', { output: '"flavour": "x"' });
  await shell.run('cd my-app && npm start && cd ..', { output: 'my-app says x' });

  // npm init with the initializer's short name; without `--` the words still reach it.
  await shell.run('npm init tabsmith-demo other', { output: 'Scaffolded other (flavour: plain)' });
  await expect(treeItem(page, 'other')).toBeVisible();
  await shell.run('cat other/index.js', { output: 'console.log("other says plain");' });
});
