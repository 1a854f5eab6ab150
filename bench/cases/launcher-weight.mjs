// How much JavaScript the start page costs, against the open IDE's total: a cold load of the launcher (no
// `?ws=`), then "New workspace" → Empty → Create and the IDE page that opens, on the offline runtime. Every
// script a page loads counts once (its own frames and workers included), as its body uncompressed and gzipped
// (level 6, what servers send), so the figures do not depend on the HTTP cache or on how the server compresses.
import { gzipSync } from 'node:zlib';

/** The launcher's budget: a start page must not cost more than this before the user asks for the IDE. */
export const LAUNCHER_BUDGET_GZIP_BYTES = 200 * 1024;
const STEP_TIMEOUT_MS = 60_000;
const QUIET_MS = 1_500;

/** JavaScript by URL for everything the context loads from now until `stop()`. */
function collectScripts(context) {
  /** @type {Map<string, Promise<{ raw: number, gzip: number }>>} */
  const scripts = new Map();
  let last = Date.now();
  const onResponse = (response) => {
    last = Date.now();
    const type = response.request().resourceType();
    const contentType = response.headers()['content-type'] ?? '';
    const isScript = type === 'script' || /javascript|ecmascript/.test(contentType);
    if (!isScript || scripts.has(response.url()) || response.status() >= 300) return;
    scripts.set(
      response.url(),
      response.body().then(
        (body) => ({ raw: body.byteLength, gzip: gzipSync(body, { level: 6 }).byteLength }),
        () => ({ raw: 0, gzip: 0 }),
      ),
    );
  };
  context.on('response', onResponse);
  return {
    /** Resolves once no response has arrived for QUIET_MS (lazy chunks after first paint are counted too). */
    async quiet() {
      while (Date.now() - last < QUIET_MS) await new Promise((resolve) => setTimeout(resolve, 250));
    },
    async stop() {
      context.off('response', onResponse);
      const sizes = await Promise.all(scripts.values());
      return {
        count: sizes.length,
        raw: sizes.reduce((sum, s) => sum + s.raw, 0),
        gzip: sizes.reduce((sum, s) => sum + s.gzip, 0),
        urls: [...scripts.keys()],
      };
    },
  };
}

/** One cold launcher load, then the IDE it opens. */
async function measureOnce(ctx) {
  const context = await ctx.browser.newContext({ baseURL: ctx.baseURL, viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    let collector = collectScripts(context);
    await page.goto('/?runtime=offline');
    const newWorkspace = page.getByRole('button', { name: 'New workspace' });
    await newWorkspace.waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.waitForLoadState('load');
    await collector.quiet();
    const launcher = await collector.stop();

    collector = collectScripts(context);
    await newWorkspace.click();
    const dialog = page.getByRole('dialog', { name: 'New workspace' });
    await dialog.getByRole('textbox', { name: 'Workspace name' }).fill('launcher weight');
    await dialog.getByRole('radio', { name: 'Empty', exact: true }).check();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/[?&]ws=/, { timeout: STEP_TIMEOUT_MS });
    await page
      .getByRole('status', { name: 'Runtime status' })
      .filter({ hasText: /booted in/ })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.getByRole('tree', { name: 'Workspace files' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await collector.quiet();
    const ide = await collector.stop();
    return { launcher, ide };
  } finally {
    await context.close();
  }
}

const kb = (bytes) => bytes / 1024;

export default {
  id: 'launcher-weight',
  description: 'JavaScript the launcher loads, and the open IDE, in KB (gzipped and raw)',
  /** @param {import('../run.mjs').BenchContext} ctx */
  async run(ctx) {
    // The sizes barely move between runs (only by what a run happens to lazy-load): two loads are enough.
    const runs = [];
    for (let i = 0; i < Math.min(ctx.runs, 2); i++) runs.push(await measureOnce(ctx));
    const launcherGzip = runs.map((r) => kb(r.launcher.gzip));
    const worst = Math.max(...launcherGzip);
    const verdict = worst <= kb(LAUNCHER_BUDGET_GZIP_BYTES) ? 'within' : 'OVER';
    console.log(`  launcher: ${runs[0].launcher.count} scripts, ${worst.toFixed(1)} KB gzipped — ${verdict} the ${kb(LAUNCHER_BUDGET_GZIP_BYTES)} KB budget`);
    console.log(`  IDE: ${runs[0].ide.count} scripts, ${kb(runs[0].ide.gzip).toFixed(1)} KB gzipped`);
    if (process.env.BENCH_LIST_SCRIPTS) for (const url of runs[0].launcher.urls) console.log(`    launcher script: ${url}`);
    return [
      {
        name: 'launcher.js.gzip',
        unit: 'KB',
        samples: launcherGzip,
        baseline: { label: 'budget', value: kb(LAUNCHER_BUDGET_GZIP_BYTES) },
        note: `scripts of a cold launcher load, gzipped; ${verdict} the ${kb(LAUNCHER_BUDGET_GZIP_BYTES)} KB budget (ratio ≤ 1.00x is within)`,
      },
      { name: 'launcher.js.raw', unit: 'KB', samples: runs.map((r) => kb(r.launcher.raw)), note: 'the same scripts uncompressed' },
      {
        name: 'ide.js.gzip',
        unit: 'KB',
        samples: runs.map((r) => kb(r.ide.gzip)),
        note: 'scripts of the IDE page a new Empty workspace opens (its frames and workers included), gzipped',
      },
      { name: 'ide.js.raw', unit: 'KB', samples: runs.map((r) => kb(r.ide.raw)), note: 'the same scripts uncompressed' },
    ];
  },
};
