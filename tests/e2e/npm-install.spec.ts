import { test } from '@playwright/test';
import { openIde } from './support/ide';
import { terminal } from './support/terminal';

// Packages come from the fixture registry (tests/e2e/fixtures/registry) through the app's same-origin
// npm proxy, so this needs no network beyond loopback.

test('npm install fetches a package and its dependency, and node can require it', async ({ page }) => {
  test.setTimeout(120_000);
  await openIde(page);
  const t1 = terminal(page, 1);

  await t1.run('npm install tabsmith-fixture-odd', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Clear terminal' }).click();
  await t1.run('ls node_modules', { output: 'tabsmith-fixture-num' });
  await t1.run(`node -e "console.log('odd:' + require('tabsmith-fixture-odd')(3))"`, { output: 'odd:true' });
});
