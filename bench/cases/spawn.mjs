// Spawn-to-first-output: runtime.spawn('node', ['/bench.js']) to the first non-empty output chunk, through the
// runtime frame and on the in-page baseline.
import { spawn } from 'node:child_process';
import { alternate, openBothPaths, pairRows } from '../lib/runtime-paths.mjs';
import { summarize } from '../lib/stats.mjs';

const SCRIPT = "const n = [1, 2, 3].reduce((a, b) => a + b, 0); console.log('bench-ok ' + n);";

/** Runs in the page: one spawn, timed with the page's own clock. */
async function spawnOnce(script) {
  const { runtime } = window.__tabsmithBench;
  await runtime.fs.writeFile('/bench.js', script);
  const started = performance.now();
  // Relative to the workspace, the process's working folder (a path from / would be outside it).
  const process = await runtime.spawn('node', ['bench.js']);
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

/** The same script under this machine's own Node (the process running the bench): spawn to first stdout chunk. */
function nativeSpawnOnce(script) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let firstChunkMs = -1;
    let text = '';
    child.stdout.on('data', (chunk) => {
      if (firstChunkMs < 0) firstChunkMs = performance.now() - started;
      text += chunk;
    });
    child.on('error', reject);
    child.on('close', () => (text.includes('bench-ok 6') ? resolve(firstChunkMs) : reject(new Error(`unexpected output: ${text.slice(0, 200)}`))));
  });
}

export default {
  id: 'spawn',
  description: 'node spawn to first output: runtime frame vs in-page baseline',
  /** @param {import('../run.mjs').BenchContext} ctx */
  async run(ctx) {
    const { pages, close } = await openBothPaths(ctx);
    try {
      const samples = await alternate(ctx, pages, (page) => page.evaluate(spawnOnce, SCRIPT));
      const native = [];
      for (let i = 0; i < ctx.runs; i++) native.push(await nativeSpawnOnce(SCRIPT));
      const nativeMedian = summarize(native)?.median;
      const rows = pairRows({
        name: 'spawn.node.first-output',
        unit: 'ms',
        framed: samples.framed,
        inPage: samples['in-page'],
        note: "spawn('node', [file]) to the first output chunk; all runs in one page each, so the first includes loading the node shim",
      });
      return [
        ...rows,
        {
          name: 'spawn.node.first-output.native',
          unit: 'ms',
          samples: native,
          note: `baseline: Node ${process.version} on this machine, node -e to its first stdout chunk`,
        },
        {
          name: 'spawn.node.first-output.framed-vs-native',
          unit: 'ms',
          samples: samples.framed,
          ...(nativeMedian ? { baseline: { label: 'spawn.node.first-output.native, median of this run', value: nativeMedian } } : {}),
          note: 'the framed runtime against a native Node process; ratio = framed / native',
        },
      ];
    } finally {
      await close();
    }
  },
};
