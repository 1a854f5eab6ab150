import { expect, test, type Page } from '@playwright/test';
import { importProject } from './support/project';
import { terminal } from './support/terminal';

// Installed packages run by path with node, the way a package's own scripts run them: an ES module CLI with
// top-level await (serve), an old-style CommonJS server built on EventEmitter.call / Stream.call
// (http-server), express 5 imported from an ES module, and node's http client reaching those servers.

const previewFrame = (page: Page) => page.frameLocator('iframe[title="Preview"]');
const html = (t: string) => `<!doctype html><html><head><title>${t}</title></head><body><h1>${t}</h1></body></html>\n`;

test('serve, http-server and express installed with npm run from node_modules and answer each other', async ({ page }, info) => {
  test.setTimeout(240_000);
  await importProject(page, info, 'node-programs', {
    'package.json': { name: 'node-programs', version: '1.0.0', private: true },
    'site/index.html': html('Served by serve file'),
    'pub/index.html': html('Served by http-server file'),
    'app.mjs':
      "import express from 'express';\nconst app = express();\napp.get('/', (req, res) => res.send('<h1>express esm ok</h1>'));\napp.listen(3002, () => console.log('express esm on 3002'));\n",
    'tla.mjs':
      "const { default: dc } = await import('node:diagnostics_channel');\nconsole.log('tla ok', dc.tracingChannel('x').start.hasSubscribers, process.version);\n",
  });
  const shell = terminal(page, 1);
  await shell.run("npm install serve@14 http-server@14 express@5 && echo 'install' 'finished'", { output: 'install finished', timeout: 150_000 });
  await shell.run('node tla.mjs', { output: /tla ok false v22/ });
  await shell.run('node -v', { output: /v22\.\d+\.\d+/ });
  await shell.start('node node_modules/serve/build/main.js -l 3000 site');
  await expect(previewFrame(page).getByRole('heading', { name: 'Served by serve file' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'New terminal' }).click();
  const second = terminal(page, 2);
  await second.start('node node_modules/http-server/bin/http-server pub -p 3001');
  await expect(second.panel).toContainText('Hit CTRL-C to stop the server', { timeout: 60_000 });
  await page.getByRole('button', { name: 'New terminal' }).click();
  const third = terminal(page, 3);
  await third.run(
    `node -e "require('http').get('http://localhost:3001/', (r) => { let b = ''; r.on('data', (c) => b += c); r.on('end', () => console.log('hs ' + r.statusCode + ' ' + b.includes('Served by http-server file'))) })"`,
    { output: 'hs 200 true' },
  );
  await third.start('node app.mjs');
  await expect(third.panel).toContainText('express esm on 3002', { timeout: 60_000 });
  await page.getByRole('button', { name: 'New terminal' }).click();
  const fourth = terminal(page, 4);
  await fourth.run(
    `node -e "require('http').get('http://localhost:3002/', (r) => { let b = ''; r.on('data', (c) => b += c); r.on('end', () => console.log('ex ' + r.statusCode + ' ' + b)) })"`,
    { output: 'ex 200 <h1>express esm ok</h1>' },
  );
  await fourth.run(`node -e "require('http').get('http://localhost:3000/', (r) => console.log('serve ' + r.statusCode))"`, { output: 'serve 200' });
  // As in Node, an error nobody catches ends its process with status 1, though a server of it was listening.
  await fourth.run(`node -e "require('http').createServer().listen(3003); setTimeout(() => { throw new Error('bo' + 'om') }, 50)"; echo "status $?"`, {
    output: 'status 1',
  });
  await expect(fourth.panel).toContainText('Error: boom');
});
