// Spawn-to-first-output: runtime.spawn('node', ['/bench.js']) to the first non-empty output chunk.
import { openBenchPage } from '../lib/bench-page.mjs';

const SCRIPT = "const n = [1, 2, 3].reduce((a, b) => a + b, 0); console.log('bench-ok ' + n);";

/** Runs in the page: one spawn, timed with the page's own clock. */
async function spawnOnce(script) {
  const { runtime } = window.__tabsmithBench;
  await runtime.fs.writeFile('/bench.js', script);
  const started = performance.now();
  const process = await runtime.spawn('node', ['/bench.js']);
  const reader = process.output.getReader();
  let firstChunkMs = -1;
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (value && firstChunkMs < 0) firstChunkMs = performance.now() - started;
    text += value ?? '';
  }
  await process.exit;
  // A fast wrong answer is not a result.
  if (!text.includes('bench-ok 6')) throw new Error(`unexpected output: ${JSON.stringify(text.slice(0, 200))}`);
  return firstChunkMs;
}

export default {
  id: 'spawn',
  description: 'node spawn to first output',
  /** @param {import('../run.mjs').BenchContext} ctx */
  async run(ctx) {
    const { page, close, booted, failed } = await openBenchPage(ctx.browser, ctx.baseURL, { runtime: 'offline' });
    try {
      if (!booted) throw new Error(`offline runtime failed to boot: ${failed?.message ?? 'unknown error'}`);
      const samples = [];
      for (let i = 0; i < ctx.runs; i++) samples.push(await page.evaluate(spawnOnce, SCRIPT));
      return [
        {
          name: 'spawn.node.first-output',
          unit: 'ms',
          samples,
          baseline: { label: "almostnode run('node /app/a.js'), runtimes.md upper bound", value: 6 },
          note: 'offline runtime; all runs in one page, so the first includes loading the node shim',
        },
      ];
    } finally {
      await close();
    }
  },
};
