/**
 * The runtime frame's side of node processes in workers, without a browser: the file system as a worker sees
 * it (every call answered by the frame's VirtualFS, reads under node_modules kept), a worker's server bound in
 * the frame's one port table with its responses relayed, and execSync's child run to its end.
 */
import * as almost from 'almostnode';
import { describe, expect, it } from 'vitest';
import { PortTable, type PortEntry } from '@/lib/runtime-frame/offline/node/ports';
import { ServerTracker } from '@/lib/runtime-frame/offline/servers';
import { workerPorts } from '@/lib/runtime-frame/offline/workers/frame-ports';
import { frameTunnels } from '@/lib/runtime-frame/offline/workers/frame-tunnels';
import { FrameCodeStore } from '@/lib/runtime-frame/offline/workers/frame-code-store';
import { answerSync, answerVfs } from '@/lib/runtime-frame/offline/workers/frame-sync';
import type { FrameToWorker } from '@/lib/runtime-frame/offline/workers/protocol';
import { createRemoteVfs, type VfsCall } from '@/lib/runtime-frame/offline/workers/remote-vfs';
import { decodeAnswer, joinAnswer } from '@/lib/runtime-frame/offline/workers/wire';

function remoteOver(vfs: almost.VirtualFS) {
  const calls: VfsCall[] = [];
  const remote = createRemoteVfs({
    call: (body) => (calls.push(body), joinAnswer(answerVfs(vfs, body.method, body.args))),
    watch: () => () => undefined,
  });
  return { remote, calls };
}

describe('the file system seen from a worker', () => {
  it('reads, writes and stats through the frame, with bytes, stats and errors intact', () => {
    const vfs = new almost.VirtualFS();
    const { remote } = remoteOver(vfs);
    remote.vfs.mkdirSync('/app', { recursive: true });
    remote.vfs.writeFileSync('/app/data.bin', new Uint8Array([0, 255, 7]));
    expect(vfs.readFileSync('/app/data.bin')).toEqual(new Uint8Array([0, 255, 7]));
    expect(remote.vfs.readFileSync('/app/data.bin')).toEqual(new Uint8Array([0, 255, 7]));
    vfs.writeFileSync('/app/a.txt', 'héllo');
    expect(remote.vfs.readFileSync('/app/a.txt', 'utf8')).toBe('héllo');
    const stats = remote.vfs.statSync('/app');
    expect([stats.isDirectory(), stats.isFile(), stats.mtime instanceof Date]).toEqual([true, false, true]);
    expect(remote.vfs.readdirSync('/app').sort()).toEqual(['a.txt', 'data.bin']);
    expect(() => remote.vfs.readFileSync('/app/missing.txt')).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });

  it('reads text as the frame would, asking the frame for the bytes only', () => {
    const vfs = new almost.VirtualFS();
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0xc3, 0xa9, 0xff, 0x22, 0x0a]);
    vfs.writeFileSync('/mixed.txt', bytes);
    const { remote, calls } = remoteOver(vfs);
    for (const encoding of ['utf8', 'utf-8'] as const) expect(remote.vfs.readFileSync('/mixed.txt', encoding)).toBe(vfs.readFileSync('/mixed.txt', 'utf8'));
    expect(calls.map((call) => call.args)).toEqual([['/mixed.txt'], ['/mixed.txt']]);
  });

  it('answers the callback forms a task later', async () => {
    const vfs = new almost.VirtualFS();
    vfs.writeFileSync('/note.txt', 'later');
    const { remote } = remoteOver(vfs);
    let sync = true;
    const text = await new Promise((resolve, reject) => {
      remote.vfs.readFile('/note.txt', { encoding: 'utf8' }, (error, data) =>
        sync ? reject(new Error('called back synchronously')) : error ? reject(error) : resolve(data),
      );
      sync = false;
    });
    expect(text).toBe('later');
  });

  it('keeps answers under node_modules until the process writes something', () => {
    const vfs = new almost.VirtualFS();
    vfs.mkdirSync('/node_modules/pkg', { recursive: true });
    vfs.writeFileSync('/node_modules/pkg/index.js', 'one');
    const { remote, calls } = remoteOver(vfs);
    for (let i = 0; i < 3; i++) expect(remote.vfs.readFileSync('/node_modules/pkg/index.js', 'utf8')).toBe('one');
    expect(remote.vfs.existsSync('/node_modules/pkg/missing.js')).toBe(false);
    expect(remote.vfs.existsSync('/node_modules/pkg/missing.js')).toBe(false);
    expect(calls).toHaveLength(2);
    remote.vfs.writeFileSync('/node_modules/pkg/index.js', 'two');
    expect(remote.vfs.readFileSync('/node_modules/pkg/index.js', 'utf8')).toBe('two');
  });

  it('keeps whether a node_modules folder exists, which resolution asks for every folder above a file', () => {
    const vfs = new almost.VirtualFS();
    vfs.mkdirSync('/app/node_modules', { recursive: true });
    const { remote, calls } = remoteOver(vfs);
    for (let i = 0; i < 3; i++) {
      expect(remote.vfs.existsSync('/app/node_modules')).toBe(true);
      expect(remote.vfs.existsSync('/app/node_modules/vite/dist/node_modules')).toBe(false);
    }
    expect(calls).toHaveLength(2);
    // Not a node_modules folder: asked every time.
    remote.vfs.existsSync('/app/src');
    remote.vfs.existsSync('/app/src');
    expect(calls).toHaveLength(4);
  });

  it('refuses to call what is not a synchronous file system method', async () => {
    const answer = await answerSync(
      { op: 'vfs', method: 'constructor', args: [] },
      {
        vfs: new almost.VirtualFS(),
        ports: { bind: () => undefined, listening: () => false },
        runArgv: async () => 0,
        runLine: async () => 0,
        controllers: new Set(),
        code: new FrameCodeStore(),
        caller: {},
      },
    );
    expect(() => decodeAnswer(answer)).toThrow();
  });
});

describe("a worker's servers in the frame's port table", () => {
  function setUp() {
    const open = new Map<number, PortEntry>();
    const table = new PortTable({ open: (port, entry) => open.set(port, entry), close: (port) => open.delete(port) });
    const servers = new ServerTracker({ unregisterServer: () => undefined }, { open: () => undefined, close: () => undefined });
    const sent: FrameToWorker[] = [];
    const send = (message: FrameToWorker) => void sent.push(message);
    const tunnels = frameTunnels(send);
    const ports = workerPorts({
      ports: table,
      servers,
      owner: { serverOpened: () => undefined, serverClosed: () => undefined },
      send,
      toBuffer: (bytes) => Buffer.from(bytes),
      tunnels,
    });
    return { open, table, ports, sent, tunnels };
  }

  it("opens a connection of bytes to the worker's server, relays both ways, and closes it when the process ends", () => {
    const { table, ports, sent, tunnels } = setUp();
    ports.bind(5173);
    const tunnel = table.get(5173)?.tunnel?.();
    if (!tunnel) throw new Error('a worker server offers no byte connection');
    const received: string[] = [];
    let closed = 0;
    tunnel.onData((bytes) => received.push(new TextDecoder().decode(bytes)));
    tunnel.onEnd(() => closed++);
    tunnel.write(new TextEncoder().encode('GET / HTTP/1.1'));
    expect(sent.map((message) => message.type)).toEqual(['tunnel-open', 'tunnel-data']);
    const sid = (sent[0] as { sid: number }).sid;
    tunnels.data(sid, new TextEncoder().encode('HTTP/1.1 101'));
    expect(received).toEqual(['HTTP/1.1 101']);
    ports.dispose();
    expect(closed).toBe(1);
    // Nothing more goes to a process that is gone.
    tunnel.write(new Uint8Array([1]));
    expect(sent).toHaveLength(2);
  });

  it('relays a request to the worker and streams its response back', async () => {
    const { table, ports, sent } = setUp();
    ports.bind(3000);
    const response = table.request(3000, { method: 'GET', url: '/hello', headers: {} });
    const request = sent[0];
    expect(request).toMatchObject({ type: 'request', port: 3000, exchange: { url: '/hello' } });
    const rid = (request as { rid: number }).rid;
    ports.head(rid, { statusCode: 201, statusMessage: 'Created', headers: { 'content-type': 'text/plain' } });
    // What reaches the client is a Buffer again (messages deliver plain Uint8Arrays): `body += chunk` reads text.
    const served: unknown[] = [];
    const sink = { head: () => undefined, chunk: (bytes: Uint8Array) => served.push(bytes), end: () => undefined, abort: () => undefined };
    table.get(3000)?.serve({ method: 'GET', url: '/again', headers: {} }, sink);
    ports.chunk((sent[1] as { rid: number }).rid, new TextEncoder().encode('text'));
    expect(served.map((chunk) => `${String(chunk)} ${Buffer.isBuffer(chunk)}`)).toEqual(['text true']);
    ports.chunk(rid, new TextEncoder().encode('hi '));
    ports.chunk(rid, new TextEncoder().encode('there'));
    ports.end(rid);
    const { statusCode, body } = await response;
    expect([statusCode, new TextDecoder().decode(body)]).toEqual([201, 'hi there']);
  });

  it('refuses a port another process holds, and frees its ports when the process ends', async () => {
    const { table, ports, open } = setUp();
    table.bind(4000, '::', { serve: () => undefined, close: () => undefined });
    expect(() => ports.bind(4000)).toThrow(expect.objectContaining({ code: 'EADDRINUSE' }));
    ports.bind(4001);
    const pending = table.request(4001, { method: 'GET', url: '/', headers: {} });
    ports.dispose();
    await expect(pending).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect([...open.keys()]).toEqual([4000]);
  });

  it("lets the worker's clients reach another process's server, and refuses a port nobody holds", () => {
    const { table, ports, sent } = setUp();
    table.bind(5000, '::', {
      serve: (_exchange, sink) => (sink.head({ statusCode: 200, statusMessage: 'OK', headers: {} }), sink.chunk(new TextEncoder().encode('pong')), sink.end()),
      close: () => undefined,
    });
    expect([ports.listening(5000), ports.listening(5001)]).toEqual([true, false]);
    ports.serveClient(7, 5000, { method: 'GET', url: '/ping', headers: {} });
    ports.serveClient(8, 5001, { method: 'GET', url: '/', headers: {} });
    expect(sent.map((message) => `${message.type} ${'qid' in message ? message.qid : ''}`)).toEqual([
      'client-head 7',
      'client-chunk 7',
      'client-end 7',
      'client-abort 8',
    ]);
    expect(sent[3]).toMatchObject({ code: 'ECONNREFUSED' });
  });
});

describe('execSync from a worker', () => {
  it('runs the child to its end and answers with its status and output', async () => {
    const answer = await answerSync(
      { op: 'spawn-sync', command: { line: 'echo hi' }, cwd: '/', env: {}, input: 'typed' },
      {
        vfs: new almost.VirtualFS(),
        ports: { bind: () => undefined, listening: () => false },
        runArgv: async () => 127,
        runLine: async (line, io) => {
          let input = '';
          await new Promise<void>((resolve) => io.stdin.subscribe((data) => void (input += data), resolve));
          await new Promise((resolve) => setTimeout(resolve, 10));
          io.write(`${line} -> ${input}\n`);
          io.writeError?.('warned\n');
          return 3;
        },
        controllers: new Set(),
        code: new FrameCodeStore(),
        caller: {},
      },
    );
    expect(decodeAnswer(answer)).toEqual({ status: 3, stdout: 'echo hi -> typed\n', stderr: 'warned\n' });
  });
});
