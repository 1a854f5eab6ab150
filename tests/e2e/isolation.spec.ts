import { zipSync, strToU8 } from 'fflate';
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openByName, region } from './support/ide';
import { terminal } from './support/terminal';
import { importZip } from './support/workspace';

/**
 * The user's code is hostile. A workspace's `node` script and its preview page each try to reach the IDE: its
 * DOM, its IndexedDB (every workspace, conversations, audit log) and its model route. Each attempt must fail,
 * whatever the code tries.
 */

/** Plain ES5-ish probe shared by the node script and the preview page; prints one line per attempt. */
function probeSource(ideOrigin: string): string {
  return `
async function probe() {
  var lines = [];
  function name(e) { return e && e.name ? e.name : String(e); }
  try { lines.push('parent.document: READ ' + window.parent.document.title); } catch (e) { lines.push('parent.document: blocked (' + name(e) + ')'); }
  try { lines.push('top.location: READ ' + window.top.location.href); } catch (e) { lines.push('top.location: blocked (' + name(e) + ')'); }
  try {
    var dbs = await indexedDB.databases();
    lines.push('databases: [' + dbs.map(function (d) { return d.name; }).join(',') + ']');
  } catch (e) { lines.push('databases: blocked (' + name(e) + ')'); }
  try {
    var db = await new Promise(function (resolve, reject) { var q = indexedDB.open('tabsmith'); q.onsuccess = function () { resolve(q.result); }; q.onerror = function () { reject(q.error); }; });
    lines.push('tabsmith stores: [' + Array.from(db.objectStoreNames).join(',') + ']');
    db.close();
  } catch (e) { lines.push('tabsmith stores: blocked (' + name(e) + ')'); }
  try {
    var res = await fetch('${ideOrigin}/api/ai', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"messages":[]}' });
    lines.push('api/ai json: READ ' + res.status);
  } catch (e) { lines.push('api/ai json: blocked (' + name(e) + ')'); }
  try {
    await fetch('${ideOrigin}/api/ai', { method: 'POST', mode: 'no-cors', body: '{"messages":[]}' });
    lines.push('api/ai no-cors: sent');
  } catch (e) { lines.push('api/ai no-cors: blocked (' + name(e) + ')'); }
  try { window.top.location.href = '${ideOrigin}/?hijacked=1'; lines.push('top navigation: READ allowed'); } catch (e) { lines.push('top navigation: blocked (' + name(e) + ')'); }
  return 'PROBE ' + location.origin + '\\n' + lines.join('\\n') + '\\nPROBE END';
}`;
}

function hostileZip(path: string, ideOrigin: string): void {
  const page = `<!doctype html><html><head><title>hostile</title></head><body><pre id="out">probing…</pre>
<script>${probeSource(ideOrigin)}
probe().then(function (text) { document.getElementById('out').textContent = text; });
// Pretends to be the preview bridge passing on a person's F6, over and over, to pull focus around the IDE.
setInterval(function () { parent.postMessage({ tag: 'tabsmith-preview-bridge', kind: 'key', code: 'F6', shiftKey: false }, '*'); }, 20);</script></body></html>`;
  const server = `require('http').createServer(function (req, res) { res.setHeader('Content-Type', 'text/html'); res.end(require('fs').readFileSync(__dirname + '/index.html', 'utf8')); }).listen(3000);`;
  // The interval keeps the process alive until the probe's promises settle (no timers would otherwise be pending).
  const attack = `${probeSource(ideOrigin)}\nvar keep = setInterval(function () {}, 50);\nprobe().then(function (text) { console.log(text); clearInterval(keep); });\n`;
  writeFileSync(path, zipSync({ 'index.html': strToU8(page), 'server.js': strToU8(server), 'attack.js': strToU8(attack) }));
}

/**
 * Every attempt blocked; the only databases the runtime's origin sees are its own (never the IDE's data). A page
 * is refused the IDE's frames by the browser (SecurityError); a node process runs in a worker, which has no
 * parent or top to reach at all (TypeError).
 */
function expectAllBlocked(text: string, where: 'page' | 'worker'): void {
  const refused = where === 'page' ? 'SecurityError' : 'TypeError';
  expect(text).toMatch(new RegExp(`parent\\.document: blocked \\(${refused}\\)`));
  expect(text).toMatch(new RegExp(`top\\.location: blocked \\(${refused}\\)`));
  expect(text).toMatch(new RegExp(`top navigation: blocked \\(${refused}\\)`));
  // "tabsmith" on the runtime's origin is at most an empty database the probe itself created: the IDE's stores
  // (workspaces, files, conversations, audit) are not in it.
  expect(text).toMatch(/tabsmith stores: \[\]/);
  expect(text).toMatch(/api\/ai json: blocked \(TypeError\)/);
  expect(text).not.toContain('READ');
}

test.describe('isolation of the user code', () => {
  test('a node script and a preview page cannot reach the IDE, its storage or its model route', async ({ page, baseURL }, info) => {
    const ideOrigin = new URL(baseURL ?? page.url()).origin;
    const apiStatuses: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/ai' && response.request().method() === 'POST') apiStatuses.push(response.status());
    });
    const zipPath = info.outputPath('hostile.zip');
    hostileZip(zipPath, ideOrigin);
    await importZip(page, zipPath);

    const shell = terminal(page, 1);
    await shell.waitForPrompt();
    await shell.run('node attack.js');
    await expect(shell.panel).toContainText('PROBE END', { timeout: 30_000 });
    const fromNode = await shell.panel.innerText();
    expect(fromNode).not.toContain(`PROBE ${ideOrigin}`);
    expectAllBlocked(fromNode.replace(/\u00a0/g, ' '), 'worker');

    await shell.start('node server.js');
    const out = page.frameLocator('iframe[title="Preview"]').locator('#out');
    await expect(out).toContainText('PROBE END', { timeout: 30_000 });
    const fromPreview = (await out.textContent()) ?? '';
    expect(fromPreview).not.toContain(`PROBE ${ideOrigin}`);
    expectAllBlocked(fromPreview, 'page');

    // The POSTs that did leave the browser (no-cors) were refused by the server.
    await expect.poll(() => apiStatuses.length).toBeGreaterThanOrEqual(1);
    for (const status of apiStatuses) expect([403, 415]).toContain(status);

    // The page's forged F6 messages do not move keyboard focus while the user types in the editor.
    await openByName(page, 'index', 'index.html');
    const text = region(page, 'Editor').getByRole('textbox', { name: 'Contents of index.html' });
    await text.click();
    await page.keyboard.press('ControlOrMeta+Home');
    for (const word of ['typing ', 'while ', 'the ', 'page ', 'posts ']) {
      await page.keyboard.type(word, { delay: 40 });
      await expect(text).toBeFocused();
    }
    await expect(text).toContainText('typing while the page posts');

    // The IDE's own data is intact and still its own.
    const names = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
    expect(names).toContain('tabsmith');
  });
});
