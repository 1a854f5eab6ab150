// @vitest-environment jsdom
/**
 * Node's net in the offline runtime's `node`: a client connects to a `net` or `http` server of this machine and
 * the two exchange bytes, as over loopback in Node.
 */
import { describe, expect, it } from 'vitest';
import { node, trackServers, workspace } from './node-run-helpers';

const servers = trackServers();

async function run(source: string) {
  const vfs = workspace({ '/main.js': source });
  return node(vfs, ['main.js'], '/', undefined, { servers });
}

describe('node: net sockets between programs of this machine', () => {
  it('echoes bytes between a net server and client, ending and closing both sides', async () => {
    const result = await run(`
const net = require('net');
const server = net.createServer((socket) => {
  socket.on('data', (data) => socket.write('echo:' + data));
  socket.on('end', () => { console.log('server end'); socket.end(); });
  socket.on('close', () => console.log('server socket close'));
});
server.listen(0, () => {
  const client = net.connect(server.address().port, '127.0.0.1', () => {
    console.log('connected', client.remotePort === server.address().port);
    client.write('hi');
  });
  client.setEncoding('utf8');
  client.on('data', (text) => { console.log('client got', text); client.end(); });
  client.on('end', () => console.log('client end'));
  client.on('close', (hadError) => { console.log('client close', hadError); server.close(() => console.log('server closed')); });
});
`);
    expect(result.output).toBe('connected true\nclient got echo:hi\nserver end\nserver socket close\nclient end\nclient close false\nserver closed\n');
    expect(result.code).toBe(0);
  });

  it('refuses a connection to a port nobody listens on', async () => {
    const result = await run(`
const net = require('net');
net.connect(1).on('error', (error) => console.log(error.code, error.message));
`);
    expect(result.output).toBe('ECONNREFUSED connect ECONNREFUSED 127.0.0.1:1\n');
  });

  it('gives an http server raw requests and writes its responses as bytes, closing after an HTTP/1.0 answer', async () => {
    const result = await run(`
const http = require('http');
const net = require('net');
const server = http.createServer((req, res) => {
  res.setHeader('content-type', 'text/plain');
  res.write('hello', 'utf16le');
  res.end();
}).listen(0, () => {
  let text = '';
  const socket = net.connect(server.address().port);
  socket.write('GET / HTTP/1.0\\r\\n\\r\\n');
  socket.setEncoding('latin1');
  socket.on('data', (data) => (text += data));
  socket.on('end', () => {
    const at = text.indexOf('\\r\\n\\r\\n');
    console.log(JSON.stringify(text.slice(0, at).replace(/Date: .*\\r\\n/, '')), Buffer.from(text.slice(at + 4), 'latin1').toString('utf16le'));
    server.close();
  });
});
`);
    expect(result.output).toBe('"HTTP/1.1 200 OK\\r\\ncontent-type: text/plain\\r\\nConnection: close" hello\n');
    expect(result.code).toBe(0);
  });

  it("answers a request with an unknown method with Node's parse error and a bare 400", async () => {
    const result = await run(`
const http = require('http');
const net = require('net');
const server = http.createServer();
server.on('connection', (socket) => socket.on('error', (error) => console.log(error.code, error.message, error.bytesParsed)));
server.listen(0, () => {
  let text = '';
  const socket = net.createConnection({ port: server.address().port, allowHalfOpen: true });
  socket.setEncoding('latin1');
  socket.on('connect', () => socket.write('FOO /\\r\\n'));
  socket.on('data', (chunk) => (text += chunk));
  socket.on('end', () => { console.log(JSON.stringify(text)); server.close(); socket.end(); });
});
`);
    expect(result.output).toBe('HPE_INVALID_METHOD Parse Error: Invalid method encountered 1\n"HTTP/1.1 400 Bad Request\\r\\nConnection: close\\r\\n\\r\\n"\n');
    expect(result.code).toBe(0);
  });

  it('lets an http client read a response from a plain net server that closes to end the body', async () => {
    const result = await run(`
const http = require('http');
const net = require('net');
const server = net.createServer((socket) => socket.end('HTTP/1.1 200 ok\\r\\n\\r\\nHello')).listen(0, () => {
  http.get({ port: server.address().port }, (res) => {
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (chunk) => (body += chunk));
    res.on('end', () => { console.log(res.statusCode, body); server.close(); });
  });
});
`);
    expect(result.output).toBe('200 Hello\n');
    expect(result.code).toBe(0);
  });

  it("reads an http response in paused mode: one 'readable' for a body and its end, then 'end'", async () => {
    const result = await run(`
const http = require('http');
const server = http.createServer((req, res) => res.end('Hello')).listen(0, () => {
  http.get({ port: server.address().port }, (res) => {
    let data = '';
    res.on('readable', () => {
      console.log('readable');
      let chunk;
      while ((chunk = res.read()) !== null) data += chunk;
    });
    res.on('end', () => { console.log('end', data); server.close(); });
  });
});
`);
    expect(result.output).toBe('readable\nend Hello\n');
    expect(result.code).toBe(0);
  });
});
