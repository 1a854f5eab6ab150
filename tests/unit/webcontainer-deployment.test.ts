/**
 * What a deployment of the WebContainer adapter meets on the real API, on a fake that behaves like it: the API
 * key before boot, a container that is gone, a JSON export that refuses single files and hands text back as
 * strings, the container's own errors, and servers that announce themselves.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Runtime } from '@/lib/runtime/port';
import { DISPOSED_MESSAGE, WEBCONTAINER_STORAGE_SITES } from '@/lib/runtime/webcontainer/advice';
import { WEBCONTAINER_API_KEY_META_NAME } from '@/lib/runtime/webcontainer/api-key';
import { BINDING_CONTEXT_MS, BindingFailureScanner } from '@/lib/runtime/webcontainer/native-binding';
import { createFakeWebContainerApi, RELEASED_MESSAGE } from './fakes/webcontainer-api';
import { bootFake, disposeAll, loadAdapter, sleep } from './fakes/webcontainer-harness';

afterEach(disposeAll);

describe('the WebContainer API key', () => {
  it('is configured once, before the first boot, and a boot after dispose does not try again', async () => {
    const fake = createFakeWebContainerApi();
    const adapter = await loadAdapter();
    const first = await adapter.bootWebContainerRuntime({ timeoutMs: 1000, api: fake.api, previewScriptUrl: null, apiKey: 'wc_key.1' });
    expect(fake.apiKeys).toEqual(['wc_key.1']);
    first.dispose();
    // The fake, like the real module, throws if the key comes after any boot(): the adapter must not call it.
    const second = await adapter.bootWebContainerRuntime({ timeoutMs: 1000, api: fake.api, previewScriptUrl: null, apiKey: 'wc_key.1' });
    expect(fake.apiKeys).toEqual(['wc_key.1']);
    expect(fake.bootCalls).toHaveLength(2);
    second.dispose();
  });

  it('is read from the page the server rendered, and left out when there is none', async () => {
    const meta = { content: 'from-the-page' };
    const doc = { querySelector: (selector: string) => (selector.includes(WEBCONTAINER_API_KEY_META_NAME) ? meta : null) };
    const previous = (globalThis as { document?: unknown }).document;
    (globalThis as { document?: unknown }).document = doc;
    try {
      const withKey = createFakeWebContainerApi();
      const adapter = await loadAdapter();
      (await adapter.bootWebContainerRuntime({ timeoutMs: 1000, api: withKey.api, previewScriptUrl: null })).dispose();
      expect(withKey.apiKeys).toEqual(['from-the-page']);
      meta.content = '"><script>';
      const malformed = createFakeWebContainerApi();
      const again = await loadAdapter();
      (await again.bootWebContainerRuntime({ timeoutMs: 1000, api: malformed.api, previewScriptUrl: null })).dispose();
      expect(malformed.apiKeys).toEqual([]);
    } finally {
      (globalThis as { document?: unknown }).document = previous;
    }
  });
});

describe('after the container is gone', () => {
  it('says the runtime was shut down instead of the client\'s "Proxy has been released"', async () => {
    const { runtime, wc } = await bootFake();
    await runtime.fs.writeFile('/a.txt', 'a');
    runtime.dispose();
    // The fake's client throws as the real one does once released.
    await expect(wc.fs.readFile('a.txt')).rejects.toThrow(RELEASED_MESSAGE);
    const failures = await Promise.all([
      runtime.fs.readTextFile('/a.txt').catch((e: Error) => e.message),
      runtime.fs.writeFile('/b.txt', 'b').catch((e: Error) => e.message),
      runtime.fs.rm('/a.txt').catch((e: Error) => e.message),
      runtime.fs.exists('/a.txt').catch((e: Error) => e.message),
      runtime.export('/').catch((e: Error) => e.message),
      runtime.mount?.({ '/c.txt': 'c' }).catch((e: Error) => e.message),
      runtime.spawn('node', ['a.js']).catch((e: Error) => e.message),
    ]);
    for (const message of failures) {
      expect(message).toContain(DISPOSED_MESSAGE);
      expect(message).not.toMatch(/proxy/i);
    }
  });

  it('subscribing or watching does nothing rather than throw, and so does unsubscribing', () => {
    return bootFake().then(({ runtime }) => {
      const stopPort = runtime.onPort(() => undefined);
      runtime.dispose();
      expect(() => stopPort()).not.toThrow();
      expect(() => runtime.onPort(() => undefined)()).not.toThrow();
      expect(() => runtime.onServerReady(() => undefined)()).not.toThrow();
      expect(() => runtime.onPreviewError(() => undefined)()).not.toThrow();
      expect(() => runtime.fs.watch('/', () => undefined)()).not.toThrow();
    });
  });

  it('a watch open at teardown ends quietly', async () => {
    const { runtime, wc } = await bootFake();
    await runtime.fs.mkdir('/src');
    const stop = runtime.fs.watch('/', () => undefined);
    await sleep(80);
    runtime.dispose();
    expect(wc.fs.activeWatches()).toEqual([]);
    expect(() => stop()).not.toThrow();
  });
});

describe('export, as the real JSON export answers', () => {
  it('exporting one file gives that file (the JSON export itself refuses single files)', async () => {
    const { runtime, wc } = await bootFake();
    await runtime.fs.writeFile('/src/a.txt', 'just me');
    await expect(wc.export('src/a.txt', { format: 'json' })).rejects.toThrow(/single file/);
    const files = await runtime.export('/src/a.txt');
    expect(Object.keys(files)).toEqual(['/src/a.txt']);
    expect(new TextDecoder().decode(files['/src/a.txt'])).toBe('just me');
  });

  it('text comes back as strings and binary as bytes; both reach the port as the bytes that were written', async () => {
    const { runtime, wc } = await bootFake();
    const binary = new Uint8Array([0xff, 0x00, 0xfe, 0x80]);
    await runtime.fs.writeFile('/text.md', 'héllo ✓');
    await runtime.fs.writeFile('/image.bin', binary);
    const tree = await wc.export('.', { format: 'json' });
    expect(tree['text.md']).toEqual({ file: { contents: 'héllo ✓' } });
    expect(tree['image.bin']).toEqual({ file: { contents: binary } });
    const files = await runtime.export('/');
    expect(new TextDecoder().decode(files['/text.md'])).toBe('héllo ✓');
    expect(Array.from(files['/image.bin'] ?? [])).toEqual([0xff, 0x00, 0xfe, 0x80]);
  });
});

describe("the container's own errors come with the next step", () => {
  async function errorShown(raw: string): Promise<string> {
    const { runtime, wc } = await bootFake();
    const shown: string[] = [];
    runtime.onRuntimeError?.((message) => shown.push(message));
    wc.emitError(raw);
    return shown[0] ?? '';
  }

  it('blocked third-party storage: which sites to allow and where', async () => {
    const message = await errorShown('Unable to access storage: third-party cookies are blocked');
    for (const site of WEBCONTAINER_STORAGE_SITES) expect(message).toContain(site);
    expect(message).toMatch(/Chrome: Settings › Privacy and security › Third-party cookies/);
    expect(message).toMatch(/reload the page/);
    expect(message).toContain('(WebContainer said: Unable to access storage: third-party cookies are blocked)');
  });

  it('out of memory: close other WebContainer tabs, or use the offline runtime', async () => {
    const message = await errorShown('RangeError: WebAssembly.instantiate(): Out of memory: Cannot allocate Wasm memory for new instance');
    expect(message).toMatch(/ran out of memory/);
    expect(message).toMatch(/Close other tabs that run WebContainer/);
    expect(message).toMatch(/offline runtime/);
  });

  it('a program in the container that runs out of WebAssembly memory gets the same advice and the offline runtime', async () => {
    const { runtime } = await bootFake();
    await runtime.fs.writeFile(
      '/big.js',
      "console.error('RangeError: WebAssembly.instantiate(): Out of memory: Cannot allocate Wasm memory for new instance');\nprocess.exit(1);\n",
    );
    const shown: { message: string; offline?: boolean }[] = [];
    runtime.onRuntimeError?.((message, remedy) => shown.push({ message, offline: remedy?.offlineRuntimeHelps }));
    await (
      await runtime.spawn('node', ['big.js'])
    ).exit;
    expect(shown).toEqual([{ message: expect.stringMatching(/^WebContainer ran out of memory\. Close other tabs/), offline: true }]);
    expect(shown[0]?.message).toContain('(a program printed: WebAssembly.instantiate(): Out of memory)');
  });

  it('a boot that fails for lack of memory says what to do', async () => {
    const fake = createFakeWebContainerApi({ failBoot: 'RangeError: WebAssembly.Memory(): could not allocate memory' });
    const adapter = await loadAdapter();
    const error = await adapter.bootWebContainerRuntime({ timeoutMs: 1000, api: fake.api, previewScriptUrl: null }).catch((e: Error) => e);
    expect(error).toMatchObject({
      code: 'boot-failed',
      message: expect.stringMatching(/^WebContainer failed to boot: WebContainer ran out of memory\. Close other tabs/),
    });
  });

  it('anything else is shown as it came', async () => {
    expect(await errorShown('something unexpected')).toBe('something unexpected');
  });

  it('a spawn that fails for lack of memory says so too', async () => {
    const { runtime, wc } = await bootFake();
    wc.spawn = async () => {
      throw new RangeError('WebAssembly.Memory(): could not allocate memory');
    };
    await expect(runtime.spawn('node', ['a.js'])).rejects.toThrow(/Could not start node: WebContainer ran out of memory/);
  });
});

describe("Vite 8's Rolldown binding failing on WebContainer", () => {
  const failingVite = [
    "console.error('error when starting dev server:');",
    "console.error('Error: Cannot find native binding. npm has a bug related to optional dependencies.');",
    "console.error('    at Object.<anonymous> (/home/project/node_modules/rolldown/dist/shared/binding.mjs:1:1)');",
    'process.exit(1);',
  ].join('\n');

  it('is noticed in the dev server output and answered with the override for the installed Rolldown', async () => {
    const { runtime } = await bootFake();
    await runtime.fs.writeFile('/node_modules/rolldown/package.json', JSON.stringify({ name: 'rolldown', version: '1.0.0-rc.12' }));
    await runtime.fs.writeFile('/node_modules/vite/bin/vite.js', failingVite);
    const shown: { message: string; offline?: boolean }[] = [];
    runtime.onRuntimeError?.((message, remedy) => shown.push({ message, offline: remedy?.offlineRuntimeHelps }));
    const dev = await runtime.spawn('node', ['node_modules/vite/bin/vite.js']);
    expect(await dev.exit).toBe(1);
    await sleep(BINDING_CONTEXT_MS + 50);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.message).toContain('"overrides": { "@rolldown/binding-wasm32-wasi": "1.0.0-rc.12" }');
    expect(shown[0]?.message).toMatch(/Vite 7/);
    expect(shown[0]?.message).toMatch(/switch this workspace to the offline runtime/);
    expect(shown[0]?.offline).toBe(true);
  });

  it('the failure text is found also when the output cuts it in two', () => {
    const scanner = new BindingFailureScanner();
    expect(scanner.feed('error when starting dev server:\r\nError: Cannot find na')).toBe(false);
    expect(scanner.feed('tive binding. npm has a bug')).toBe(true);
    scanner.feed('    at /home/project/node_modules/rolldown/dist/shared/binding.mjs');
    expect(scanner.mentionsRolldown()).toBe(true);
  });

  it('is noticed when typed into the shell too', async () => {
    const { runtime } = await bootFake();
    await runtime.fs.writeFile('/conflict.js', "console.error('Error [ERR_NAPI_BINDING_TARGET_CONFLICT]: rolldown binding');\nprocess.exit(1);\n");
    const shown: string[] = [];
    runtime.onRuntimeError?.((message) => shown.push(message));
    const shell = await runtime.shell();
    shell.runCommand?.('node conflict.js');
    const started = Date.now();
    while (shown.length === 0 && Date.now() - started < 2000) await sleep(10);
    expect(shown[0]).toMatch(/Rolldown, could not load its WebAssembly build/);
  });

  it("another package's missing binding gets the general advice, and ordinary output none", async () => {
    const { runtime } = await bootFake();
    await runtime.fs.writeFile('/other.js', "console.error('Error: Cannot find native binding for @tailwindcss/oxide');\n");
    await runtime.fs.writeFile('/fine.js', "console.log('native binding loaded fine');\n");
    const shown: string[] = [];
    runtime.onRuntimeError?.((message) => shown.push(message));
    await (
      await runtime.spawn('node', ['fine.js'])
    ).exit;
    await sleep(BINDING_CONTEXT_MS + 50);
    expect(shown).toEqual([]);
    await (
      await runtime.spawn('node', ['other.js'])
    ).exit;
    await sleep(BINDING_CONTEXT_MS + 50);
    expect(shown[0]).toMatch(/WebAssembly build if it publishes one/);
  });
});

describe('servers', () => {
  it('a program that starts listening is reported as a port and as ready to serve', async () => {
    const { runtime } = await bootFake();
    await runtime.fs.writeFile('/server.js', 'listen(5173);\n');
    const ready: number[] = [];
    const opened: number[] = [];
    runtime.onServerReady((port) => ready.push(port));
    runtime.onPort((event) => event.type === 'open' && opened.push(event.port));
    const server: Awaited<ReturnType<Runtime['spawn']>> = await runtime.spawn('node', ['server.js']);
    await sleep(20);
    expect(opened).toEqual([5173]);
    expect(ready).toEqual([5173]);
    server.kill();
  });
});
