// The create-vite react template under `npm run dev`: start to first render, and save to updated page (HMR).
// The offline runtime runs it in Chromium (the project's own Vite in a worker of the runtime frame, the page
// in a preview iframe); real Vite runs it in Node on this machine in the same run, its page in Chromium, as
// the baseline. Both projects are installed from the fixture registry first (not timed).
// "cold" is the first start after the install (dependencies pre-bundled), "warm" a restart (bundle reused).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBenchPage } from '../lib/bench-page.mjs';
import { rendererPssMB } from '../lib/tab-memory.mjs';
import { summarize } from '../lib/stats.mjs';
import { createViteTemplate, installInNode, installInTab } from '../lib/projects.mjs';

// Generous: on a loaded two-core machine the offline runtime's cold start has taken 40 s, and a bench reports figures rather than failing.
const STEP_TIMEOUT_MS = 120_000;
const EDITS = 5;
const NODE_PORT = 5391;
const HEADING = 'h1';

const appSource = (files) => new TextDecoder().decode(files.find((file) => file.path === 'src/App.jsx').data);
// Each edit changes the file's size: Node's file watchers (chokidar, in real Vite) may take a rewrite of the same
// size within one coarse mtime tick for no change, and a bench should time the server, not that heuristic.
const headingAfter = (n) => `Get going ${'!'.repeat(n)}`;
const edited = (source, n) => source.replace('<h1>Get started</h1>', `<h1>${headingAfter(n)}</h1>`);

/** Waits until the frame's heading reads `text`; returns the time it did. */
async function headingIs(frame, text) {
  await frame.waitForFunction(([selector, expected]) => document.querySelector(selector)?.textContent === expected, [HEADING, text], {
    timeout: STEP_TIMEOUT_MS,
    polling: 'raf',
  });
  return performance.now();
}

/** After the first render, a dev server may still be finishing start-up work (real Vite reloads the page
 * once its dependency optimizer has run): edits are timed once that is over. */
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
const SETTLE_MS = 3000;
/** Between edits, untimed: a person saves again after looking, and real Vite's watcher can miss a rewrite made
 * within a few tens of milliseconds of the previous update on this machine. */
const pause = () => new Promise((resolve) => setTimeout(resolve, EDIT_GAP_MS));
const EDIT_GAP_MS = 500;

/** Resident memory of a process (Linux), in MB, or null where /proc cannot say. */
function residentMB(pid) {
  try {
    const kB = Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)?.[1]);
    return Number.isFinite(kB) ? kB / 1024 : null;
  } catch {
    return null;
  }
}

// ---- real Vite in Node ---------------------------------------------------------------------------------

async function nodeRun(ctx, files, dir, starts) {
  await installInNode(files, dir, ctx.registryURL);
  const app = await readFile(join(dir, 'src/App.jsx'), 'utf8');
  const context = await ctx.browser.newContext();
  const page = await context.newPage();
  const pageLog = [];
  page.on('console', (message) => pageLog.push(message.text()));
  page.on('pageerror', (error) => pageLog.push(String(error)));
  const result = { first: [], hmr: [], memoryMB: null };
  try {
    for (let s = 0; s < starts; s++) {
      await writeFile(join(dir, 'src/App.jsx'), app);
      const started = performance.now();
      const child = spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--port', String(NODE_PORT + s), '--strictPort'], {
        cwd: dir,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let log = '';
      child.stdout.on('data', (chunk) => (log += chunk));
      child.stderr.on('data', (chunk) => (log += chunk));
      try {
        const url = `http://127.0.0.1:${NODE_PORT + s}/`;
        for (;;) {
          const up = await fetch(url).then(
            (r) => r.ok,
            () => false,
          );
          if (up) break;
          if (performance.now() - started > STEP_TIMEOUT_MS) throw new Error('vite did not answer');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await page.goto(url);
        result.first.push((await headingIs(page.mainFrame(), 'Get started')) - started);
        await settle();
        for (let n = 1; n <= EDITS; n++) {
          await pause();
          const saved = performance.now();
          await writeFile(join(dir, 'src/App.jsx'), edited(app, n));
          result.hmr.push((await headingIs(page.mainFrame(), headingAfter(n))) - saved);
        }
        if (s === 0) result.memoryMB = residentMB(child.pid);
      } catch (error) {
        const shown = await page.evaluate((selector) => document.querySelector(selector)?.textContent, HEADING).catch(() => '?');
        const onDisk = (await readFile(join(dir, 'src/App.jsx'), 'utf8')).match(/<h1>[^<]*<\/h1>/)?.[0];
        pageLog.push(`heading shown: ${shown}; on disk: ${onDisk}`);
        throw new Error(
          `real Vite: ${error instanceof Error ? error.message.split('\n')[0] : error}; its output: ${log.trim().split('\n').slice(-4).join(' | ')}; the page's console: ${pageLog.slice(-4).join(' | ')}`,
        );
      } finally {
        child.kill();
      }
    }
  } finally {
    await context.close();
  }
  return result;
}

// ---- the offline runtime in Chromium -------------------------------------------------------------------

/** In the bench page: starts `npm run dev`, returns the preview URL once the server listens. */
async function browserStart({ timeoutMs }) {
  const { runtime } = window.__tabsmithBench;
  let unsubscribe = () => {};
  const ready = new Promise((resolve) => (unsubscribe = runtime.onServerReady((port, url) => resolve(url))));
  const spawned = performance.now();
  // Without DEBUG, as real Vite runs in Node here: its debug output (a line for every resolve and transform, each
  // crossing from the worker to the terminal) made the offline runtime's starts slower and noisier. What the server
  // prints is kept with the time since spawn.
  const child = await runtime.spawn('npm', ['run', 'dev'], { cwd: '/app' });
  window.__viteBenchChild = child;
  window.__viteBenchOutput = [];
  void child.output
    .pipeTo(new WritableStream({ write: (chunk) => void window.__viteBenchOutput.push(`${Math.round(performance.now() - spawned)} ms: ${chunk}`) }))
    .catch(() => undefined);
  const url = await Promise.race([ready, new Promise((_, reject) => setTimeout(() => reject(new Error('npm run dev did not listen')), timeoutMs))]);
  unsubscribe();
  const iframe = document.createElement('iframe');
  iframe.id = 'vite-bench';
  iframe.style.cssText = 'width: 1000px; height: 700px; border: 0';
  iframe.src = url;
  document.body.append(iframe);
  // As the IDE's preview does: when the server is announced ready on the port again, the page loads again. The
  // real Vite's start is announced twice here, and a page loaded at the first one showed a refused connection.
  window.__viteBenchReady = runtime.onServerReady((_port, again) => {
    if (again === url) iframe.src = again;
  });
}

async function browserStop() {
  const child = window.__viteBenchChild;
  window.__viteBenchReady?.();
  document.getElementById('vite-bench')?.remove();
  child?.kill();
  await child?.exit;
}

async function browserRun(ctx, files, starts) {
  const bench = await openBenchPage(ctx.browser, ctx.baseURL, { runtime: 'offline' });
  const result = { first: [], hmr: [], memoryMB: null };
  try {
    if (!bench.booted) throw new Error(`the offline runtime failed to boot: ${bench.failed?.message ?? 'unknown error'}`);
    const { page } = bench;
    await installInTab(page, files, '/app');
    const app = appSource(files);
    for (let s = 0; s < starts; s++) {
      await page.evaluate((text) => window.__tabsmithBench.runtime.fs.writeFile('/app/src/App.jsx', text), app);
      const started = performance.now();
      await page.evaluate(browserStart, { timeoutMs: STEP_TIMEOUT_MS });
      const frame = await (await page.waitForSelector('#vite-bench')).contentFrame();
      result.first.push((await headingIs(frame, 'Get started')) - started);
      if (s === 0) {
        // What the server printed during the cold start, with the time since spawn.
        const lines = await page.evaluate(() =>
          window.__viteBenchOutput.join('').replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, 'g'), ''),
        );
        console.log(
          `  offline runtime, cold start (time since spawn: output):\n${lines
            .split('\n')
            .filter((line) => line.trim())
            .map((line) => `    ${line.trim()}`)
            .join('\n')}`,
        );
      }
      await settle();
      for (let n = 1; n <= EDITS; n++) {
        await pause();
        const saved = performance.now();
        await page.evaluate((text) => window.__tabsmithBench.runtime.fs.writeFile('/app/src/App.jsx', text), edited(app, n));
        result.hmr.push((await headingIs(frame, headingAfter(n))) - saved);
      }
      // While the dev server runs, after its edits: the IDE-less bench page and the runtime frame with its workers.
      if (s === 0) result.memoryMB = rendererPssMB();
      await page.evaluate(browserStop);
    }
  } finally {
    await bench.close();
  }
  return result;
}

const row = (name, samples, baseline, note) => ({
  name,
  unit: 'ms',
  samples,
  ...(baseline ? { baseline: { label: `${baseline.name}, median of this run`, value: summarize(baseline.samples)?.median ?? 0 } } : {}),
  note,
});

/** Memory while the dev server runs: the tab's renderer processes against real Vite's resident memory. */
function memoryRows(nodeMB, tabMB, browserError) {
  const row = (name, value, unavailable, note, baseline) =>
    unavailable ? { name, unit: 'MB', samples: [], unavailable } : { name, unit: 'MB', samples: [value], ...(baseline ? { baseline } : {}), note };
  const noProc = 'no /proc on this machine';
  return [
    row('vite-dev.memory.node-vite', nodeMB, nodeMB === null && noProc, 'resident memory (VmRSS) of real Vite in Node after the first start and its edits'),
    row(
      'vite-dev.memory.browser',
      tabMB,
      browserError ? `failed (${browserError})` : tabMB === null && noProc,
      "PSS of Chromium's renderer processes (bench page, runtime frame with its workers, preview) after the first start and its edits; ratio = tab / real Vite",
      nodeMB === null ? null : { label: 'real Vite in Node, resident', value: nodeMB },
    ),
  ];
}

export default {
  id: 'vite-dev',
  description: 'create-vite react: npm run dev to first render, and save to updated page (HMR): offline runtime vs real Vite in Node',
  /** @param {import('../run.mjs').BenchContext} ctx */
  async run(ctx) {
    // Two starts: the first after the install (cold) and a restart (warm), each with its edits.
    const starts = 2;
    const files = await createViteTemplate(ctx.registryURL, 'react');
    const work = await mkdtemp(join(tmpdir(), 'tabsmith-bench-vite-'));
    let node;
    let browser;
    let browserError = '';
    try {
      node = await nodeRun(ctx, files, work, starts);
      console.log(`  real Vite in Node: first render ${node.first.map(Math.round).join('/')} ms, hmr ${node.hmr.map(Math.round).join('/')} ms`);
      try {
        browser = await browserRun(ctx, files, starts);
        console.log(`  offline runtime: first render ${browser.first.map(Math.round).join('/')} ms, hmr ${browser.hmr.map(Math.round).join('/')} ms`);
      } catch (error) {
        browserError = (error instanceof Error ? error.message : String(error)).split('\n')[0];
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    const nodeRows = {
      cold: { name: 'vite-dev.first-render.cold.node-vite', samples: node.first.slice(0, 1) },
      warm: { name: 'vite-dev.first-render.warm.node-vite', samples: node.first.slice(1) },
      hmr: { name: 'vite-dev.hmr.node-vite', samples: node.hmr },
    };
    const browserRow = (name, samples, baseline, note) =>
      browserError ? { name, unit: 'ms', samples: [], unavailable: `failed (${browserError})` } : row(name, samples, baseline, note);
    return [
      row(
        nodeRows.cold.name,
        nodeRows.cold.samples,
        null,
        'real Vite in Node on this machine: spawn to the heading in Chromium, first start after npm install',
      ),
      browserRow(
        'vite-dev.first-render.cold.browser',
        browser?.first.slice(0, 1) ?? [],
        nodeRows.cold,
        'offline runtime: spawn of npm run dev to the heading in the preview iframe, first start after npm install (target < 3 s); ratio = browser / real Vite',
      ),
      row(nodeRows.warm.name, nodeRows.warm.samples, null, 'restart, dependency bundle reused'),
      browserRow(
        'vite-dev.first-render.warm.browser',
        browser?.first.slice(1) ?? [],
        nodeRows.warm,
        'restart, dependency bundle reused from node_modules/.vite; ratio = browser / real Vite',
      ),
      row(nodeRows.hmr.name, nodeRows.hmr.samples, null, `file written to the heading updated in the page (React Fast Refresh), ${EDITS} edits per start`),
      browserRow(
        'vite-dev.hmr.browser',
        browser?.hmr ?? [],
        nodeRows.hmr,
        'runtime fs write (what an editor save does) to the heading updated in the preview (target < 300 ms median); ratio = browser / real Vite',
      ),
      ...memoryRows(node.memoryMB, browser?.memoryMB ?? null, browserError),
    ];
  },
};
