// Checkpoints of a 1,000-file workspace (offline runtime, opened through openWorkspace as the IDE does):
// (1) a checkpoint where one file changed — time, and the bytes the checkpoint stores gained besides that
// file's own content; (2) a restore that rewrites all 1,000 files (its 'before-restore' checkpoint, the
// runtime writes and the store following them included); (3) the diff of two checkpoints in which all
// 1,000 files differ (line counts in the diff worker).
import { openBenchPage } from '../lib/bench-page.mjs';

const FILES = 1000;

/** Runs in /bench: builds the workspace, returns per-run figures for the three measurements. */
async function measure({ files, runs }) {
  const ws = window.__tabsmithWorkspace;
  const cp = ws.checkpoints;
  const { runtime } = window.__tabsmithBench;
  const db = await ws.openDatabase();
  cp.setCheckpointDatabase(db);
  const body = (i, version) => `// generated module ${i}, version ${version}\n${`export const value${i} = ${i} * 2; // a typical line of code\n`.repeat(12)}`;
  const path = (i) => `/src/dir${i % 25}/module${i}.ts`;
  const meta = await ws.createWorkspace(db, {
    name: 'bench checkpoints',
    files: Array.from({ length: files }, (_, i) => ({ path: path(i), content: body(i, 0) })),
  });
  const opened = await ws.openWorkspace({ runtime, db, id: meta.id, mode: 'write' });
  const { store } = opened;
  const time = async (work) => {
    const started = performance.now();
    const result = await work();
    return { ms: performance.now() - started, result };
  };
  const rewriteAll = async (version) => {
    for (let i = 0; i < files; i += 50)
      await Promise.all(Array.from({ length: Math.min(50, files - i) }, (_, k) => runtime.fs.writeFile(path(i + k), body(i + k, version))));
    await store.settle();
    await store.flush();
  };
  const out = { firstMs: 0, oneChangeMs: [], extraBytes: [], restoreMs: [], restored: 0, diffMs: [], changes: 0 };
  try {
    out.firstMs = (await time(() => cp.takeCheckpoint(store, { kind: 'auto', label: 'first' }))).ms;
    for (let run = 0; run < runs; run++) {
      const changed = `// edited in run ${run}\nexport const edited = ${run};\n`;
      await runtime.fs.writeFile(path(run), changed);
      await store.settle();
      await store.flush(); // the workspace's own save of the file is not the checkpoint's cost
      const before = await cp.checkpointFootprint(db, meta.id);
      const { ms } = await time(() => cp.takeCheckpoint(store, { kind: 'turn', label: `run ${run}` }));
      const after = await cp.checkpointFootprint(db, meta.id);
      out.oneChangeMs.push(ms);
      out.extraBytes.push(after.total - before.total - new TextEncoder().encode(changed).byteLength);
    }
    const a = await cp.takeCheckpoint(store, { kind: 'named', label: 'A' });
    await rewriteAll(1);
    const b = await cp.takeCheckpoint(store, { kind: 'named', label: 'B' });
    for (let run = 0; run < runs; run++) {
      const { ms, result } = await time(() => cp.diffCheckpoints(meta.id, a.id, b.id));
      out.diffMs.push(ms);
      out.changes = result.length;
    }
    for (let run = 0; run < runs; run++) {
      const { ms, result } = await time(() => cp.restoreCheckpoint(store, run % 2 === 0 ? a.id : b.id));
      out.restoreMs.push(ms);
      out.restored = result.restored.length;
    }
  } finally {
    opened.release();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await ws.deleteWorkspace(db, meta.id);
    cp.setCheckpointDatabase(null);
    db.close();
  }
  return out;
}

export default {
  id: 'checkpoints',
  description: 'checkpoint (1 of 1,000 files changed), restore of 1,000 files, diff of two 1,000-file checkpoints',
  /** @param {import('../run.mjs').BenchContext} ctx */
  async run(ctx) {
    const { page, close, booted, failed } = await openBenchPage(ctx.browser, ctx.baseURL, { runtime: 'offline' });
    try {
      if (!booted) throw new Error(`offline runtime failed to boot: ${failed?.message ?? 'unknown error'}`);
      const r = await page.evaluate(measure, { files: FILES, runs: ctx.runs });
      if (r.changes !== FILES) throw new Error(`the diff listed ${r.changes} of ${FILES} files`);
      if (r.restored !== FILES) throw new Error(`the restore wrote ${r.restored} of ${FILES} files`);
      return [
        {
          name: 'checkpoints.take.1-of-1000-changed',
          unit: 'ms',
          samples: r.oneChangeMs,
          note: `target < 30 ms; the first (cold, every file hashed) took ${Math.round(r.firstMs)} ms`,
        },
        {
          name: 'checkpoints.take.extra-storage',
          unit: 'bytes',
          samples: r.extraBytes,
          note: 'bytes the checkpoint stores gained besides the changed file (target < 1 KB)',
        },
        {
          name: 'checkpoints.restore.1000-files',
          unit: 'ms',
          samples: r.restoreMs,
          note: 'before-restore checkpoint + 1,000 runtime writes + store follows (offline runtime)',
        },
        { name: 'checkpoints.diff.1000-files', unit: 'ms', samples: r.diffMs, note: 'two checkpoints, all 1,000 files modified, line counts in the worker' },
      ];
    } finally {
      await close();
    }
  },
};
