// Preview ready after listen(), through the runtime frame and on the in-page baseline: spawn a server script,
// time spawn → onServerReady, then onServerReady → the preview iframe showing the page. The framed runtime's
// preview is on the runtime's origin (another site), so the bench page cannot look inside it; instead the page
// itself reports, after its first frame with the text rendered, by postMessage to the bench page. Both paths
// are timed that way, on the bench page's clock.
import { alternate, openBothPaths, pairRows } from '../lib/runtime-paths.mjs';

const FIRST_PORT = 4100;
const STEP_TIMEOUT_MS = 20_000;
const VISIBLE = 'tabsmith-bench-preview-visible';

/** Runs in the page. Each run uses its own port so a slow shutdown cannot collide with the next run. */
async function previewOnce({ port, timeoutMs, tag }) {
  const { runtime } = window.__tabsmithBench;
  const text = `bench preview ${port}`;
  // Two animation frames after parsing: the first frame with the heading in it has been produced.
  const html =
    `<!doctype html><h1>${text}</h1><script>requestAnimationFrame(() => requestAnimationFrame(() => ` +
    `parent.postMessage({ tag: ${JSON.stringify(tag)}, text: document.body.innerText }, '*')));</script>`;
  await runtime.fs.writeFile(`/preview-${port}.html`, html);
  await runtime.fs.writeFile(
    `/server-${port}.js`,
    `const html = require('fs').readFileSync('/preview-${port}.html', 'utf8');` +
      `require('http').createServer((req, res) => { res.setHeader('Content-Type', 'text/html'); res.end(html); }).listen(${port});`,
  );
  const withTimeout = (promise, what) =>
    Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error(`${what} took over ${timeoutMs} ms`)), timeoutMs))]);

  const started = performance.now();
  let unsubscribe = () => {};
  const ready = new Promise((resolve) => {
    unsubscribe = runtime.onServerReady((readyPort, url) => {
      if (readyPort === port) resolve({ url, at: performance.now() });
    });
  });
  const process = await runtime.spawn('node', [`/server-${port}.js`]);
  // Keep the output stream flowing so the process is never blocked on it.
  void process.output.pipeTo(new WritableStream()).catch(() => undefined);
  const iframe = document.createElement('iframe');
  let onMessage = () => {};
  try {
    const { url, at } = await withTimeout(ready, 'onServerReady');
    const visible = new Promise((resolve) => {
      onMessage = (event) => {
        if (event.source !== iframe.contentWindow || event.data?.tag !== tag) return;
        if (String(event.data.text).includes(text)) resolve(performance.now());
      };
      window.addEventListener('message', onMessage);
    });
    iframe.src = url;
    iframe.style.cssText = 'width: 800px; height: 300px; border: 0';
    document.body.append(iframe);
    const visibleAt = await withTimeout(visible, 'preview visible');
    return { serverReadyMs: at - started, visibleMs: visibleAt - at, previewOrigin: new URL(url).origin };
  } finally {
    window.removeEventListener('message', onMessage);
    unsubscribe();
    iframe.remove();
    process.kill();
    await process.exit;
  }
}

export default {
  id: 'preview',
  description: 'preview ready after listen(): runtime frame vs in-page baseline',
  /** @param {import('../run.mjs').BenchContext} ctx */
  async run(ctx) {
    const { pages, close } = await openBothPaths(ctx);
    try {
      const runs = await alternate(ctx, pages, (page, i) => page.evaluate(previewOnce, { port: FIRST_PORT + i, timeoutMs: STEP_TIMEOUT_MS, tag: VISIBLE }));
      const origins = (id) => [...new Set(runs[id].map((r) => r.previewOrigin))].join(', ');
      const benchOrigin = new URL(ctx.baseURL).origin;
      if (runs.framed.some((r) => r.previewOrigin === benchOrigin)) throw new Error('the framed runtime served its preview from the bench page origin');
      return [
        ...pairRows({
          name: 'preview.server-ready',
          unit: 'ms',
          framed: runs.framed.map((r) => r.serverReadyMs),
          inPage: runs['in-page'].map((r) => r.serverReadyMs),
          note: 'spawn() to onServerReady',
        }),
        ...pairRows({
          name: 'preview.visible',
          unit: 'ms',
          framed: runs.framed.map((r) => r.visibleMs),
          inPage: runs['in-page'].map((r) => r.visibleMs),
          note: `onServerReady to the preview iframe's first frame with the page's text (framed previews from ${origins('framed')}; in-page from ${origins('in-page')})`,
        }),
      ];
    } finally {
      await close();
    }
  },
};
