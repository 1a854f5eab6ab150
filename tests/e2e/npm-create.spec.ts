import { expect, test } from '@playwright/test';
import { importProject } from './support/project';
import { terminal } from './support/terminal';
import { treeItem } from './support/workspace';

// The offline runtime's npm beyond `npm install <name>`, in one workspace (one boot, which alone takes up to
// ~15 s on a busy machine): a file: dependency, an override and .npmrc, which the IDE's own install applies
// when the project opens, then initializers (create-tabsmith-demo, a hand-written package in the fixture registry,
// fetched through the app's npm proxy) run by `npm create` and `npm init`.

test('file: dependencies and overrides install; npm create and npm init <initializer> scaffold with the arguments given', async ({ page }, info) => {
  test.setTimeout(120_000);
  await importProject(page, info, 'local-and-overrides', {
    'package.json': {
      name: 'local-and-overrides',
      version: '1.0.0',
      private: true,
      dependencies: { 'tabsmith-fixture-odd': '^1.2.0', 'my-lib': 'file:./libs/my-lib' },
      // tabsmith-fixture-odd depends on tabsmith-fixture-num; the project swaps in its own copy.
      overrides: { 'tabsmith-fixture-num': 'file:./patches/num' },
    },
    // The project's .npmrc is read: a setting the runtime cannot honour is named, not dropped.
    '.npmrc': 'save-exact=true\nengine-strict=true\n',
    'libs/my-lib/package.json': { name: 'my-lib', version: '0.1.0', main: 'index.js' },
    'libs/my-lib/index.js': "module.exports = 'hello from my-lib';\n",
    'patches/num/package.json': { name: 'tabsmith-fixture-num', version: '1.0.1-patched', main: 'index.js' },
    'patches/num/index.js': "module.exports = (value) => { console.log('patched num saw ' + value); return true; };\n",
  });
  const shell = terminal(page, 1);
  await expect(shell.panel).toContainText(/added \d+ packages/);
  await expect(shell.panel).toContainText('engine-strict (in /home/project/.npmrc) has no effect here');
  await page.getByRole('button', { name: 'Clear terminal' }).click();
  await shell.run(`node -e "console.log(require('my-lib'))"`, { output: 'hello from my-lib' });
  await shell.run(`node -e "console.log('odd:' + require('tabsmith-fixture-odd')(3))"`, { output: 'patched num saw 3' });
  await shell.run('grep resolved package-lock.json', { output: '"resolved": "file:patches/num"' });

  await page.getByRole('button', { name: 'Clear terminal' }).click();
  await shell.run('npm create tabsmith-demo@latest my-app -- --flavour x', { output: 'Scaffolded my-app (flavour: x)', timeout: 45_000 });
  await expect(treeItem(page, 'my-app')).toBeVisible();
  await shell.run('cat my-app/package.json', { output: '"flavour": "x"' });

  // npm init with the initializer's short name; without `--` the words still reach it.
  await shell.run('npm init tabsmith-demo other', { output: 'Scaffolded other (flavour: plain)' });
  await expect(treeItem(page, 'other')).toBeVisible();
  await shell.run('cd other && npm start', { output: 'other says plain' });
});
