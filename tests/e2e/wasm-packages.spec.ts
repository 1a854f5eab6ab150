import { expect } from '@playwright/test';
import { sharedIdeTest } from './support/shared-ide';
import { terminal } from './support/terminal';

// One booted workspace for the file (see sharedIdeTest). Files are written with echo in the terminal; expected
// outputs are never substrings of the commands that make them.
const test = sharedIdeTest();

const INSTALL_TIMEOUT_MS = 90_000;

// The thread adds to a shared counter with Atomics and wakes the main thread, which blocks in Atomics.wait
// meanwhile, as only a real second thread can make it return.
const THREAD = [
  'const { parentPort, workerData, threadId, isMainThread } = require("worker_threads");',
  'const cells = workerData.cells;',
  'for (let i = 0; i < 1000; i++) Atomics.add(cells, 0, 1);',
  'Atomics.store(cells, 1, 1); Atomics.notify(cells, 1);',
  'parentPort.postMessage({ product: workerData.n * 6, threadId, isMainThread });',
].join(' ');

const MAIN = [
  'const { Worker, isMainThread } = require("worker_threads");',
  'const cells = new Int32Array(new SharedArrayBuffer(8));',
  'const worker = new Worker("./thread.js", { workerData: { n: 7, cells } });',
  'console.log("woken:", Atomics.wait(cells, 1, 0, 90000));',
  'worker.on("message", (m) => console.log(`answer ${m.product} from thread ${m.threadId} (main there: ${m.isMainThread}, here: ${isMainThread})`));',
  'worker.on("exit", (code) => console.log(`counter ${Atomics.load(cells, 0)}, thread exit code ${code}`));',
].join(' ');

const FAILING = [
  'const { Worker } = require("worker_threads");',
  'const failing = new Worker("throw new TypeError(\\"bad input\\")", { eval: true });',
  'failing.on("error", (e) => console.log(`thread error: ${e.name} ${e.message}`));',
  'failing.on("exit", (code) => {',
  '  console.log(`failed thread exit code ${code}`);',
  '  const looping = new Worker("setInterval(() => {}, 1000)", { eval: true });',
  '  looping.on("online", () => looping.terminate().then((c) => console.log(`terminated with ${c}`)));',
  '});',
].join(' ');

test.describe('worker_threads and WebAssembly builds of native packages', () => {
  test('a thread shares memory with its process, posts back a result and exits', async ({ page }) => {
    // The first test of the file also opens the IDE and boots the runtime.
    test.setTimeout(180_000);
    const shell = terminal(page, 1);
    await shell.run(`echo '${THREAD}' > thread.js`);
    await shell.run(`echo '${MAIN}' > main.js`);
    await shell.run('node main.js', { output: 'thread exit code 0', timeout: 90_000 });
    await expect(shell.panel).toContainText('woken: ok');
    await expect(shell.panel).toContainText('answer 42 from thread 1 (main there: false, here: true)');
    await expect(shell.panel).toContainText('counter 1000, thread exit code 0');
  });

  test("a thread's uncaught error reaches its Worker, and terminate() stops a thread that would run forever", async ({ page }) => {
    test.setTimeout(120_000);
    const shell = terminal(page, 1);
    await shell.run(`echo '${FAILING}' > failing.js`);
    await shell.run('node failing.js', { output: 'terminated with 1', timeout: 60_000 });
    await expect(shell.panel).toContainText('thread error: TypeError bad input');
    await expect(shell.panel).toContainText('failed thread exit code 1');
  });

  test('npm install picks the wasm32-wasi build of a napi-rs package, and require loads it and computes', async ({ page }) => {
    test.setTimeout(240_000);
    const shell = terminal(page, 1);
    await shell.run("npm install @node-rs/crc32@1.10.6 && echo 'install' 'done'", { output: 'install done', timeout: INSTALL_TIMEOUT_MS });
    await shell.run('ls node_modules/@node-rs', { output: 'crc32-wasm32-wasi' });
    await shell.run(`node -e 'const { crc32 } = require("@node-rs/crc32"); console.log("crc32 of hello world:", crc32("hello world"))'`, {
      output: 'crc32 of hello world: 222957957',
      timeout: 60_000,
    });
  });

  test("rolldown's wasm32-wasi build bundles a module, its threads on workers", async ({ page }) => {
    test.setTimeout(240_000);
    const shell = terminal(page, 1);
    await shell.run("npm install rolldown && echo 'install' 'done'", { output: 'install done', timeout: INSTALL_TIMEOUT_MS });
    await shell.run("echo 'export const x = 1 + 2; console.log(x);' > entry.js");
    const BUNDLE =
      'const { rolldown } = await import("rolldown"); const bundle = await rolldown({ input: "./entry.js" }); const { output } = await bundle.generate({ format: "esm" }); console.log(output[0].code);';
    await shell.run(`echo '${BUNDLE}' > bundle.mjs`);
    await shell.run('node bundle.mjs', { output: 'const x = 3;', timeout: 120_000 });
    await expect(shell.panel).toContainText('console.log(3);');
  });
});
