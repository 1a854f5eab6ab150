import { expect, test, type Page } from '@playwright/test';
import { importProject } from './support/project';
import { terminal, visibleLines, type TerminalDriver } from './support/terminal';

// Web frameworks installed from the registry serve in the offline runtime as they do on Node: the preview
// shows their page, and curl in another terminal reads exactly the bytes the server sent (the preview's
// scripts go only into pages the preview frame loads). child_process starts node as a real child process.
// A page's WebSocket to its own server (the `ws` package on the server's http server) is carried by the runtime.

const previewFrame = (page: Page) => page.frameLocator('iframe[title="Preview"]');

const SERVERS = {
  'fastify.js': [
    "const fastify = require('fastify')();",
    "fastify.get('/', async (request, reply) => reply.type('text/html').send('<h1>Fastify says hi</h1>\\n'));",
    'fastify.listen({ port: 3000 }).then((address) => console.log(`fastify at ${address}`));',
  ],
  'hono.mjs': [
    "import { Hono } from 'hono';",
    "import { serve } from '@hono/node-server';",
    'const app = new Hono();',
    "app.get('/', (c) => c.html('<h1>Hono says hi</h1>\\n'));",
    'serve({ fetch: app.fetch, port: 3000 }, (info) => console.log(`hono on ${info.port}`));',
  ],
  'koa.js': [
    "const Koa = require('koa');",
    'const app = new Koa();',
    "app.use((ctx) => { ctx.type = 'html'; ctx.body = '<h1>Koa says hi</h1>\\n'; });",
    "app.listen(3000, () => console.log('koa on 3000'));",
  ],
};

const CHAT_PAGE = `<!doctype html><html><body><h1>connecting</h1><ul></ul><script>
const socket = new WebSocket('ws://' + location.host + '/chat');
const state = (text) => (document.querySelector('h1').textContent = text);
socket.onopen = () => { state('connected'); socket.send('hello from the page'); };
socket.onmessage = (event) => { const item = document.createElement('li'); item.textContent = event.data; document.querySelector('ul').append(item); };
socket.onclose = (event) => state('closed ' + event.code);
</script></body></html>`;

const CHAT_SERVER = [
  "const http = require('http');",
  "const { WebSocketServer } = require('ws');",
  `const page = ${JSON.stringify(CHAT_PAGE)};`,
  "const server = http.createServer((request, response) => { response.setHeader('content-type', 'text/html'); response.end(page); });",
  "const sockets = new WebSocketServer({ server, path: '/chat' });",
  "sockets.on('connection', (socket) => socket.on('message', (data) => { console.log(`server got ${data}`); socket.send(`echo: ${data}`); }));",
  "server.listen(3001, () => console.log('chat on 3001'));",
];

/** The line the command printed: the row after the command's own, which must be followed by the prompt. */
async function outputOf(shell: TerminalDriver, command: string): Promise<string[]> {
  const lines = await visibleLines(shell.panel);
  const at = lines.findLastIndex((line) => line.endsWith(command));
  return lines.slice(at + 1);
}

test('Fastify, Hono and Koa serve the preview and curl; a script spawns node', async ({ page }, info) => {
  test.setTimeout(180_000);
  await importProject(page, info, 'node-servers', {
    'package.json': {
      name: 'node-servers',
      version: '1.0.0',
      private: true,
      dependencies: { fastify: '^5', hono: '^4', '@hono/node-server': '^1', koa: '^3', ws: '^8' },
    },
    'chat.js': `${CHAT_SERVER.join('\n')}\n`,
    ...Object.fromEntries(Object.entries(SERVERS).map(([file, lines]) => [file, `${lines.join('\n')}\n`])),
    'spawn.js': [
      "const { spawn } = require('child_process');",
      "const child = spawn('node', ['-e', 'console.log(1+1)']);",
      "child.stdout.on('data', (data) => process.stdout.write(`child printed ${data}`));",
      "child.on('close', (code) => console.log(`child exit code ${code}`));",
      '',
    ].join('\n'),
  });
  const first = terminal(page, 1);
  await page.getByRole('button', { name: 'New terminal' }).click();
  const second = terminal(page, 2);
  await second.run('node spawn.js', { output: 'child exit code 0' });
  expect(await outputOf(second, 'node spawn.js')).toEqual(['child printed 2', 'child exit code 0', expect.stringMatching(/\$$/)]);

  const runs: [string, string, string][] = [
    ['fastify.js', 'fastify at http://127.0.0.1:3000', 'Fastify says hi'],
    ['hono.mjs', 'hono on 3000', 'Hono says hi'],
    ['koa.js', 'koa on 3000', 'Koa says hi'],
  ];
  for (const [file, started, heading] of runs) {
    await first.select();
    await first.start(`node ${file}`);
    await expect(first.panel).toContainText(started, { timeout: 30_000 });
    await expect(previewFrame(page).getByRole('heading', { name: heading })).toBeVisible({ timeout: 30_000 });
    await second.select();
    const curl = 'curl -s http://localhost:3000/';
    await second.run(curl, { output: `<h1>${heading}</h1>` });
    expect(await outputOf(second, curl), `curl prints ${file}'s body as sent`).toEqual([`<h1>${heading}</h1>`, expect.stringMatching(/\$$/)]);
    await first.select();
    await first.panel.click();
    await page.keyboard.press('Control+C');
    await first.waitForPrompt();
  }

  // The page's WebSocket reaches the ws server through the runtime, both ways.
  await first.start('node chat.js');
  await expect(first.panel).toContainText('chat on 3001', { timeout: 30_000 });
  await page.getByRole('combobox', { name: 'Preview port' }).selectOption('3001');
  await expect(previewFrame(page).getByRole('heading', { name: 'connected' })).toBeVisible({ timeout: 30_000 });
  await expect(previewFrame(page).getByRole('listitem')).toHaveText(['echo: hello from the page']);
  await expect(first.panel).toContainText('server got hello from the page');
});
