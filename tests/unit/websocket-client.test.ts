import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ByteTunnel } from '@/lib/runtime-frame/offline/node/ports';
import { connectWebSocket, type WebSocketConnection } from '@/lib/runtime-frame/offline/websocket/client';
import { encodeClientFrame, FrameReader, OPCODE } from '@/lib/runtime-frame/offline/websocket/frames';
import { servePreviewSockets, type FrameSocketMessage } from '@/lib/runtime-frame/offline/websocket/preview-sockets';

// The client is checked against the `ws` package's server, over a real TCP connection standing in for the
// runtime's byte tunnel: what a server in the tab sees is what this server sees.
const servers: WebSocketServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

async function startServer(
  onConnection: (socket: WebSocket, request: { url?: string; headers: Record<string, unknown> }) => void,
  refuse = false,
): Promise<number> {
  const server = new WebSocketServer({
    port: 0,
    host: '127.0.0.1',
    handleProtocols: (protocols) => (protocols.has('vite-hmr') ? 'vite-hmr' : false),
    verifyClient: () => !refuse,
  });
  servers.push(server);
  server.on('connection', onConnection);
  await new Promise((resolve) => server.once('listening', resolve));
  return (server.address() as AddressInfo).port;
}

function tcpTunnel(port: number): ByteTunnel {
  const socket = connect(port, '127.0.0.1');
  return {
    write: (bytes) => void socket.write(bytes),
    end: () => void socket.end(),
    onData: (listener) => void socket.on('data', (chunk) => listener(new Uint8Array(chunk))),
    onEnd: (listener) => void socket.on('close', listener),
  };
}

function open(port: number, path = '/?token=abc', protocols = ['vite-hmr']) {
  const events: unknown[] = [];
  let ready: () => void = () => undefined;
  let done: (result: { code: number; reason: string; wasClean: boolean }) => void = () => undefined;
  const opened = new Promise<void>((resolve) => (ready = resolve));
  const closed = new Promise<{ code: number; reason: string; wasClean: boolean }>((resolve) => (done = resolve));
  const connection: WebSocketConnection = connectWebSocket(
    tcpTunnel(port),
    { port, path, protocols, origin: `http://localhost:${port}` },
    {
      open: (protocol) => (events.push({ open: protocol }), ready()),
      message: (data) => events.push(typeof data === 'string' ? data : Array.from(data)),
      close: (code, reason, wasClean) => done({ code, reason, wasClean }),
    },
  );
  return { events, opened, closed, connection };
}

describe('WebSocket client over a byte connection', () => {
  it('upgrades with the path, protocol and origin the page gave, and carries text and binary both ways', async () => {
    let seen: { url?: string; origin?: unknown } = {};
    const port = await startServer((socket, request) => {
      seen = { url: request.url, origin: request.headers.origin };
      socket.on('message', (data, isBinary) => socket.send(isBinary ? data : `echo ${String(data)}`, { binary: isBinary }));
      socket.send('{"type":"connected"}');
    });
    const client = open(port);
    await client.opened;
    client.connection.send('hello');
    client.connection.send(new Uint8Array([1, 2, 3]));
    await expect.poll(() => client.events.length).toBe(4);
    expect(client.events).toEqual([{ open: 'vite-hmr' }, '{"type":"connected"}', 'echo hello', [1, 2, 3]]);
    expect(seen).toEqual({ url: '/?token=abc', origin: `http://localhost:${port}` });
    client.connection.close(1000, 'bye');
    expect(await client.closed).toEqual({ code: 1000, reason: 'bye', wasClean: true });
  });

  it("answers the server's pings, reads a large message, and reports a close the server began", async () => {
    const big = 'x'.repeat(70_000);
    let ponged = false;
    const port = await startServer((socket) => {
      socket.on('pong', () => {
        ponged = true;
        socket.send(big);
        socket.close(4001, 'server done');
      });
      socket.ping();
    });
    const client = open(port);
    const result = await client.closed;
    expect(ponged).toBe(true);
    expect(client.events[1]).toBe(big);
    expect(result).toEqual({ code: 4001, reason: 'server done', wasClean: true });
  });

  it('fails without a clean close when the server refuses the upgrade', async () => {
    const port = await startServer(() => undefined, true);
    const client = open(port);
    expect(await client.closed).toEqual({ code: 1006, reason: '', wasClean: false });
    expect(client.events).toEqual([]);
  });
});

describe("preview pages' sockets", () => {
  function fakeChannel() {
    const listeners = new Set<(event: MessageEvent) => void>();
    const posted: FrameSocketMessage[] = [];
    return {
      posted,
      fromPage: (data: unknown) => listeners.forEach((listener) => listener({ data } as MessageEvent)),
      postMessage: (message: FrameSocketMessage) => void posted.push(message),
      addEventListener: (_type: 'message', listener: (event: MessageEvent) => void) => void listeners.add(listener),
      removeEventListener: (_type: 'message', listener: (event: MessageEvent) => void) => void listeners.delete(listener),
    };
  }

  it("carries a page's socket to the server on its port, refuses a port nobody serves, and ignores malformed messages", async () => {
    const port = await startServer((socket) => socket.on('message', (data) => socket.send(`echo ${String(data)}`)));
    const channel = fakeChannel();
    const stop = servePreviewSockets(
      (asked) => (asked === port ? { serve: () => undefined, close: () => undefined, tunnel: () => tcpTunnel(port) } : undefined),
      channel,
    );
    channel.fromPage({ t: 'ws-open', id: 'a', port, path: '/?token=abc', protocols: ['vite-hmr'] });
    await expect.poll(() => channel.posted[0]).toEqual({ t: 'ws-opened', id: 'a', protocol: 'vite-hmr' });
    channel.fromPage({ t: 'ws-send', id: 'a', data: 'hi' });
    await expect.poll(() => channel.posted[1]).toEqual({ t: 'ws-message', id: 'a', data: 'echo hi' });
    channel.fromPage({ t: 'ws-open', id: 'b', port: 9, path: '/', protocols: [] });
    expect(channel.posted[2]).toEqual({ t: 'ws-closed', id: 'b', code: 1006, reason: '', wasClean: false });
    channel.fromPage({ t: 'ws-open', id: 'c', port, path: 'no-slash', protocols: [] });
    channel.fromPage({ t: 'ws-send', id: 'a', data: 42 });
    expect(channel.posted).toHaveLength(3);
    channel.fromPage({ t: 'ws-close', id: 'a', code: 1000, reason: 'done' });
    await expect.poll(() => channel.posted[3]).toEqual({ t: 'ws-closed', id: 'a', code: 1000, reason: 'done', wasClean: true });
    stop();
  });

  it('drops a socket whose page went away: the server sees it gone at once, with no closing handshake', async () => {
    const seen: { code: number; clients: number }[] = [];
    const port = await startServer((socket) => socket.on('close', (code) => seen.push({ code, clients: server?.clients.size ?? -1 })));
    const server = servers.at(-1);
    const channel = fakeChannel();
    const stop = servePreviewSockets(() => ({ serve: () => undefined, close: () => undefined, tunnel: () => tcpTunnel(port) }), channel);
    channel.fromPage({ t: 'ws-open', id: 'gone', port, path: '/', protocols: [] });
    await expect.poll(() => channel.posted[0]).toMatchObject({ t: 'ws-opened', id: 'gone' });
    expect(server?.clients.size).toBe(1);
    channel.fromPage({ t: 'ws-drop', id: 'gone' });
    // 1006: the connection ended without a close frame, as when a browser unloads a page.
    await expect.poll(() => seen).toEqual([{ code: 1006, clients: 0 }]);
    stop();
  });
});

describe('WebSocket frames', () => {
  it('reads frames however the bytes are cut, and a masked frame unmasks to its payload', () => {
    const frame = encodeClientFrame(OPCODE.text, new TextEncoder().encode('hi there'), new Uint8Array([9, 8, 7, 6]));
    const reader = new FrameReader();
    expect(reader.push(frame.subarray(0, 3))).toEqual([]);
    const [read] = reader.push(frame.subarray(3));
    expect(read?.opcode).toBe(OPCODE.text);
    expect(new TextDecoder().decode(read?.payload)).toBe('hi there');
  });
});
