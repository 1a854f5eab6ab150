import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { workerThreadsModule, type ThreadRequest, type ThreadSupport } from '@/lib/runtime-frame/offline/node/worker-threads';

// The module over a fake host: "starting a thread" hands its port to the test, which plays the thread's side
// of the protocol (what the runtime's thread worker posts), so the Worker object's behaviour is checked alone.
interface Started {
  request: ThreadRequest;
  port: MessagePort;
  exited(code: number): void;
  stopped: boolean;
}

const opened: MessagePort[] = [];
afterEach(() => {
  for (const port of opened.splice(0)) port.close();
});

function host(self?: ThreadSupport['self']) {
  const started: Started[] = [];
  let holds = 0;
  const printed: string[] = [];
  const support: ThreadSupport = {
    self,
    family: 'test',
    start(request, port, exited) {
      const entry: Started = { request, port, exited, stopped: false };
      opened.push(port);
      started.push(entry);
      return { threadId: started.length, stop: () => ((entry.stopped = true), exited(1)) };
    },
    reportError: () => false,
  };
  const module = workerThreadsModule({
    EventEmitter: EventEmitter as never,
    Readable: Readable as never,
    process: {
      cwd: () => '/project',
      env: { HOME: '/home', EMPTY: undefined },
      stdout: { write: (chunk: unknown) => printed.push(`out:${String(chunk)}`) },
      stderr: { write: (chunk: unknown) => printed.push(`err:${String(chunk)}`) },
    },
    hold: () => {
      holds++;
      return () => void holds--;
    },
    threads: support,
  });
  type WorkerLike = EventEmitter & { stdout: EventEmitter; threadId: number; postMessage(value: unknown): void; terminate(): Promise<number>; unref(): void };
  const Worker = module.Worker as new (filename: string | URL, options?: object) => WorkerLike;
  return { module, Worker, started, holds: () => holds, printed };
}

const next = (emitter: EventEmitter, event: string) => new Promise<unknown[]>((resolve) => emitter.once(event, (...args: unknown[]) => resolve(args)));

describe('worker_threads', () => {
  it('starts a thread for a path relative to the cwd, with its workerData and a copy of the env', () => {
    const { Worker, started } = host();
    const worker = new Worker('./work.js', { workerData: { n: 7 }, argv: ['--x', 2] });
    expect(worker.threadId).toBe(1);
    expect(started[0]?.request).toEqual({
      invocation: { kind: 'file', path: '/project/./work.js', args: ['--x', '2'] },
      cwd: '/project',
      env: { HOME: '/home' },
      workerData: { n: 7 },
    });
    const fromUrl = new Worker(new URL('file:///project/other%20file.mjs'));
    expect(fromUrl.threadId).toBe(2);
    expect(started[1]?.request.invocation).toEqual({ kind: 'file', path: '/project/other file.mjs', args: [] });
  });

  it("refuses a bare file name in Node's words", () => {
    const { Worker } = host();
    expect(() => new Worker('work.js')).toThrow(expect.objectContaining({ code: 'ERR_WORKER_PATH' }));
  });

  it("delivers the thread's messages, 'online' and 'error' to the Worker, and 'exit' after them", async () => {
    const { Worker, started } = host();
    const worker = new Worker('postMessage(1)', { eval: true });
    const thread = started[0] as Started;
    const events: unknown[] = [];
    worker.on('online', () => events.push('online'));
    worker.on('message', (value) => events.push(['message', value]));
    worker.on('error', (error) => events.push(['error', (error as Error).message]));
    const exit = next(worker, 'exit');
    thread.port.postMessage({ k: 'online' });
    thread.port.postMessage({ k: 'm', v: { answer: 42 } });
    thread.port.postMessage({ k: 'error', v: new TypeError('bad input') });
    await new Promise((resolve) => setTimeout(resolve, 20));
    thread.exited(1);
    expect(await exit).toEqual([1]);
    expect(events).toEqual(['online', ['message', { answer: 42 }], ['error', 'bad input']]);
  });

  it("posts to the thread wrapped, keeps the process alive until the thread ends or is unref'd, and terminate() resolves with 1", async () => {
    const { Worker, started, holds } = host();
    const worker = new Worker('./a.js');
    const thread = started[0] as Started;
    const received = new Promise((resolve) => (thread.port.onmessage = (event) => resolve(event.data)));
    const shared = new Int32Array(new SharedArrayBuffer(4));
    worker.postMessage({ shared });
    expect(await received).toEqual({ k: 'm', v: { shared } });
    expect(holds()).toBe(1);
    worker.unref();
    expect(holds()).toBe(0);
    await expect(worker.terminate()).resolves.toBe(1);
    expect(thread.stopped).toBe(true);
  });

  it('in a thread: parentPort receives what the parent posts once listened to, and workerData and threadId are its own', async () => {
    const channel = new MessageChannel();
    opened.push(channel.port1, channel.port2);
    const { module, holds } = host({ port: channel.port2, threadId: 3, workerData: { n: 1 } });
    expect(module.isMainThread).toBe(false);
    expect(module.threadId).toBe(3);
    expect(module.workerData).toEqual({ n: 1 });
    const parentPort = module.parentPort as EventEmitter & { postMessage(value: unknown): void };
    channel.port1.postMessage({ k: 'm', v: 'hello thread' });
    const [value] = await next(parentPort, 'message');
    expect(value).toBe('hello thread');
    // As in Node, a port is ref'd while it has 'message' listeners (the once-listener above is gone by now), and
    // ref()/unref() set it directly, listeners or not.
    expect(holds()).toBe(0);
    const listener = () => undefined;
    parentPort.on('message', listener);
    expect(holds()).toBe(1);
    parentPort.removeListener('message', listener);
    expect(holds()).toBe(0);
    (parentPort as unknown as { ref(): void }).ref();
    expect(holds()).toBe(1);
    const back = new Promise((resolve) => (channel.port1.onmessage = (event) => resolve(event.data)));
    parentPort.postMessage('hello parent');
    expect(await back).toEqual({ k: 'm', v: 'hello parent' });
  });

  it('MessageChannel ports carry values to their Node-style listeners', async () => {
    const { module } = host();
    const { port1, port2 } = new (
      module.MessageChannel as new () => { port1: EventEmitter & { postMessage(v: unknown): void; close(): void }; port2: EventEmitter & { close(): void } }
    )();
    const got = next(port2, 'message');
    port1.postMessage({ x: 1 });
    expect(await got).toEqual([{ x: 1 }]);
    port1.close();
    port2.close();
  });

  it('receiveMessageOnPort takes a queued message at once, in order, and then says there is none', async () => {
    const { module } = host();
    type Port = EventEmitter & { postMessage(v: unknown): void; close(): void };
    const { port1, port2 } = new (module.MessageChannel as new () => { port1: Port; port2: Port })();
    const receive = module.receiveMessageOnPort as (port: unknown) => { message: unknown } | undefined;
    port1.postMessage({ n: 1 });
    port1.postMessage({ n: 2 });
    expect(receive(port2)).toEqual({ message: { n: 1 } });
    const got = next(port2, 'message');
    expect(await got).toEqual([{ n: 2 }]);
    expect(receive(port2)).toBeUndefined();
    expect(() => receive({})).toThrow(expect.objectContaining({ code: 'ERR_INVALID_ARG_TYPE' }));
    port1.close();
    port2.close();
  });

  it("passes the thread's stdout and stderr to the parent's, and to worker.stdout listeners", async () => {
    const { Worker, started, printed } = host();
    const worker = new Worker('./a.js');
    const thread = started[0] as Started;
    const seen: string[] = [];
    worker.stdout.on('data', (chunk) => seen.push(String(chunk)));
    thread.port.postMessage({ k: 'out', v: 'one\n' });
    thread.port.postMessage({ k: 'err', v: 'oops\n' });
    thread.port.postMessage({ k: 'out', v: 'two\n' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    thread.exited(0);
    await next(worker, 'exit');
    expect(seen).toEqual(['one\n', 'two\n']);
    expect(printed).toEqual(['out:one\n', 'err:oops\n', 'out:two\n']);
  });

  it("keeps a thread's stdout to itself when asked with { stdout: true }", async () => {
    const { Worker, started, printed } = host();
    const worker = new Worker('./a.js', { stdout: true });
    const thread = started[0] as Started;
    const got = next(worker.stdout, 'data');
    thread.port.postMessage({ k: 'out', v: 'mine' });
    expect(String((await got)[0])).toBe('mine');
    expect(printed).toEqual([]);
    thread.exited(0);
  });

  it("refuses an env that is no object in Node's words", () => {
    const { Worker } = host();
    expect(() => new Worker('./a.js', { env: 42 })).toThrow(
      'The "options.env" property must be of type object or one of undefined, null, or worker_threads.SHARE_ENV. Received type number (42)',
    );
  });

  it('parentPort.onmessage receives a MessageEvent with the message as its data', async () => {
    const channel = new MessageChannel();
    opened.push(channel.port1, channel.port2);
    const { module } = host({ port: channel.port2, threadId: 2, workerData: null });
    const parentPort = module.parentPort as { onmessage: ((event: MessageEvent) => void) | null };
    const got = new Promise<MessageEvent>((resolve) => (parentPort.onmessage = resolve));
    channel.port1.postMessage({ k: 'm', v: 21 });
    const event = await got;
    expect(event.data).toBe(21);
    expect(event.type).toBe('message');
    parentPort.onmessage = null;
    expect(parentPort.onmessage).toBeNull();
  });

  it('a port delivers the messages waiting when its turn began, even if a listener closes it, and later ones in a later turn', async () => {
    const { module } = host();
    type Port = EventEmitter & { postMessage(v: unknown): void; close(): void };
    const { port1, port2 } = new (module.MessageChannel as new () => { port1: Port; port2: Port })();
    const got: unknown[] = [];
    port1.on('message', (value) => {
      got.push(value);
      port1.close();
    });
    port2.postMessage('foo');
    port2.postMessage('bar');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(got).toEqual(['foo', 'bar']);

    const channel = new (module.MessageChannel as new () => { port1: Port; port2: Port })();
    let echoes = 0;
    let timerRan = false;
    channel.port1.on('message', () => {
      echoes++;
      if (!timerRan) channel.port2.postMessage(0);
    });
    setTimeout(() => (timerRan = true), 0);
    channel.port2.postMessage(0);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(timerRan).toBe(true);
    expect(echoes).toBeLessThan(100);
    channel.port1.close();
  });
});
