// Executor round trip: fs_readFile of a small file through tool client → BroadcastChannel → executor →
// runtime fs → back, against a raw BroadcastChannel echo round trip in the same page (the ratio is the
// executor's own cost: validation, path rules, the runtime read, the result schema). The raw echo is itself
// set against a page ↔ Worker postMessage echo measured in the same page.
import { openBenchPage } from '../lib/bench-page.mjs';
import { summarize } from '../lib/stats.mjs';

const median = (samples) => summarize(samples)?.median ?? 0;

const CALLS = 200;

/** Runs in the page: mean ms per round trip for both, after a warm-up. */
async function roundTrips(calls) {
  const { runtime } = window.__tabsmithBench;
  await runtime.fs.writeFile('/bench-small.txt', 'hello from the bench\n');
  const agent = await window.__tabsmithAgent.startAgent(runtime);
  try {
    const read = () => agent.client.execute(`bench-${Math.random()}`, 'fs_readFile', { path: 'bench-small.txt' });
    const first = await read(); // includes the HELLO/READY handshake
    if (first.content?.content !== 'hello from the bench\n') throw new Error(`unexpected result: ${JSON.stringify(first).slice(0, 200)}`);
    for (let i = 0; i < 20; i++) await read();
    let started = performance.now();
    for (let i = 0; i < calls; i++) await read();
    const executorMs = (performance.now() - started) / calls;

    const name = `bench-raw-${crypto.randomUUID()}`;
    const echo = new BroadcastChannel(name);
    const caller = new BroadcastChannel(name);
    echo.onmessage = (event) => echo.postMessage(event.data);
    const once = (i) =>
      new Promise((resolve) => {
        caller.onmessage = (event) => event.data.i === i && resolve();
        caller.postMessage({ i });
      });
    for (let i = 0; i < 20; i++) await once(-1 - i);
    started = performance.now();
    for (let i = 0; i < calls; i++) await once(i);
    const rawMs = (performance.now() - started) / calls;
    echo.close();
    caller.close();

    const worker = new Worker(URL.createObjectURL(new Blob(['onmessage = (event) => postMessage(event.data);'], { type: 'text/javascript' })));
    const viaWorker = (i) =>
      new Promise((resolve) => {
        worker.onmessage = (event) => event.data.i === i && resolve();
        worker.postMessage({ i });
      });
    for (let i = 0; i < 20; i++) await viaWorker(-1 - i);
    started = performance.now();
    for (let i = 0; i < calls; i++) await viaWorker(i);
    const workerMs = (performance.now() - started) / calls;
    worker.terminate();
    return { executorMs, rawMs, workerMs };
  } finally {
    agent.stop();
  }
}

export default {
  id: 'agent-executor',
  description: 'executor round trip (fs_readFile) vs raw BroadcastChannel round trip',
  /** @param {import('../run.mjs').BenchContext} ctx */
  async run(ctx) {
    const { page, close, booted, failed } = await openBenchPage(ctx.browser, ctx.baseURL, { runtime: 'offline' });
    try {
      if (!booted) throw new Error(`offline runtime failed to boot: ${failed?.message ?? 'unknown error'}`);
      const runs = [];
      for (let i = 0; i < ctx.runs; i++) runs.push(await page.evaluate(roundTrips, CALLS));
      return [
        {
          name: 'agent.executor.round-trip',
          unit: 'ms',
          samples: runs.map((r) => r.executorMs),
          note: `mean of ${CALLS} sequential fs_readFile calls, client → executor → offline runtime`,
        },
        {
          name: 'agent.broadcast.round-trip',
          unit: 'ms',
          samples: runs.map((r) => r.rawMs),
          baseline: { label: 'page ↔ Worker postMessage echo, same page (median of this run)', value: median(runs.map((r) => r.workerMs)) },
          note: `mean of ${CALLS} raw BroadcastChannel echoes in the same page`,
        },
        { name: 'agent.worker.round-trip', unit: 'ms', samples: runs.map((r) => r.workerMs), note: `mean of ${CALLS} page ↔ Worker postMessage echoes` },
        { name: 'agent.executor.ratio', unit: 'x', samples: runs.map((r) => r.executorMs / r.rawMs), note: 'executor round trip / raw round trip' },
      ];
    } finally {
      await close();
    }
  },
};
