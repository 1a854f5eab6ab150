import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { issueTicket, TICKET_TTL_MS } from '../../lib/server/runtime-ticket';
import { region } from './support/ide';
import { terminal } from './support/terminal';
import { importZip } from './support/workspace';

/**
 * The runtime frame runs whatever it is asked to, so only its IDE may ask. These are the attacks: another
 * program's page on this machine frames a runtime host and tries to drive it (with a made-up ticket, a real one
 * issued to the IDE, an expired one), and workspace code tries to send the IDE a forged "port open".
 */

const port = Number(process.env.TABSMITH_E2E_PORT ?? 3000);
const ideOrigin = `http://127.0.0.1:${port}`;

/**
 * The other program's page: frames the runtime, answers its hello with a port, and asks it to write a file and
 * run node, also without waiting for a hello. Everything that comes back is listed in #log.
 */
function attackerPage(frameUrl: string): string {
  return `<!doctype html><title>other program</title><pre id="log"></pre>
<iframe title="runtime" src="${frameUrl}"></iframe>
<script>
var log = document.getElementById('log');
function note(text) { log.textContent += text + '\\n'; }
function drive(target) {
  var channel = new MessageChannel();
  channel.port1.onmessage = function (m) { note('ANSWER ' + JSON.stringify(m.data).slice(0, 200)); };
  target.postMessage({ type: 'tabsmith:runtime-connect' }, '*', [channel.port2]);
  channel.port1.postMessage({ id: 1, request: { op: 'fs.writeFile', path: '/pwned.txt', data: 'owned' } });
  channel.port1.postMessage({ id: 2, request: { op: 'spawn', command: 'node', args: ['-e', 'console.log(6 * 7)'], options: {} } });
}
addEventListener('message', function (event) {
  note('HELLO ' + JSON.stringify(event.data).slice(0, 300));
  if (event.data && event.data.type === 'tabsmith:runtime-frame-ready') drive(event.source);
});
var frame = document.querySelector('iframe');
frame.addEventListener('load', function () { setTimeout(function () { drive(frame.contentWindow); note('SENT'); }, 1500); });
</script>`;
}

async function serve(html: () => string): Promise<{ server: Server; origin: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(html());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://localhost:${(server.address() as AddressInfo).port}` };
}

/**
 * Serves the runtime frame to the attacker's page without its frame-ancestors policy, as a browser that did not
 * enforce it would: what is left to stop the attack is the frame's own admission.
 */
async function withoutFrameAncestors(page: Page): Promise<void> {
  await page.route(/\.localhost:\d+\/runtime-frame/, async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({
      url: `http://127.0.0.1:${url.port}${url.pathname}${url.search}`,
      headers: { ...route.request().headers(), host: url.host },
    });
    const headers = { ...response.headers() };
    delete headers['content-security-policy'];
    await route.fulfill({ response, headers });
  });
}

test.describe('the runtime frame serves only its IDE', () => {
  test('a page on another local port that frames a runtime host cannot run a command or write a file', async ({ page, request }) => {
    await withoutFrameAncestors(page);
    const stolenHost = `wstolen-attack12-0.localhost:${port}`;
    // A real ticket, issued to the IDE (as if read out of the IDE's page), for the host the attacker frames.
    const issued = await request.post('/api/runtime-ticket', {
      headers: { origin: ideOrigin, 'content-type': 'application/json' },
      data: { origin: `http://${stolenHost}` },
    });
    expect(issued.status()).toBe(200);
    const { ticket: stolen } = (await issued.json()) as { ticket: string };
    const expiredHost = `wexpired-attack12-0.localhost:${port}`;
    const expired = issueTicket({ host: expiredHost, ideOrigin, now: Date.now() - TICKET_TTL_MS - 1000 }) ?? '';

    const guessed = `${Date.now() + 60_000}.${Buffer.from(ideOrigin).toString('base64url')}.${'A'.repeat(43)}`;
    const cases = [
      {
        name: 'a made-up label and ticket',
        host: `wforged-attack12-0.localhost:${port}`,
        ticket: 'forged',
        refusal: /not issued to an IDE: it has no valid ticket/,
      },
      {
        name: 'a well-formed ticket signed with a guessed key',
        host: `wguessed-attack12-0.localhost:${port}`,
        ticket: guessed,
        refusal: /not issued to an IDE: its ticket was not issued by this server/,
      },
      {
        name: 'a ticket the IDE was issued',
        host: stolenHost,
        ticket: stolen,
        refusal: /serves only the IDE it was issued to; it is embedded by http:\/\/localhost:\d+/,
      },
      { name: 'an expired ticket', host: expiredHost, ticket: expired, refusal: /its ticket has expired/ },
    ];
    for (const attack of cases) {
      let frameUrl = '';
      const { server, origin } = await serve(() => attackerPage(frameUrl));
      try {
        // The frame is told, in its URL, that the attacker's page is its IDE.
        frameUrl = `http://${attack.host}/runtime-frame?ide=${encodeURIComponent(origin)}&ticket=${encodeURIComponent(attack.ticket)}`;
        await page.goto(`${origin}/`);
        const runtime = page.frameLocator('iframe[title="runtime"]');
        await expect(runtime.getByText(/Tabsmith runtime refused/), attack.name).toBeVisible({ timeout: 30_000 });
        await expect(runtime.getByText(attack.refusal), attack.name).toBeVisible();
        const log = page.locator('#log');
        await expect(log, attack.name).toContainText('SENT', { timeout: 15_000 });
        // Time for answers to arrive, had the frame served anyone.
        await page.waitForTimeout(1500);
        const text = (await log.textContent()) ?? '';
        expect(text, attack.name).not.toContain('ANSWER');
        expect(text, attack.name).not.toContain('runtime-frame-ready');
      } finally {
        server.close();
      }
    }
  });

  test('a runtime host opened without a ticket, or with one for another host, boots nothing and says why', async ({ page, request }) => {
    const issued = await request.post('/api/runtime-ticket', {
      headers: { origin: ideOrigin, 'content-type': 'application/json' },
      data: { origin: `http://wone-attack12-0.localhost:${port}` },
    });
    const { ticket } = (await issued.json()) as { ticket: string };
    await page.goto(`http://wother-attack12-0.localhost:${port}/runtime-frame?ticket=${encodeURIComponent(ticket)}`);
    await expect(page.getByText(/Tabsmith runtime refused: this address was not issued to an IDE/)).toBeVisible();
    // Another program's page cannot get a ticket at all.
    const refused = await request.post('/api/runtime-ticket', {
      headers: { origin: 'http://localhost:3401', 'content-type': 'application/json' },
      data: { origin: `http://wone-attack12-0.localhost:${port}` },
    });
    expect(refused.status()).toBe(403);
  });
});

test.describe("workspace code and the IDE's channel", () => {
  test('code that patches MessagePort.prototype.postMessage, in a node process, a node --test file or on the frame itself, cannot make the IDE open a preview for a port nobody opened', async ({
    page,
  }, info) => {
    const attack = [
      "var forged = { kind: 'event', event: { type: 'port', port: 4445, open: true } };",
      'var sent = 0;',
      'var send = function (target) { try { target.postMessage(forged); sent++; } catch (e) {} };',
      'if (typeof MessagePort !== "undefined") {',
      '  var original = MessagePort.prototype.postMessage;',
      '  MessagePort.prototype.postMessage = function () { try { original.call(this, forged); sent++; } catch (e) {} return original.apply(this, arguments); };',
      '}',
      'send(globalThis);',
      "var channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel('tabsmith') : null;",
      'if (channel) { send(channel); channel.close(); }',
      "require('fs').writeFileSync('touched.txt', 'port traffic');",
      "setTimeout(function () { console.log('FORGED ' + (sent > 0 ? 'some' : 'none') + ' ATTACK DONE'); process.exit(0); }, 300);",
    ].join('\n');
    const server = "require('http').createServer(function (q, s) { s.end('<h1>real</h1>'); }).listen(3000);";
    const zipPath = info.outputPath('forger.zip');
    const testFile = "require('node:test')('forges', () => { require('./attack.js'); });";
    writeFileSync(zipPath, zipSync({ 'attack.js': strToU8(attack), 'attack.test.js': strToU8(testFile), 'server.js': strToU8(server) }));
    await importZip(page, zipPath);
    const shell = terminal(page, 1);
    await shell.waitForPrompt();
    // The same patch on the runtime frame's own thread, where only the runtime's own code runs (the shell, npm,
    // git, the test runner's reporting), should anything ever slip in: every port the frame then posts on is sent
    // a forged "port 4446 open" first, and one that names a process.
    const runtimeFrame = page.frames().find((frame) => new URL(frame.url()).pathname === '/runtime-frame');
    expect(runtimeFrame).toBeDefined();
    await runtimeFrame?.evaluate(() => {
      const original = MessagePort.prototype.postMessage;
      const forged = { kind: 'event', event: { type: 'port', port: 4446, open: true } };
      // One that names a process, as the frame's own port events do: a process the IDE does not know.
      const named = { kind: 'event', event: { type: 'port', port: 4447, open: true, pid: 987654 } };
      MessagePort.prototype.postMessage = function (this: MessagePort, ...args: unknown[]) {
        try {
          Reflect.apply(original, this, [forged]);
          Reflect.apply(original, this, [named]);
        } catch {
          // a port that refuses the message is simply skipped
        }
        return Reflect.apply(original, this, args);
      } as typeof original;
    });
    await shell.run('node attack.js', { output: /ATTACK DONE/, timeout: 30_000 });
    // Test files run as processes of their own, in workers too, never on the frame's thread.
    await shell.run('node --test attack.test.js', { output: /ATTACK DONE/, timeout: 30_000 });
    // A real server afterwards: its port shows up, the forged one never does.
    await shell.start('node server.js');
    const ports = region(page, 'Preview').getByRole('combobox', { name: 'Preview port' });
    await expect(ports.getByRole('option', { name: 'localhost:3000' })).toHaveCount(1, { timeout: 30_000 });
    for (const forged of ['4445', '4446', '4447']) {
      await expect(ports.getByRole('option', { name: `localhost:${forged}` })).toHaveCount(0);
      await expect(page.locator(`iframe[src*="/__virtual__/${forged}/"]`)).toHaveCount(0);
    }
  });
});
