import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contractCases, runContract } from '@/lib/runtime/contract';
import { type PortEvent, type PreviewError, type Runtime } from '@/lib/runtime/port';
import { createFakeWebContainerApi, type FakeApiOptions } from './fakes/webcontainer-api';

// The adapter keeps one boot promise per module (per page); a fresh module per test keeps tests apart.
async function loadAdapter() {
  const { vi } = await import('vitest');
  vi.resetModules();
  return import('@/lib/runtime/webcontainer');
}

let live: Runtime[] = [];
async function boot(options: FakeApiOptions = {}, timeoutMs = 1000) {
  const fake = createFakeWebContainerApi(options);
  const adapter = await loadAdapter();
  const runtime = await adapter.bootWebContainerRuntime({ timeoutMs, api: fake.api });
  live.push(runtime);
  return { runtime, fake, wc: fake.wc, adapter };
}

afterEach(() => {
  for (const runtime of live) runtime.dispose();
  live = [];
});

const callsOf = (calls: { method: string; args: unknown[] }[], method: string) => calls.filter((c) => c.method === method).map((c) => c.args);

async function readUntil(stream: ReadableStream<string>, needle: string): Promise<string> {
  const reader = stream.getReader();
  let text = '';
  while (!text.includes(needle)) {
    const { done, value } = await reader.read();
    if (done) break;
    text += value;
  }
  reader.releaseLock();
  return text;
}

describe('booting', () => {
  it('boots once with the workdir, COEP and preview-error options', async () => {
    const { runtime, fake } = await boot();
    expect(runtime.kind).toBe('webcontainer');
    // 'exceptions-only': with `true` every console.error (React's dev warnings) would reach the error bar.
    expect(fake.bootCalls).toEqual([{ workdirName: 'project', coep: 'require-corp', forwardPreviewErrors: 'exceptions-only' }]);
  });

  it('shares one boot between concurrent callers (StrictMode runs effects twice)', async () => {
    const fake = createFakeWebContainerApi();
    const adapter = await loadAdapter();
    const [a, b] = await Promise.all([
      adapter.bootWebContainerRuntime({ timeoutMs: 1000, api: fake.api }),
      adapter.bootWebContainerRuntime({ timeoutMs: 1000, api: fake.api }),
    ]);
    live.push(a);
    expect(a).toBe(b);
    expect(fake.bootCalls).toHaveLength(1);
  });

  it('boots a fresh container after dispose', async () => {
    const fake = createFakeWebContainerApi();
    const adapter = await loadAdapter();
    const first = await adapter.bootWebContainerRuntime({ timeoutMs: 1000, api: fake.api });
    first.dispose();
    first.dispose(); // idempotent: the real teardown() throws on a second call
    const second = await adapter.bootWebContainerRuntime({ timeoutMs: 1000, api: fake.api });
    live.push(second);
    expect(second).not.toBe(first);
    expect(fake.instances[0]?.tornDown).toBe(true);
    expect(fake.bootCalls).toHaveLength(2);
  });

  it('rejects a boot that hangs with a clear boot-timeout error, and a later call can still succeed', async () => {
    const fake = createFakeWebContainerApi({ hangBoot: true });
    const adapter = await loadAdapter();
    const error = await adapter.bootWebContainerRuntime({ timeoutMs: 100, api: fake.api }).catch((e: unknown) => e);
    // Not toBeInstanceOf: resetModules gives the adapter its own copy of the port module.
    expect(error).toMatchObject({ name: 'RuntimeError', code: 'boot-timeout' });
    expect((error as Error).message).toMatch(/WebContainer did not finish booting within 0\.1 s/i);

    const retry = adapter.bootWebContainerRuntime({ timeoutMs: 1000, api: fake.api });
    fake.releaseBoot();
    const runtime = await retry;
    live.push(runtime);
    expect(runtime.kind).toBe('webcontainer');
    // The retry waited for the same boot instead of calling boot() again (which would throw).
    expect(fake.bootCalls).toHaveLength(1);
  });

  it('reports a failed boot as boot-failed and boots again on the next call', async () => {
    const fake = createFakeWebContainerApi({ failBoot: 'iframe blocked' });
    const adapter = await loadAdapter();
    await expect(adapter.bootWebContainerRuntime({ timeoutMs: 1000, api: fake.api })).rejects.toMatchObject({
      code: 'boot-failed',
      message: expect.stringContaining('iframe blocked'),
    });
    await expect(adapter.bootWebContainerRuntime({ timeoutMs: 1000, api: fake.api })).rejects.toThrow();
    expect(fake.bootCalls).toHaveLength(2);
  });
});

describe('file system call shapes', () => {
  it('maps workspace paths to workdir-relative ones and creates parents on write', async () => {
    const { runtime, wc } = await boot();
    await runtime.fs.writeFile('/src/lib/a.js', 'x');
    expect(callsOf(wc.calls, 'fs.mkdir')).toContainEqual(['src/lib', { recursive: true }]);
    expect(callsOf(wc.calls, 'fs.writeFile')).toContainEqual(['src/lib/a.js', 'x']);
    await runtime.fs.writeFile('top.txt', 'y');
    expect(callsOf(wc.calls, 'fs.writeFile')).toContainEqual(['top.txt', 'y']);
  });

  it('uses readdir withFileTypes, recursive mkdir and rm with recursive + force', async () => {
    const { runtime, wc } = await boot();
    await runtime.fs.mkdir('/a/b');
    await runtime.fs.readdir('/');
    await runtime.fs.rm('/a');
    expect(callsOf(wc.calls, 'fs.mkdir')).toContainEqual(['a/b', { recursive: true }]);
    expect(callsOf(wc.calls, 'fs.readdir')).toContainEqual(['.', { withFileTypes: true }]);
    expect(callsOf(wc.calls, 'fs.rm')).toContainEqual(['a', { recursive: true, force: true }]);
  });

  it('watches a folder and reports workspace paths, also for changes made before a new watch registered', async () => {
    const { runtime, wc } = await boot();
    await runtime.fs.mkdir('/w/deep');
    const seen: string[] = [];
    const stop = runtime.fs.watch('/w', (event) => seen.push(`${event.type} ${event.path}`));
    await new Promise((r) => setTimeout(r, 80));
    await runtime.fs.writeFile('/w/deep/x.txt', '1');
    await runtime.fs.writeFile('/w/deep/x.txt', '2');
    // A process makes a folder and fills it at once, before the folder's own watch is registered.
    await wc.fs.mkdir('w/fresh', { recursive: true });
    await wc.fs.writeFile('w/fresh/early.txt', '0');
    await new Promise((r) => setTimeout(r, 400));
    stop();
    await runtime.fs.writeFile('/w/after.txt', '3');
    await new Promise((r) => setTimeout(r, 0));
    expect(callsOf(wc.calls, 'fs.watch')).toEqual([
      ['w', { recursive: false }],
      ['w/deep', { recursive: false }],
      ['w/fresh', { recursive: false }],
    ]);
    expect(seen.slice(0, 3)).toEqual(['rename /w/deep/x.txt', 'change /w/deep/x.txt', 'rename /w/fresh']);
    // The re-sync once the new watch had time to register: what appeared since the first listing, early.txt
    // included (no watch ever saw it).
    expect(new Set(seen.slice(3))).toEqual(new Set(['rename /w/deep/x.txt', 'rename /w/fresh', 'rename /w/fresh/early.txt']));
  });

  it('turns API errors into RuntimeErrors naming the operation and path', async () => {
    const { runtime } = await boot();
    await expect(runtime.fs.readFile('/missing.txt')).rejects.toMatchObject({
      name: 'RuntimeError',
      code: 'fs',
      message: expect.stringMatching(/readFile \/missing\.txt failed: ENOENT/),
    });
  });
});

describe('processes', () => {
  it('passes cwd, env and the terminal size to spawn, with a default size', async () => {
    const { runtime, wc } = await boot();
    await runtime.spawn('node', ['a.js'], { cwd: '/src', env: { A: '1' }, terminal: { cols: 120, rows: 40 } });
    await runtime.spawn('npm', ['test']);
    expect(callsOf(wc.calls, 'spawn')).toEqual([
      ['node', ['a.js'], { cwd: 'src', env: { npm_config_yes: 'true', A: '1' }, terminal: { cols: 120, rows: 40 } }],
      ['npm', ['test'], { cwd: undefined, env: { npm_config_yes: 'true' }, terminal: { cols: 80, rows: 24 } }],
    ]);
    await runtime.killAll();
  });

  it('runs jsh --osc as the shell, forwarding input and resizes', async () => {
    const { runtime, wc } = await boot();
    const shell = await runtime.shell({ terminal: { cols: 90, rows: 20 } });
    expect(callsOf(wc.calls, 'spawn')).toEqual([['jsh', ['--osc'], { terminal: { cols: 90, rows: 20 } }]]);
    expect(shell.command).toBe('jsh');
    shell.resize({ cols: 100, rows: 30 });
    expect(wc.spawned[0]?.resizes).toEqual([{ cols: 100, rows: 30 }]);
    shell.write('echo hi\r');
    expect(await readUntil(shell.output, 'echo hi')).toContain('echo hi');
    shell.write('exit\r');
    expect(await shell.exit).toBe(0);
    expect(runtime.processes()).toEqual([]);
  });

  it('resolves exit after kill even when the process never reports one', async () => {
    const { runtime } = await boot({ exitOnKill: false });
    await runtime.fs.writeFile('/forever.js', "process.on('SIGINT', () => {});\nconsole.log('up');\nsetInterval(() => {}, 1000);\n");
    const process = await runtime.spawn('node', ['forever.js']);
    await readUntil(process.output, 'up');
    expect(runtime.processes().map((p) => p.id)).toEqual([process.id]);
    process.kill();
    expect(await process.exit).toBe(143);
    expect(runtime.processes()).toEqual([]);
  });

  it('refuses to spawn after dispose', async () => {
    const { runtime } = await boot();
    runtime.dispose();
    await expect(runtime.spawn('node', ['a.js'])).rejects.toMatchObject({ code: 'spawn' });
  });
});

describe('events and export', () => {
  it('maps port and server-ready events, and stops on unsubscribe', async () => {
    const { runtime, wc } = await boot();
    const ports: PortEvent[] = [];
    const ready: string[] = [];
    const stopPorts = runtime.onPort((e) => ports.push(e));
    runtime.onServerReady((port, url) => ready.push(`${port} ${url}`));
    wc.emitPort(3000, 'open', 'https://p-3000.example');
    wc.emitServerReady(3000, 'https://p-3000.example');
    wc.emitPort(3000, 'close', 'https://p-3000.example');
    stopPorts();
    wc.emitPort(4000, 'open', 'https://p-4000.example');
    expect(ports).toEqual([
      { port: 3000, type: 'open', url: 'https://p-3000.example' },
      { port: 3000, type: 'close', url: '' },
    ]);
    expect(ready).toEqual(['3000 https://p-3000.example']);
  });

  it('turns preview messages into PreviewErrors and drops malformed ones', async () => {
    const { runtime, wc } = await boot();
    const errors: PreviewError[] = [];
    runtime.onPreviewError((e) => errors.push(e));
    const where = { previewId: 'p', port: 5173, pathname: '/app', search: '?q=1', hash: '' };
    wc.emitPreviewMessage({ ...where, type: 'PREVIEW_UNCAUGHT_EXCEPTION', message: 'boom', stack: 'at x' });
    wc.emitPreviewMessage({ ...where, type: 'PREVIEW_CONSOLE_ERROR', args: ['bad', { n: 1 }], stack: 'at y' });
    wc.emitPreviewMessage({ ...where, type: 'PREVIEW_UNHANDLED_REJECTION', message: 'nope' });
    wc.emitPreviewMessage({ type: 'SOMETHING_ELSE' });
    wc.emitPreviewMessage('not even an object');
    expect(errors.map(({ at: _at, ...rest }) => rest)).toEqual([
      { message: 'boom', stack: 'at x', source: 'localhost:5173/app?q=1' },
      { message: 'bad {"n":1}', stack: 'at y', source: 'localhost:5173/app?q=1' },
      { message: 'Unhandled rejection: nope', stack: undefined, source: 'localhost:5173/app?q=1' },
    ]);
    expect(errors.every((e) => typeof e.at === 'number')).toBe(true);
  });

  it('exports as json with node_modules excluded, keyed by workspace path', async () => {
    const { runtime, wc } = await boot();
    await runtime.fs.writeFile('/app/src/a.txt', 'a');
    await runtime.fs.writeFile('/app/node_modules/x/index.js', 'x');
    await runtime.fs.writeFile('/app/pkg/node_modules/y/index.js', 'y');
    const files = await runtime.export('/app');
    const [path, options] = callsOf(wc.calls, 'export')[0] ?? [];
    expect(path).toBe('app');
    expect(options).toMatchObject({ format: 'json', excludes: expect.arrayContaining(['**/node_modules/**']) });
    expect(Object.keys(files)).toEqual(['/app/src/a.txt']);
    expect(new TextDecoder().decode(files['/app/src/a.txt'])).toBe('a');
    expect(Object.keys(await runtime.export())).toEqual(['/app/src/a.txt']);
  });
});

describe('the runtime contract, on the fake @webcontainer/api', () => {
  // One runtime for every case, as on the /selftest page; each case works in its own folder.
  let runtime: Runtime;
  beforeAll(async () => {
    const adapter = await loadAdapter();
    runtime = await adapter.bootWebContainerRuntime({ timeoutMs: 1000, api: createFakeWebContainerApi().api });
  });
  afterAll(() => runtime.dispose());

  for (const testCase of contractCases) {
    it(testCase.name, async () => {
      const [result] = await runContract(runtime, { cases: [testCase], caseTimeoutMs: 10_000 });
      expect(result?.reason).toBeUndefined();
      expect(result?.ok).toBe(true);
    });
  }
});
