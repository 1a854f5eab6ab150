// The two ways the offline runtime can run, measured side by side in one run: the runtime frame on another
// site (what the IDE boots) and the old in-page path (the bench's baseline only). A case opens one bench page
// per path and alternates runs between them, so the machine's noise falls on both alike.
import { openBenchPage } from './bench-page.mjs';
import { summarize } from './stats.mjs';

export const FRAMED = { id: 'framed', runtime: 'offline', label: 'runtime frame on another site, over its MessagePort' };
export const IN_PAGE = { id: 'in-page', runtime: 'offline-inpage', label: 'offline runtime in the bench page itself' };
export const RUNTIME_PATHS = [FRAMED, IN_PAGE];

/** Opens a booted bench page for each path (throwing if either fails to boot). */
export async function openBothPaths(ctx) {
  const opened = {};
  try {
    for (const path of RUNTIME_PATHS) {
      const bench = await openBenchPage(ctx.browser, ctx.baseURL, { runtime: path.runtime });
      opened[path.id] = bench;
      if (!bench.booted) throw new Error(`${path.label} failed to boot: ${bench.failed?.message ?? 'unknown error'}`);
      const expected = path === FRAMED ? 'runtime-frame' : 'this-page';
      if (bench.booted.runsIn !== expected) throw new Error(`${path.label}: the bench page booted a runtime that runs in ${bench.booted.runsIn}`);
    }
  } catch (error) {
    await Promise.all(Object.values(opened).map((bench) => bench.close()));
    throw error;
  }
  return {
    pages: { framed: opened.framed.page, 'in-page': opened['in-page'].page },
    close: () => Promise.all(Object.values(opened).map((bench) => bench.close())),
  };
}

/**
 * Runs `measure(page, i)` ctx.runs times on each path, alternating framed and in-page.
 * @returns {Promise<{ framed: any[], 'in-page': any[] }>}
 */
export async function alternate(ctx, pages, measure) {
  const results = { framed: [], 'in-page': [] };
  for (let i = 0; i < ctx.runs; i++) {
    for (const path of RUNTIME_PATHS) results[path.id].push(await measure(pages[path.id], i, path));
  }
  return results;
}

/**
 * Two rows for one figure: the in-page baseline, then the framed runtime with that baseline's median, so the
 * table's ratio column reads framed / in-page.
 * @returns {import('./report.mjs').Measurement[]}
 */
export function pairRows({ name, unit, framed, inPage, note }) {
  const baseline = summarize(inPage)?.median;
  return [
    { name: `${name}.in-page`, unit, samples: inPage, note: `baseline: ${IN_PAGE.label}` },
    {
      name: `${name}.framed`,
      unit,
      samples: framed,
      ...(baseline ? { baseline: { label: `${name}.in-page, median of this run`, value: baseline } } : {}),
      note: `${note}; ${FRAMED.label}; ratio = framed / in-page (target ≤ 1.5x)`,
    },
  ];
}
