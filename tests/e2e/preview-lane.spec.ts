import { expect, type Page } from '@playwright/test';
import { region } from './support/ide';
import { terminal } from './support/terminal';
import { sharedIdeTest } from './support/shared-ide';

/**
 * Previews are the user's code, and they stay in their lane: a preview page that never yields holds only its
 * own site's browser process (the runtime and its servers keep answering, and the preview is loaded again on
 * its own), and a preview cannot open the IDE in a new window.
 */
const test = sharedIdeTest();

const PAGE = [
  '<!doctype html><title>lane</title><h1>Lane page</h1>',
  '<button id=count onclick="this.textContent=String(Number(this.textContent)+1)">0</button>',
  '<button onclick="setTimeout(function(){ while (true) {} }, 50)">Loop forever</button>',
  "<button onclick=\"window.lastOpen = window.open(location.protocol + '//' + IDE_HOST + '/?from-preview=1')\">Open the IDE</button>",
  '<a href="about" target="_blank">About, in a new window</a>',
  '<button onclick="window.open(\'about?via=open\')">Open about</button>',
].join('');

/** A server whose page loops on a click, and that answers /ping with a count (what the terminal asks). */
function serverSource(ideHost: string): string {
  const page = PAGE.replace('IDE_HOST', JSON.stringify(ideHost).replace(/"/g, "'"));
  return [
    `let pings = 0;`,
    `require('http').createServer((req, res) => {`,
    `  if (req.url === '/ping') return res.end('pong ' + (++pings));`,
    `  if (req.url.startsWith('/about')) { res.setHeader('Content-Type', 'text/html'); return res.end('<h1>About page</h1><p>' + req.url + '</p>'); }`,
    `  res.setHeader('Content-Type', 'text/html'); res.end(${JSON.stringify(page)});`,
    `}).listen(3000);`,
  ].join('\n');
}

const previewFrame = (page: Page) => page.frameLocator('iframe[title="Preview"]');

async function startServer(page: Page): Promise<void> {
  const ideHost = new URL(page.url()).host;
  const t1 = terminal(page, 1);
  const encoded = Buffer.from(serverSource(ideHost)).toString('base64');
  await t1.run(`node -e "require('fs').writeFileSync('lane.js', Buffer.from('${encoded}', 'base64'))"`);
  await t1.start('node lane.js');
  await expect(previewFrame(page).getByRole('heading', { name: 'Lane page' })).toBeVisible({ timeout: 30_000 });
}

test.describe('previews stay in their lane', () => {
  test('a preview page on a site of its own, apart from the runtime frame', async ({ page }) => {
    await startServer(page);
    const src = (await region(page, 'Preview').locator('iframe[title="Preview"]').getAttribute('src')) ?? '';
    const runtimeHost = new URL((await page.locator('iframe[data-tabsmith-runtime]').getAttribute('src')) ?? '').hostname;
    expect(new URL(src).hostname).toBe(`p0-${runtimeHost}`);
  });

  test('a preview looping forever leaves the runtime answering, and is loaded again on its own', async ({ page }) => {
    await startServer(page);
    const frame = previewFrame(page);
    const stuck = region(page, 'Preview').locator('iframe[title="Preview"]');
    await stuck.evaluate((element) => element.setAttribute('data-stuck', ''));
    await frame.getByRole('button', { name: 'Loop forever' }).click();
    // Give the loop time to hold its process, then ask the server from another terminal.
    await page.waitForTimeout(1_000);
    await page.getByRole('button', { name: 'New terminal' }).click();
    const t2 = terminal(page, 2);
    const started = Date.now();
    await t2.run(`node -e "fetch('http://localhost:3000/ping').then(r => r.text()).then(t => console.log('got ' + t))"`, {
      output: /got pong \d+/,
      timeout: 20_000,
    });
    const answeredInMs = Date.now() - started;
    expect(answeredInMs).toBeLessThan(20_000);
    // The runtime was never restarted: the server's terminal did not end, and says nothing of a restart.
    await expect(page.getByText(/runtime stopped responding/)).toHaveCount(0);
    // The stuck preview is replaced by a fresh frame that works, and the pane says why it was loaded again.
    await expect(region(page, 'Preview').locator('iframe[title="Preview"][data-stuck]')).toHaveCount(0, { timeout: 30_000 });
    await expect(region(page, 'Preview').getByRole('status').filter({ hasText: 'The page stopped responding' })).toBeVisible();
    await frame.locator('#count').click();
    await expect(frame.locator('#count')).toHaveText('1');
    // The same server process answers again: the runtime kept running throughout.
    await t2.run(`node -e "fetch('http://localhost:3000/ping').then(r => r.text()).then(t => console.log('again ' + t))"`, { output: 'again pong 2' });
    await expect(page.getByText(/runtime stopped responding/)).toHaveCount(0);
  });

  test('window.open to the IDE from a preview does not open an IDE page', async ({ page }) => {
    await startServer(page);
    const opened: Page[] = [];
    page.context().on('page', (other) => opened.push(other));
    await previewFrame(page).getByRole('button', { name: 'Open the IDE' }).click();
    // The preview did try: its window.open went through the browser, which may show an error window.
    await expect.poll(() => opened.length, { timeout: 10_000 }).toBeGreaterThan(0);
    for (const other of opened) {
      await other.waitForLoadState().catch(() => undefined);
      await other.waitForTimeout(2_000);
      // Whatever that window shows, it is not the IDE: no workbench, no IDE title.
      await expect(other.getByRole('region', { name: 'Files' })).toHaveCount(0);
      expect(await other.title().catch(() => '')).not.toMatch(/Tabsmith/);
      await other.close();
    }
  });

  test("the preview's own pages opened in new windows (target=_blank, window.open) open in preview windows that show them", async ({ page }) => {
    await startServer(page);
    for (const [open, path] of [
      [() => previewFrame(page).getByRole('link', { name: 'About, in a new window' }).click(), '/about'],
      [() => previewFrame(page).getByRole('button', { name: 'Open about' }).click(), '/about?via=open'],
    ] as const) {
      const opening = page.context().waitForEvent('page');
      await open();
      const popup = await opening;
      // A preview window: the IDE's wrapper page, in the IDE tab's storage, showing the preview's page.
      expect(new URL(popup.url()).pathname).toBe('/preview-window');
      const shown = popup.frameLocator('iframe[title="Preview"]');
      await expect(shown.getByRole('heading', { name: 'About page' })).toBeVisible({ timeout: 20_000 });
      await expect(shown.getByText(path, { exact: true })).toBeVisible();
      await expect(popup.getByRole('region', { name: 'Files' })).toHaveCount(0);
      await popup.close();
    }
    // The IDE says where the page went, with a link in case the browser held the window back.
    await expect(region(page, 'Preview').getByRole('status').filter({ hasText: 'The page opened /about?via=open in a preview window.' })).toBeVisible();
    // The preview itself stayed where it was.
    await expect(previewFrame(page).getByRole('heading', { name: 'Lane page' })).toBeVisible();
  });

  test('a page that loops as it loads is loaded again once, then left alone with a message, not reloaded for ever', async ({ page }) => {
    const loops = `require('http').createServer((q, r) => { r.setHeader('Content-Type', 'text/html'); r.end('<h1>Loops</h1><script>while (true) {}</script>'); }).listen(3000)`;
    const t1 = terminal(page, 1);
    await t1.run(`node -e "require('fs').writeFileSync('loops.js', Buffer.from('${Buffer.from(loops).toString('base64')}', 'base64'))"`);
    await t1.start('node loops.js');
    const pane = region(page, 'Preview');
    const halted = pane.getByRole('alert').filter({ hasText: 'The page stopped responding again as it loaded' });
    await expect(halted).toBeVisible({ timeout: 60_000 });
    // No frame is left to loop, and it stays so: the page is not loaded again on its own.
    await expect(pane.locator('iframe[title="Preview"]')).toHaveCount(0);
    await page.waitForTimeout(8_000);
    await expect(halted).toBeVisible();
    await expect(pane.getByRole('button', { name: 'Load the page again' })).toBeVisible();
    // Only the page's own process was held: the runtime was never restarted.
    await expect(page.getByText(/runtime stopped responding/)).toHaveCount(0);
  });
});
