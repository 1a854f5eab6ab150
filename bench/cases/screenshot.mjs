// The preview screenshot computer use, preview_check and "Attach preview" take: a preview page at 1440×900,
// captured in the page through the preview bridge (postMessage → modern-screenshot → image → postMessage back),
// against Chromium's own capture of the same pixels (Playwright's page.screenshot, clipped to the iframe). The
// ratio is what rendering the DOM to a canvas in JS costs over the compositor's capture; the sizes show what
// the model is sent.
import { openBenchPage } from '../lib/bench-page.mjs';

const PORT = 4300;
const WIDTH = 1440;
const HEIGHT = 900;
const STEP_TIMEOUT_MS = 30_000;
const TAG = 'tabsmith-preview-bridge';
const BRIDGE_SCRIPT_PATH = '/preview-bridge.js';

/** A page with some weight: text, a form, colours, a long list (so the capture is of a real-looking app). */
const APP_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>Bench app</title><style>
body { margin: 0; font: 16px/1.4 system-ui, sans-serif; color: #1f2328; }
header { background: linear-gradient(90deg, #1f6feb, #8957e5); color: #fff; padding: 24px 32px; }
main { display: grid; grid-template-columns: repeat(3, 1fr); gap: 16px; padding: 24px 32px; }
.card { border: 1px solid #d0d7de; border-radius: 8px; padding: 16px; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
.card h3 { margin: 0 0 8px; } input, button { font: inherit; padding: 6px 10px; }
</style></head><body><header><h1>Bench app</h1><p>A preview page for the screenshot bench.</p></header>
<main>${Array.from({ length: 60 }, (_, i) => `<section class="card"><h3>Card ${i + 1}</h3><p>Some text for card ${i + 1}, long enough to wrap over a couple of lines in a third of the width.</p><input aria-label="Field ${i + 1}" value="value ${i + 1}"> <button>Save</button></section>`).join('')}</main>
</body></html>`;

/** Runs in the page: starts the app, shows it in a 1440×900 iframe at (0, 0) and waits for the bridge. */
async function showApp({ port, html, width, height, tag, scriptPath, timeoutMs }) {
  const { runtime } = window.__tabsmithBench;
  await runtime.fs.writeFile('/bench-cu.html', html);
  await runtime.fs.writeFile(
    `/bench-cu-${port}.js`,
    `const html = require('fs').readFileSync('/bench-cu.html', 'utf8');` +
      `require('http').createServer((req, res) => { res.setHeader('Content-Type', 'text/html'); res.end(html); }).listen(${port});`,
  );
  const timeout = (what) => new Promise((_, reject) => setTimeout(() => reject(new Error(`${what} took over ${timeoutMs} ms`)), timeoutMs));
  let unsubscribe = () => {};
  const ready = new Promise((resolve) => {
    unsubscribe = runtime.onServerReady((readyPort, url) => readyPort === port && resolve(url));
  });
  const process = await runtime.spawn('node', [`/bench-cu-${port}.js`]);
  void process.output.pipeTo(new WritableStream());
  window.__cuBenchProcess = process;
  const url = await Promise.race([ready, timeout('onServerReady')]);
  unsubscribe();

  const iframe = document.createElement('iframe');
  iframe.title = 'Preview';
  iframe.style.cssText = `position: fixed; left: 0; top: 0; width: ${width}px; height: ${height}px; border: 0; z-index: 2147483647; background: #fff`;
  const bridgeReady = new Promise((resolve) => {
    const onMessage = (event) => {
      if (event.source === iframe.contentWindow && event.data?.tag === tag && event.data.kind === 'ready') {
        window.removeEventListener('message', onMessage);
        resolve('injected by the runtime');
      }
    };
    window.addEventListener('message', onMessage);
  });
  const loaded = new Promise((resolve) => iframe.addEventListener('load', resolve, { once: true }));
  iframe.src = url;
  document.body.append(iframe);
  await Promise.race([loaded, timeout('iframe load')]);
  // The offline runtime injects the bridge into preview pages; if this build does not, load it ourselves
  // (same origin), so the figure is still the bridge's.
  let how = await Promise.race([bridgeReady, new Promise((resolve) => setTimeout(() => resolve(null), 3000))]);
  if (!how) {
    const script = iframe.contentDocument.createElement('script');
    script.src = `${location.origin}${scriptPath}?ide=${encodeURIComponent(location.origin)}`;
    iframe.contentDocument.head.append(script);
    how = await Promise.race([bridgeReady.then(() => 'loaded by the bench'), timeout('bridge ready')]);
  }
  window.__cuBenchFrame = iframe;
  return { how };
}

/** Runs in the page: one screenshot through the bridge; ms for the round trip, PNG bytes and size. */
async function bridgeScreenshot({ tag, timeoutMs }) {
  const iframe = window.__cuBenchFrame;
  const id = `bench-${crypto.randomUUID()}`;
  const started = performance.now();
  const response = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bridge screenshot took over ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (event) => {
      const data = event.data;
      if (event.source !== iframe.contentWindow || data?.tag !== tag || data.kind !== 'response' || data.id !== id) return;
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      resolve(data);
    };
    window.addEventListener('message', onMessage);
    iframe.contentWindow.postMessage({ tag, kind: 'request', id, op: 'screenshot' }, new URL(iframe.src).origin);
  });
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`bridge screenshot failed: ${response.error?.name}: ${response.error?.message}`);
  const shot = response.result;
  const bytes = Math.floor((shot.base64.length * 3) / 4) - (shot.base64.endsWith('==') ? 2 : shot.base64.endsWith('=') ? 1 : 0);
  return { ms, bytes, width: shot.width, height: shot.height, viewport: shot.viewport };
}

async function stopApp() {
  window.__cuBenchFrame?.remove();
  const process = window.__cuBenchProcess;
  if (process) {
    process.kill();
    await process.exit;
  }
}

export default {
  id: 'screenshot',
  description: 'preview screenshot at 1440×900: in-page (bridge) vs Playwright page.screenshot',
  /** @param {import('../run.mjs').BenchContext} ctx */
  async run(ctx) {
    const { page, close, booted, failed } = await openBenchPage(ctx.browser, ctx.baseURL, { runtime: 'offline' });
    try {
      if (!booted) throw new Error(`offline runtime failed to boot: ${failed?.message ?? 'unknown error'}`);
      await page.setViewportSize({ width: WIDTH, height: HEIGHT });
      const { how } = await page.evaluate(showApp, {
        port: PORT,
        html: APP_HTML,
        width: WIDTH,
        height: HEIGHT,
        tag: TAG,
        scriptPath: BRIDGE_SCRIPT_PATH,
        timeoutMs: STEP_TIMEOUT_MS,
      });
      const native = async () => {
        const started = performance.now();
        const data = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: WIDTH, height: HEIGHT }, animations: 'allow', caret: 'initial' });
        return { ms: performance.now() - started, bytes: data.length };
      };

      // One warm-up each (the bridge's first capture loads fonts and modern-screenshot's worker state).
      const first = await page.evaluate(bridgeScreenshot, { tag: TAG, timeoutMs: STEP_TIMEOUT_MS });
      await native();
      const inPage = [];
      const inPageBytes = [];
      const cdpMs = [];
      const cdpBytes = [];
      for (let i = 0; i < ctx.runs; i++) {
        const shot = await page.evaluate(bridgeScreenshot, { tag: TAG, timeoutMs: STEP_TIMEOUT_MS });
        inPage.push(shot.ms);
        inPageBytes.push(shot.bytes / 1024);
        const cap = await native();
        cdpMs.push(cap.ms);
        cdpBytes.push(cap.bytes / 1024);
      }
      await page.evaluate(stopApp);

      const sorted = [...cdpMs].sort((a, b) => a - b);
      const cdpMedian = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
      const size = `${first.width}×${first.height} PNG of a ${first.viewport.width}×${first.viewport.height} viewport`;
      return [
        {
          name: 'screenshot.in-page',
          unit: 'ms',
          samples: inPage,
          baseline: { label: 'Playwright page.screenshot of the same page, median of this run', value: cdpMedian },
          note: `postMessage round trip through the preview bridge (${how}), ${size}; first capture ${first.ms.toFixed(0)} ms (warm-up, not counted)`,
        },
        { name: 'screenshot.playwright', unit: 'ms', samples: cdpMs, note: 'page.screenshot clipped to the 1440×900 iframe (round trip from Node)' },
        { name: 'screenshot.in-page-bytes', unit: 'KiB', samples: inPageBytes, note: `bridge image (${size})` },
        { name: 'screenshot.playwright-png', unit: 'KiB', samples: cdpBytes, note: 'native PNG at 1440×900' },
      ];
    } finally {
      await close();
    }
  },
};
