// Save and restore of a 1,000-file workspace (~210 B each) through lib/workspace/persistence.ts, against a
// raw idb transaction + getAll of the same data in the same page (the ratio column compares the two).
import { openBenchPage } from '../lib/bench-page.mjs';
import { summarize } from '../lib/stats.mjs';

const median = (samples) => summarize(samples)?.median ?? 0;

const FILES = 1000;

/** Runs in the page: one save + restore through the sink, one through raw idb, on fresh workspaces. */
async function saveRestoreOnce(count) {
  const ws = window.__tabsmithWorkspace;
  const db = await ws.openDatabase();
  const line = 'export const value = "' + 'x'.repeat(160) + '";\n';
  const files = Array.from({ length: count }, (_, i) => ({ path: `/src/dir${i % 20}/file${i}.js`, content: `// ${i}\n${line}` }));

  const ours = await ws.createWorkspace(db, { name: 'bench persistence' });
  const sink = ws.createPersistence(db, ours.id);
  let started = performance.now();
  for (const file of files) sink.putFile(file.path, file.content);
  await sink.flush();
  const saveMs = performance.now() - started;
  started = performance.now();
  const loaded = await ws.loadWorkspace(db, ours.id);
  const restoreMs = performance.now() - started;
  if (loaded.files.length !== count) throw new Error(`restored ${loaded.files.length} of ${count} files`);

  const raw = await ws.createWorkspace(db, { name: 'bench raw' });
  started = performance.now();
  const tx = db.transaction('files', 'readwrite');
  await Promise.all([...files.map((f) => tx.store.put({ workspaceId: raw.id, path: f.path, content: f.content, lastModified: Date.now() })), tx.done]);
  const rawSaveMs = performance.now() - started;
  started = performance.now();
  const rawFiles = await db.getAllFromIndex('files', 'byWorkspace', raw.id);
  const rawRestoreMs = performance.now() - started;
  if (rawFiles.length !== count) throw new Error(`raw restored ${rawFiles.length} of ${count}`);

  await ws.deleteWorkspace(db, ours.id);
  await ws.deleteWorkspace(db, raw.id);
  db.close();
  return { saveMs, restoreMs, rawSaveMs, rawRestoreMs };
}

export default {
  id: 'workspace-persistence',
  description: `save + restore of a ${FILES}-file workspace in IndexedDB`,
  /** @param {import('../run.mjs').BenchContext} ctx */
  async run(ctx) {
    const { page, close } = await openBenchPage(ctx.browser, ctx.baseURL, { runtime: 'offline' });
    try {
      const runs = [];
      for (let i = 0; i < ctx.runs; i++) runs.push(await page.evaluate(saveRestoreOnce, FILES));
      const rawSave = runs.map((r) => r.rawSaveMs);
      const rawRestore = runs.map((r) => r.rawRestoreMs);
      return [
        {
          name: 'workspace.save.1000-files',
          unit: 'ms',
          samples: runs.map((r) => r.saveMs),
          baseline: { label: 'raw idb: one transaction of 1,000 puts, same page (median)', value: median(rawSave) },
          note: 'putFile x1000 + flush(): one transaction; ratio = ours / raw',
        },
        {
          name: 'workspace.restore.1000-files',
          unit: 'ms',
          samples: runs.map((r) => r.restoreMs),
          baseline: { label: 'raw idb getAll on the workspace index, same page (median)', value: median(rawRestore) },
          note: 'loadWorkspace(): state + getAll in one read transaction',
        },
        { name: 'workspace.save.raw-idb', unit: 'ms', samples: rawSave, note: 'one raw idb transaction of 1,000 puts' },
        { name: 'workspace.restore.raw-idb', unit: 'ms', samples: rawRestore, note: 'raw idb getAll on the workspace index' },
      ];
    } finally {
      await close();
    }
  },
};
