// Mounting a 1,000-file workspace (~210 B per file, 20 folders) into the runtime, through the runtime frame and
// on the in-page baseline: one fs.writeFile per file awaited in turn (a message round trip each, through the
// frame), and all files at once (the frame: Runtime.mount, one message; in-page: every writeFile
// started together, which is what the frame does with that message).
import { alternate, openBothPaths, pairRows } from '../lib/runtime-paths.mjs';

const FILES = 1000;

/** Runs in the page: both ways of writing, each into a folder of its own, removed afterwards (not timed). */
async function mountOnce({ count, run }) {
  const { runtime } = window.__tabsmithBench;
  const line = 'export const value = "' + 'x'.repeat(160) + '";\n';
  const filesUnder = (root) => Array.from({ length: count }, (_, i) => ({ path: `${root}/src/dir${i % 20}/file${i}.js`, data: `// ${i}\n${line}` }));

  const each = filesUnder(`/mount-each-${run}`);
  let started = performance.now();
  for (const file of each) await runtime.fs.writeFile(file.path, file.data);
  const eachMs = performance.now() - started;

  const batch = filesUnder(`/mount-batch-${run}`);
  started = performance.now();
  if (typeof runtime.mount === 'function') await runtime.mount(Object.fromEntries(batch.map((file) => [file.path, file.data])));
  else await Promise.all(batch.map((file) => runtime.fs.writeFile(file.path, file.data)));
  const batchMs = performance.now() - started;

  // A fast wrong answer is not a result: the last file of each set must be there, whole.
  for (const file of [each.at(-1), batch.at(-1)]) {
    const back = await runtime.fs.readTextFile(file.path);
    if (back !== file.data) throw new Error(`${file.path} reads back ${back.length} of ${file.data.length} chars`);
  }
  await runtime.fs.rm(`/mount-each-${run}`);
  await runtime.fs.rm(`/mount-batch-${run}`);
  return { eachMs, batchMs, batched: typeof runtime.mount === 'function' };
}

export default {
  id: 'mount',
  description: `mount a ${FILES}-file workspace: runtime frame vs in-page baseline`,
  /** @param {import('../run.mjs').BenchContext} ctx */
  async run(ctx) {
    const { pages, close } = await openBothPaths(ctx);
    try {
      const runs = await alternate(ctx, pages, (page, run) => page.evaluate(mountOnce, { count: FILES, run }));
      if (!runs.framed.every((r) => r.batched)) throw new Error('the framed runtime has no mount');
      return [
        ...pairRows({
          name: `mount.${FILES}-files.write-each`,
          unit: 'ms',
          framed: runs.framed.map((r) => r.eachMs),
          inPage: runs['in-page'].map((r) => r.eachMs),
          note: `${FILES} fs.writeFile calls, each awaited before the next`,
        }),
        ...pairRows({
          name: `mount.${FILES}-files.batch`,
          unit: 'ms',
          framed: runs.framed.map((r) => r.batchMs),
          inPage: runs['in-page'].map((r) => r.batchMs),
          note: `${FILES} files at once: mount (one message) through the frame, ${FILES} concurrent fs.writeFile in-page`,
        }),
      ];
    } finally {
      await close();
    }
  },
};
