// Preview ready after listen(): spawn a server script, time spawn → onServerReady, then onServerReady →
// the preview iframe's `load` with the page's text visible in it.
import { openBenchPage } from '../lib/bench-page.mjs';

const FIRST_PORT = 4100;
const STEP_TIMEOUT_MS = 20_000;

/** Runs in the page. Each run uses its own port so a slow shutdown cannot collide with the next run. */
async function previewOnce({ port, timeoutMs }) {
  const { runtime } = window.__tabsmithBench;
  const text = `bench preview ${port}`;
  await runtime.fs.writeFile(
    `/server-${port}.js`,
    `require('http').createServer((req, res) => { res.setHeader('Content-Type', 'text/html'); ` +
      `res.end('<!doctype html><h1>${text}</h1>'); }).listen(${port});`,
  );
  const withTimeout = (promise, what) =>
    Promise.race([
      promise,
      new Promise((_, reject) => setTimeout(() => reject(new Error(`${what} took over ${timeoutMs} ms`)), timeoutMs)),
    ]);

  const started = performance.now();
  let unsubscribe = () => {};
  const ready = new Promise((resolve) => {
    unsubscribe = runtime.onServerReady((readyPort, url) => {
      if (readyPort === port) resolve({ url, at: performance.now() });
    });
  });
  const process = await runtime.spawn('node', [`/server-${port}.js`]);
  // Keep the output stream flowing so the process is never blocked on it.
  void process.output.pipeTo(new WritableStream());
  const iframe = document.createElement('iframe');
  try {
    const { url, at } = await withTimeout(ready, 'onServerReady');
    const loaded = new Promise((resolve) => iframe.addEventListener('load', resolve, { once: true }));
    iframe.src = url;
    iframe.style.cssText = 'width: 800px; height: 300px; border: 0';
    document.body.append(iframe);
    await withTimeout(loaded, 'iframe load');
    // A cross-origin preview (WebContainer) cannot be read; the offline runtime's is same-origin.
    let visible = false;
    let crossOrigin = false;
    try {
      for (const deadline = performance.now() + timeoutMs; !visible && performance.now() < deadline; ) {
        visible = iframe.contentDocument?.body?.innerText.includes(text) ?? false;
        if (!visible) await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    } catch {
      crossOrigin = true;
    }
    if (!visible && !crossOrigin) throw new Error(`preview loaded but "${text}" never appeared`);
    return { serverReadyMs: at - started, visibleMs: performance.now() - at, crossOrigin };
  } finally {
    unsubscribe();
    iframe.remove();
    process.kill();
    await process.exit;
  }
}

export default {
  id: 'preview',
  description: 'preview ready after listen()',
  /** @param {import('../run.mjs').BenchContext} ctx */
  async run(ctx) {
    const { page, close, booted, failed } = await openBenchPage(ctx.browser, ctx.baseURL, { runtime: 'offline' });
    try {
      if (!booted) throw new Error(`offline runtime failed to boot: ${failed?.message ?? 'unknown error'}`);
      const serverReady = [];
      const visible = [];
      let crossOrigin = false;
      for (let i = 0; i < ctx.runs; i++) {
        const result = await page.evaluate(previewOnce, { port: FIRST_PORT + i, timeoutMs: STEP_TIMEOUT_MS });
        serverReady.push(result.serverReadyMs);
        visible.push(result.visibleMs);
        crossOrigin ||= result.crossOrigin;
      }
      return [
        { name: 'preview.server-ready', unit: 'ms', samples: serverReady, note: 'spawn() to onServerReady (offline runtime)' },
        {
          name: 'preview.iframe-visible',
          unit: 'ms',
          samples: visible,
          baseline: { label: 'almostnode preview inside an iframe, runtimes.md upper bound', value: 32 },
          note: crossOrigin ? 'cross-origin preview: measured to iframe load only' : 'onServerReady to iframe load with the text visible',
        },
      ];
    } finally {
      await close();
    }
  },
};
