// Spawn-to-first-output: runtime.spawn('node', ['/bench.js']) to the first non-empty output chunk, through the
// runtime frame and on the in-page baseline.
import { alternate, openBothPaths, pairRows } from '../lib/runtime-paths.mjs';

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
  description: 'node spawn to first output: runtime frame vs in-page baseline',
  /** @param {import('../run.mjs').BenchContext} ctx */
  async run(ctx) {
    const { pages, close } = await openBothPaths(ctx);
    try {
      const samples = await alternate(ctx, pages, (page) => page.evaluate(spawnOnce, SCRIPT));
      return pairRows({
        name: 'spawn.node.first-output',
        unit: 'ms',
        framed: samples.framed,
        inPage: samples['in-page'],
        note: "spawn('node', [file]) to the first output chunk; all runs in one page each, so the first includes loading the node shim",
      });
    } finally {
      await close();
    }
  },
};
