// Memory of the tab with a node server running in the runtime, as the browser itself measures it:
// performance.measureUserAgentSpecificMemory(), which needs a cross-origin isolated document (the bench page and
// the runtime frame both are). Chromium measures the calling document's process only, and the runtime frame is
// another site (so another process): the page and the frame (with its workers) are measured each in its own
// document and added up. Chromium answers after its next garbage collection, so a sample can take up to ~20 s.
// Measured idle after boot, then with the server listening.
import { openBenchPage } from '../lib/bench-page.mjs';
import { FRAMED } from '../lib/runtime-paths.mjs';

const SERVER_PORT = 4321;
const MEASURE_TIMEOUT_MS = 60_000;

/** Runs in the page: the browser's own figure, in bytes, or why there is none. */
async function measureTab(timeoutMs) {
  if (!window.crossOriginIsolated || !('measureUserAgentSpecificMemory' in performance)) {
    return { unavailable: `measureUserAgentSpecificMemory is not available (crossOriginIsolated=${window.crossOriginIsolated})` };
  }
  const measurement = performance.measureUserAgentSpecificMemory();
  const timeout = new Promise((resolve) => setTimeout(() => resolve(null), timeoutMs));
  const result = await Promise.race([measurement, timeout]);
  if (!result) return { unavailable: `no answer within ${timeoutMs / 1000} s` };
  return { bytes: result.bytes };
}

/** Runs in the page: starts a node http server in the runtime and resolves once it listens. */
async function startServer(port) {
  const { runtime } = window.__tabsmithBench;
  await runtime.fs.writeFile('/memory-server.js', `require('http').createServer((req, res) => res.end('ok')).listen(${port});`);
  const ready = new Promise((resolve) => {
    const stop = runtime.onServerReady((readyPort) => {
      if (readyPort !== port) return;
      stop();
      resolve(undefined);
    });
  });
  const process = await runtime.spawn('node', ['/memory-server.js']);
  void process.output.pipeTo(new WritableStream()).catch(() => undefined);
  await ready;
}

const MB = 1024 * 1024;

/** The page's and its runtime frame's figures, in MB, or why there are none. */
async function measureBoth(page) {
  const frame = page.frames().find((candidate) => new URL(candidate.url()).pathname === '/runtime-frame');
  if (!frame) return { unavailable: 'the bench page has no runtime frame' };
  const [inPage, inFrame] = await Promise.all([page.evaluate(measureTab, MEASURE_TIMEOUT_MS), frame.evaluate(measureTab, MEASURE_TIMEOUT_MS)]);
  const unavailable = inPage.unavailable ?? inFrame.unavailable;
  if (unavailable) return { unavailable };
  return { page: inPage.bytes / MB, frame: inFrame.bytes / MB };
}

export default {
  id: 'memory',
  description: 'memory of the tab (page, runtime frame, workers): idle after boot, and with a node server running',
  /** @param {import('../run.mjs').BenchContext} ctx */
  async run(ctx) {
    const rows = { idle: { page: [], frame: [], tab: [] }, serving: { page: [], frame: [], tab: [] } };
    const record = (into, figures) => {
      into.page.push(figures.page);
      into.frame.push(figures.frame);
      into.tab.push(figures.page + figures.frame);
    };
    let unavailable = '';
    // Few runs: each sample waits for a garbage collection.
    for (let i = 0; i < Math.min(ctx.runs, 3) && !unavailable; i++) {
      const bench = await openBenchPage(ctx.browser, ctx.baseURL, { runtime: FRAMED.runtime });
      try {
        if (!bench.booted) throw new Error(`the runtime frame failed to boot: ${bench.failed?.message ?? 'unknown error'}`);
        const before = await measureBoth(bench.page);
        if (before.unavailable) {
          unavailable = before.unavailable;
          break;
        }
        record(rows.idle, before);
        await bench.page.evaluate(startServer, SERVER_PORT);
        const after = await measureBoth(bench.page);
        if (after.unavailable) {
          unavailable = after.unavailable;
          break;
        }
        record(rows.serving, after);
      } finally {
        await bench.close();
      }
    }
    if (unavailable) return [{ name: 'memory.tab', unit: 'MB', samples: [], unavailable }];
    const parts = { page: 'the bench page', frame: 'the runtime frame and its workers', tab: 'page + runtime frame' };
    return Object.entries(rows).flatMap(([state, figures]) =>
      Object.entries(figures).map(([part, samples]) => ({
        name: `memory.${state === 'idle' ? 'idle' : 'node-server'}.${part}`,
        unit: 'MB',
        samples,
        note: `measureUserAgentSpecificMemory(), ${parts[part]}; ${state === 'idle' ? 'runtime booted, nothing running' : 'a node http server listening in the runtime'}`,
      })),
    );
  },
};
