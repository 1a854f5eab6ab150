import { describe, expect, it } from 'vitest';
import { serveRuntime } from '@/lib/runtime-frame/serve/serve';
import { frameMessageSchema, requestEnvelopeSchema, resultSchemas, type FrameMessage } from '@/lib/runtime/isolated/protocol';
import { createMemoryRuntime } from './fakes/memory-runtime';

/** The frame's end of the protocol over a real MessageChannel, with an in-memory runtime behind it. */
async function connect(files: Record<string, string> = {}) {
  const runtime = await createMemoryRuntime(files);
  const channel = new MessageChannel();
  serveRuntime(runtime, channel.port2);
  const received: FrameMessage[] = [];
  channel.port1.onmessage = (event: MessageEvent) => {
    const parsed = frameMessageSchema.safeParse(event.data);
    if (parsed.success) received.push(parsed.data);
  };
  let id = 0;
  const ask = async (request: unknown, tries = 200) => {
    const myId = ++id;
    channel.port1.postMessage({ id: myId, request });
    for (let i = 0; i < tries; i++) {
      const answer = received.find((m) => m.kind === 'response' && m.id === myId);
      if (answer) return answer;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return null;
  };
  return { runtime, ask, received, idePort: channel.port1, framePort: channel.port2, close: () => (channel.port1.close(), channel.port2.close()) };
}

describe('runtime frame protocol', () => {
  it('serves file requests with values that pass the result schemas', async () => {
    const frame = await connect({ '/a.txt': 'hello' });
    const read = await frame.ask({ op: 'fs.readFile', path: '/a.txt' });
    expect(read).toMatchObject({ ok: true });
    const bytes = resultSchemas['fs.readFile'].parse(read && 'value' in read ? read.value : null);
    expect(new TextDecoder().decode(bytes)).toBe('hello');
    await frame.ask({
      op: 'fs.writeFiles',
      files: [
        { path: '/src/b.js', data: 'b' },
        { path: '/c.txt', data: new Uint8Array([99]) },
      ],
    });
    expect(await frame.runtime.fs.readTextFile('/src/b.js')).toBe('b');
    expect(await frame.runtime.fs.readTextFile('/c.txt')).toBe('c');
    frame.close();
  });

  it('answers a failing request with its error, not silence', async () => {
    const frame = await connect();
    const answer = await frame.ask({ op: 'spawn', command: 'node', args: [], options: {} });
    expect(answer).toMatchObject({ ok: false, error: { message: expect.stringContaining('spawn is not modelled') } });
    frame.close();
  });

  it('ignores malformed requests (unknown ops, wrong types, oversized fields)', async () => {
    const frame = await connect({ '/a.txt': 'x' });
    expect(await frame.ask({ op: 'fs.readFile', path: 42 }, 30)).toBeNull();
    expect(await frame.ask({ op: 'eval', code: 'alert(1)' }, 30)).toBeNull();
    expect(await frame.ask({ op: 'proc.write', pid: 1, data: 'x'.repeat(1_000_001) }, 30)).toBeNull();
    // A well-formed request after them is still served.
    expect(await frame.ask({ op: 'fs.exists', path: '/a.txt' })).toMatchObject({ ok: true, value: true });
    expect(requestEnvelopeSchema.safeParse({ id: -1, request: { op: 'ping' } }).success).toBe(false);
    frame.close();
  });

  it('forwards watch events for the watch id the IDE chose', async () => {
    const frame = await connect();
    await frame.ask({ op: 'fs.watch', watchId: 7, path: '/' });
    await frame.runtime.fs.writeFile('/new.txt', 'n');
    await expect
      .poll(() => frame.received.some((m) => m.kind === 'event' && m.event.type === 'fs' && m.event.watchId === 7 && m.event.event.path === '/new.txt'))
      .toBe(true);
    frame.close();
  });

  it('rejects frame messages the IDE must not trust', () => {
    expect(frameMessageSchema.safeParse({ kind: 'event', event: { type: 'port', port: 70000, open: true } }).success).toBe(false);
    expect(frameMessageSchema.safeParse({ kind: 'event', event: { type: 'navigate', url: 'https://evil.example' } }).success).toBe(false);
    expect(resultSchemas.export.safeParse({ '/a': 'not bytes' }).success).toBe(false);
  });

  it('keeps its port from code that later replaces MessagePort and MessageEvent methods in the same realm', async () => {
    const frame = await connect({ '/a.txt': 'hello' });
    const seen: unknown[] = [];
    const postMessage = MessagePort.prototype.postMessage;
    const data = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data');
    // What a project's dev-server config could do on the frame's thread to be handed the IDE's port.
    MessagePort.prototype.postMessage = function (this: MessagePort, ...args: unknown[]) {
      seen.push(this);
      return Reflect.apply(postMessage, this, args);
    } as typeof postMessage;
    Object.defineProperty(MessageEvent.prototype, 'data', {
      configurable: true,
      get(this: MessageEvent) {
        seen.push(this.currentTarget);
        return data?.get?.call(this);
      },
    });
    try {
      const read = await frame.ask({ op: 'fs.readFile', path: '/a.txt' });
      expect(read).toMatchObject({ ok: true });
      // The replacements were in force (the test's own end went through them), yet never met the frame's end.
      expect(seen.some((target) => target === frame.idePort)).toBe(true);
      expect(seen.some((target) => target === frame.framePort)).toBe(false);
    } finally {
      MessagePort.prototype.postMessage = postMessage;
      if (data) Object.defineProperty(MessageEvent.prototype, 'data', data);
    }
    frame.close();
  });
});
