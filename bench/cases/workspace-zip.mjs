// Export and import of a 1,000-file workspace (~210 B each, plus a few binary files) as .zip (fflate).
import { openBenchPage } from '../lib/bench-page.mjs';

const FILES = 1000;

async function zipOnce(count) {
  const ws = window.__tabsmithWorkspace;
  const line = 'export const value = "' + 'x'.repeat(160) + '";\n';
  const files = Array.from({ length: count }, (_, i) => ({ path: `/src/dir${i % 20}/file${i}.js`, content: `// ${i}\n${line}` }));
  for (let i = 0; i < 5; i++) {
    const bytes = new Uint8Array(20_000);
    crypto.getRandomValues(bytes);
    bytes[0] = 0xff;
    files.push({ path: `/assets/blob${i}.bin`, content: bytes });
  }
  let started = performance.now();
  const zip = ws.exportZip(files);
  const exportMs = performance.now() - started;
  started = performance.now();
  const back = ws.importZip(zip);
  const importMs = performance.now() - started;
  if (back.length !== files.length) throw new Error(`imported ${back.length} of ${files.length}`);
  return { exportMs, importMs, zipBytes: zip.length };
}

export default {
  id: 'workspace-zip',
  description: `export + import of a ${FILES}-file workspace as .zip`,
  /** @param {import('../run.mjs').BenchContext} ctx */
  async run(ctx) {
    const { page, close } = await openBenchPage(ctx.browser, ctx.baseURL, { runtime: 'offline' });
    try {
      const runs = [];
      for (let i = 0; i < ctx.runs; i++) runs.push(await page.evaluate(zipOnce, FILES));
      const kb = Math.round((runs[0]?.zipBytes ?? 0) / 1024);
      return [
        {
          name: 'workspace.zip.export.1000-files',
          unit: 'ms',
          samples: runs.map((r) => r.exportMs),
          note: `exportZip, ${kb} KB archive (5 x 20 KB random binaries stored)`,
        },
        {
          name: 'workspace.zip.import.1000-files',
          unit: 'ms',
          samples: runs.map((r) => r.importMs),
          note: 'importZip: central directory pass, checks, inflate, UTF-8 decode',
        },
      ];
    } finally {
      await close();
    }
  },
};
