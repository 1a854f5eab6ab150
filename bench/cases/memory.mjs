// Memory of the tab with a node server running in the runtime, as the browser itself measures it (how: ../lib/tab-memory.mjs).
// Measured idle after boot, then with the server listening.
import { openBenchPage } from '../lib/bench-page.mjs';
import { FRAMED } from '../lib/runtime-paths.mjs';
import { measureBoth } from '../lib/tab-memory.mjs';

const SERVER_PORT = 4321;

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
