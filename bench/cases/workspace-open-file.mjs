// Opening a 5 MB text file in the editor's model: store.openFile (runtime read + UTF-8 decode + snapshot),
// on a workspace opened through openWorkspace (IndexedDB → runtime → store).
import { openBenchPage } from '../lib/bench-page.mjs';

const SIZE = 5 * 1024 * 1024;

async function openOnce(size) {
  const ws = window.__tabsmithWorkspace;
  const { runtime } = window.__tabsmithBench;
  const db = await ws.openDatabase();
  const line = 'const value = "' + 'y'.repeat(100) + '"; // a line of a large generated file\n';
  const content = line.repeat(Math.ceil(size / line.length)).slice(0, size);
  const meta = await ws.createWorkspace(db, { name: 'bench big file', files: [{ path: '/big.js', content }] });
  let started = performance.now();
  const opened = await ws.openWorkspace({ runtime, db, id: meta.id, mode: 'write' });
  const openWorkspaceMs = performance.now() - started;
  started = performance.now();
  await opened.store.openFile('/big.js');
  const openFileMs = performance.now() - started;
  const tab = opened.store.getSnapshot().openFiles.find((f) => f.path === '/big.js');
  if (!tab || tab.content.length !== size) throw new Error(`opened ${tab?.content.length ?? 'nothing'} of ${size} chars`);
  opened.release();
  await new Promise((resolve) => setTimeout(resolve, 200)); // release flushes, then frees the lock
  await ws.deleteWorkspace(db, meta.id);
  db.close();
  return { openWorkspaceMs, openFileMs };
}

export default {
  id: 'workspace-open-file',
  description: 'open a 5 MB file through the workspace store',
  /** @param {import('../run.mjs').BenchContext} ctx */
  async run(ctx) {
    const { page, close, booted, failed } = await openBenchPage(ctx.browser, ctx.baseURL, { runtime: 'offline' });
    try {
      if (!booted) throw new Error(`offline runtime failed to boot: ${failed?.message ?? 'unknown error'}`);
      const runs = [];
      for (let i = 0; i < ctx.runs; i++) runs.push(await page.evaluate(openOnce, SIZE));
      return [
        { name: 'workspace.open-file.5mb', unit: 'ms', samples: runs.map((r) => r.openFileMs), note: 'store.openFile of a 5 MB .js file (offline runtime)' },
        {
          name: 'workspace.open.5mb-workspace',
          unit: 'ms',
          samples: runs.map((r) => r.openWorkspaceMs),
          note: 'openWorkspace: lock + IndexedDB load + mount into runtime + store',
        },
      ];
    } finally {
      await close();
    }
  },
};
