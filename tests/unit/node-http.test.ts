// @vitest-environment jsdom
/**
 * Node's http in the offline runtime's `node`: servers created the ways frameworks create them, responses
 * written as Node writes them, and clients that reach a server of the same or of another process.
 */
import * as almost from 'almostnode';
import { describe, expect, it } from 'vitest';
import { nodeHost } from '@/lib/runtime-frame/offline/node/host';
import { node, trackServers, workspace } from './node-run-helpers';

const servers = trackServers();

const readBody = `
function read(res) {
  return new Promise((resolve) => { let body = ''; res.setEncoding('utf8'); res.on('data', (c) => (body += c)); res.on('end', () => resolve(body)); });
}`;

/** Starts `file` as a server process of its own and waits until it listens on `port`; abort `stop` to end it. */
async function startServerProcess(vfs: ReturnType<typeof workspace>, file: string, port: number, stop: AbortController) {
  const run = node(vfs, [file], '/', undefined, { servers, signal: stop.signal });
  const ports = nodeHost(vfs, almost.Runtime).ports;
  for (let i = 0; i < 100 && !ports.listening(port); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  return { run, ports };
}

describe('node: http servers and clients', () => {
  it('serves a listener given after an options object, and tells its address once listening', async () => {
    const vfs = workspace({
      '/main.js': `${readBody}
const http = require('http');
const server = http.createServer({ keepAliveTimeout: 1000 }, (req, res) => {
  res.setHeader('X-Seen', req.method + ' ' + req.url + ' ' + req.headers.host);
  res.end('hi ' + req.headers['x-who']);
});
console.log('before', server.listening, server.address());
server.on('listening', () => console.log('listening event', server.address().port, server.address().family));
server.listen({ port: 3101, host: 'localhost' }, () => {
  http.get({ port: 3101, path: '/a?b=1', headers: { 'X-Who': 'me' } }, async (res) => {
    console.log(res.statusCode, res.statusMessage, res.headers['x-seen'], res.headers['content-length'], await read(res));
    server.close(() => console.log('closed', server.listening));
  });
});
console.log('after listen', server.listening);
`,
    });
    const run = await node(vfs, ['main.js'], '/', undefined, { servers });
    expect(run.output).toBe('before false null\nafter listen false\nlistening event 3101 IPv4\n200 OK GET /a?b=1 localhost:3101 5 hi me\nclosed false\n');
    expect(run.code).toBe(0);
  });

  it('writes heads and bodies as Node does: writeHead, flushHeaders, chunks, then finish and close', async () => {
    const vfs = workspace({
      '/main.js': `${readBody}
const http = require('http');
const events = [];
const server = http.createServer();
server.on('request', (req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    res.setHeader('Set-Cookie', ['a=1', 'b=2']);
    res.writeHead(201, 'Made', { 'Content-Type': 'text/plain' });
    try { res.setHeader('X-Late', '1'); } catch (error) { events.push(error.code); }
    console.log('sent', res.headersSent, Object.keys(res.getHeaders()).sort().join());
    res.write('got ');
    setTimeout(() => res.end(body.toUpperCase()), 20);
  });
  res.on('finish', () => events.push('finish'));
  res.on('close', () => events.push('close'));
});
server.listen(3102, () => {
  const req = http.request('http://127.0.0.1:3102/upload', { method: 'POST' }, async (res) => {
    console.log(res.statusCode, res.statusMessage, JSON.stringify(res.headers['set-cookie']), res.headers['content-length']);
    console.log(await read(res));
    setTimeout(() => { console.log(events.join()); server.close(); }, 10);
  });
  req.write('hello ');
  req.end('world');
});
`,
    });
    const run = await node(vfs, ['main.js'], '/', undefined, { servers });
    expect(run.output).toBe('sent true content-type,set-cookie\n201 Made ["a=1","b=2"] undefined\ngot HELLO WORLD\nERR_HTTP_HEADERS_SENT,finish,close\n');
  });

  it('refuses a connection where nothing listens, a port taken twice, and a bad port, in Node’s words', async () => {
    const vfs = workspace({
      '/main.js': `
const http = require('http');
http.get('http://localhost:3199/').on('error', (error) => {
  console.log(error.code, error.message);
  const first = http.createServer().listen(3103, () => {
    http.createServer().listen(3103).on('error', (taken) => {
      console.log(taken.code);
      try { http.createServer().listen(70000); } catch (bad) { console.log(bad.code); }
      const any = http.createServer().listen(0, () => {
        console.log(any.address().port > 1024);
        any.close();
        first.close();
      });
    });
  });
});
`,
    });
    const run = await node(vfs, ['main.js'], '/', undefined, { servers });
    expect(run.output).toBe('ECONNREFUSED connect ECONNREFUSED 127.0.0.1:3199\nEADDRINUSE\nERR_SOCKET_BAD_PORT\ntrue\n');
  });

  it('lets a client in one process reach a server of another, which keeps running until it is stopped', async () => {
    const vfs = workspace({
      '/server.js': `require('http').createServer((req, res) => res.end('from the server process')).listen(3104, () => console.log('up'));`,
      '/client.js': `${readBody}
require('http').get('http://localhost:3104/', async (res) => console.log(res.statusCode, await read(res)));`,
    });
    const stop = new AbortController();
    const { run: serverRun, ports } = await startServerProcess(vfs, 'server.js', 3104, stop);
    const client = await node(vfs, ['client.js'], '/', undefined, { servers });
    expect(client).toMatchObject({ code: 0, output: '200 from the server process\n' });
    stop.abort();
    expect((await serverRun).output).toBe('up\n');
    expect(ports.listening(3104)).toBe(false);
  });

  it('keeps a client process running while its request waits for a slow answer, as an open socket does in Node', async () => {
    const vfs = workspace({
      // The answer comes well after the runtime's idle window: only the open request keeps the client alive.
      '/slow.js': `require('http').createServer((req, res) => setTimeout(() => res.end('late answer'), 1200)).listen(3106, () => console.log('up'));`,
      '/client.js': `${readBody}
require('http').get('http://localhost:3106/', async (res) => console.log(res.statusCode, await read(res)));`,
    });
    const stop = new AbortController();
    const { run: serverRun } = await startServerProcess(vfs, 'slow.js', 3106, stop);
    const client = await node(vfs, ['client.js'], '/', undefined, { servers });
    expect(client).toMatchObject({ code: 0, output: '200 late answer\n' });
    // A program that looks at the status and never reads the body still ends once the answer is sent.
    vfs.writeFileSync('/status.js', `require('http').get('http://localhost:3106/', (res) => console.log('status', res.statusCode));`);
    const glance = await node(vfs, ['status.js'], '/', undefined, { servers });
    expect(glance).toMatchObject({ code: 0, output: 'status 200\n' });
    stop.abort();
    await serverRun;
  });

  it('answers fetch to localhost from the server listening there, and fails it as undici does where none listens', async () => {
    const vfs = workspace({
      '/main.js': `
const server = require('http').createServer((req, res) => { res.setHeader('Content-Type', 'application/json'); res.end(JSON.stringify({ path: req.url, method: req.method })); });
server.listen(3105, async () => {
  const response = await fetch('http://localhost:3105/items?x=1', { method: 'POST', body: 'b' });
  console.log(response.status, response.headers.get('content-type'), JSON.stringify(await response.json()));
  await fetch('http://127.0.0.1:3198/').catch((error) => console.log(error.message, error.cause.code));
  server.close();
});
`,
    });
    const run = await node(vfs, ['main.js'], '/', undefined, { servers });
    expect(run.output).toBe('200 application/json {"path":"/items?x=1","method":"POST"}\nfetch failed ECONNREFUSED\n');
  });

  it("gives a request without a Host header (the preview's) the host of the server, as the browser sent it", async () => {
    const vfs = workspace({
      '/main.js': `require('http').createServer((req, res) => res.end(req.headers.host)).listen(3106, () => console.log('up'));`,
    });
    const stop = new AbortController();
    const serverRun = node(vfs, ['main.js'], '/', undefined, { servers, signal: stop.signal });
    const ports = nodeHost(vfs, almost.Runtime).ports;
    for (let i = 0; i < 100 && !ports.listening(3106); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    const answer = await ports.request(3106, { method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(new TextDecoder().decode(answer.body)).toBe('localhost:3106');
    stop.abort();
    await serverRun;
  });
});
