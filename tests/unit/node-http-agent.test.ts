// @vitest-environment jsdom
/**
 * Node's http semantics a program notices beyond serving a page: agents and their connection bookkeeping,
 * a client dropping its connection, the headers Node adds, and Node's errors for what must not go out.
 */
import { describe, expect, it } from 'vitest';
import { node, trackServers, workspace } from './node-run-helpers';

const servers = trackServers();

async function run(source: string) {
  return node(workspace({ '/main.js': source }), ['main.js'], '/', undefined, { servers });
}

describe('node: http agents, connections and errors', () => {
  it('keeps at most maxSockets connections per host, queues the rest and parks kept-alive ones', async () => {
    const result = await run(`
const http = require('http');
const agent = http.Agent({ keepAlive: true, maxSockets: 2 });
const server = http.Server((req, res) => setTimeout(() => res.end('ok'), 5));
server.listen(3201, () => {
  const name = agent.getName({ host: 'localhost', port: 3201 });
  let done = 0;
  for (let i = 0; i < 4; i++) {
    http.get({ host: 'localhost', port: 3201, agent }, (res) => {
      res.resume();
      res.on('end', () => {
        if (++done < 4) return;
        setTimeout(() => {
          console.log('free', agent.freeSockets[name].length, 'busy', name in agent.sockets);
          agent.destroy();
          server.close();
        }, 5);
      });
    });
  }
  console.log(name, agent.sockets[name].length, agent.requests[name].length);
});
`);
    expect(result.output).toBe('localhost:3201: 2 2\nfree 2 busy false\n');
    expect(result.code).toBe(0);
  });

  it('tells the server when a client aborts, and the client gets "socket hang up" before any answer', async () => {
    const result = await run(`
const http = require('http');
const server = http.createServer((req, res) => {
  res.writeHead(200);
  res.write('partial');
  req.on('aborted', () => console.log('server: aborted'));
  res.on('close', () => { console.log('server: close, finished', res.writableFinished); server.close(); });
});
server.listen(3202, () => {
  const req = http.get({ port: 3202 }, (res) => res.once('data', () => req.abort()));
  req.on('abort', () => console.log('client: abort'));
  const early = http.get({ port: 3202 });
  early.on('error', (error) => console.log('early:', error.code, error.message));
  early.destroy();
});
`);
    expect(result.output.split('\n').sort().join('\n')).toBe(
      ['', 'client: abort', 'early: ECONNRESET socket hang up', 'server: aborted', 'server: close, finished false'].join('\n'),
    );
  });

  it("sends Node's connection headers, keeps them out of getHeaders, and counts an AbortSignal's listeners", async () => {
    const result = await run(`
const http = require('http');
const { getEventListeners } = require('events');
const server = http.createServer((req, res) => {
  console.log('request connection:', req.headers.connection);
  res.setHeader('X-A', '1');
  res.writeHead(200);
  console.log('own headers:', Object.keys(res.getHeaders()).join());
  res.end('body');
});
server.listen(3203, () => {
  const controller = new AbortController();
  http.get({ port: 3203, agent: new http.Agent(), signal: controller.signal }, (res) => {
    console.log(res.rawHeaders.filter((_, i) => i % 2 === 0).join());
    res.resume();
    res.on('end', () => server.close());
  });
  console.log('abort listeners:', getEventListeners(controller.signal, 'abort').length);
});
`);
    expect(result.output).toBe('abort listeners: 1\nrequest connection: close\nown headers: x-a\nX-A,Date,Connection,Transfer-Encoding\n');
  });

  it('reports a response destroyed with an error on its request, closes both, and aborts at once on an aborted signal', async () => {
    const result = await run(`
const http = require('http');
const server = http.createServer((req, res) => {
  res.writeHead(200, [['constructor', 'a'], ['constructor', 'b']].flat());
  res.write('part');
});
server.listen(3205, () => {
  const signal = AbortSignal.abort();
  const early = http.get({ port: 3205, signal });
  console.log('destroyed at once', early.destroyed);
  early.on('error', (error) => console.log('early:', error.name));
  const req = http.get({ port: 3205 }, (res) => {
    console.log('header', res.headers.constructor);
    res.destroy(new Error('stop'));
    console.log('errored', res.errored.message, 'closed', res.closed);
    res.on('close', () => console.log('res closed', res.closed));
  });
  req.on('error', (error) => console.log('req error:', error.message));
  req.on('close', () => { console.log('req closed'); server.close(); });
});
`);
    expect(result.output).toBe(
      'destroyed at once true\nearly: AbortError\nheader a, b\nerrored stop closed false\nreq error: stop\nres closed true\nreq closed\n',
    );
  });

  it("refuses what Node refuses, with Node's codes", async () => {
    const result = await run(`
const http = require('http');
const codes = [];
const attempt = (fn) => { try { fn(); codes.push('none'); } catch (error) { codes.push(error.code); } };
attempt(() => http.request({ path: '/a b' }));
attempt(() => http.setMaxIdleHTTPParsers(0));
attempt(() => http.validateHeaderValue('x', 'a\\r\\nb'));
const server = http.createServer((req, res) => {
  attempt(() => res.writeEarlyHints({ link: 'not a link' }));
  attempt(() => res.writeHead(200, 'OK\\r\\nX-Injected: 1'));
  res.statusMessage = 'OK';
  res.strictContentLength = true;
  res.setHeader('Content-Length', 2);
  res.write('a');
  attempt(() => res.end('bc'));
  res.end('b');
});
server.listen(3204, () => http.get({ port: 3204 }, (res) => {
  let body = '';
  res.setEncoding('utf8');
  res.on('data', (text) => (body += text));
  res.on('end', () => { console.log([...codes, body].join()); server.close(); });
}));
`);
    expect(result.output).toBe(
      'ERR_UNESCAPED_CHARACTERS,ERR_OUT_OF_RANGE,ERR_INVALID_CHAR,ERR_INVALID_ARG_VALUE,ERR_INVALID_CHAR,ERR_HTTP_CONTENT_LENGTH_MISMATCH,ab\n',
    );
  });
});
