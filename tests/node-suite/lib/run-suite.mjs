// Runs the suite's files in the offline runtime as `node test/parallel/<file>` from the workspace root (Node runs
// its tests from the repository root), in the runtime frame that /bench boots. Several bench pages (each its own
// runtime frame on its own site) take files from one queue. A file that outlives its timeout is killed; when the
// frame cannot answer the kill (a loop that never yields), the IDE's watchdog replaces the frame, and the files
// are written into the new one before the next test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openBenchPage } from '../../../bench/lib/bench-page.mjs';
import { listFiles, readManifest, suiteDir, suiteHere } from '../suite-dir.mjs';
import { classify } from './outcome.mjs';

// Every file passes within 1.8 s here when it passes at all; Node's tests are written to finish in about a second.
export const DEFAULT_TIMEOUT_MS = 3_500;
export const DEFAULT_PAGES = 3;
/** How long a killed file may take to end: the watchdog's stop grace (2 s), then a new frame booting. */
const STOP_WAIT_MS = 20_000;
const BOOT_WAIT_MS = 120_000;

const ADAPT_DIR = join(suiteHere, 'adapt');

/**
 * The files to write into the runtime: test/common, test/fixtures and the chosen tests, base64 (some are binary).
 * With `adapt`, Node's test/common/index.js moves aside to node-common-index.js and adapt/common-index.js takes
 * its place, applying adapt/harness-adaptations.js first (see the README).
 */
function readSuiteFiles(dir, manifest, adapt) {
  const files = {};
  const tests = manifest.tests.map((t) => t.path);
  const common = listFiles(dir).filter((path) => path.startsWith('test/common/'));
  for (const path of [...common, ...tests]) files[path] = readFileSync(join(dir, path)).toString('base64');
  // Of test/fixtures, the top-level entries a test or test/common names (most of the folder is for other tests);
  // writing the whole of it into every new frame took 15 s on a busy machine.
  const texts = Object.values(files).map((b64) => Buffer.from(b64, 'base64').toString('latin1')).join('\n');
  const fixtures = listFiles(dir).filter((path) => path.startsWith('test/fixtures/') && texts.includes(path.split('/')[2]));
  for (const path of fixtures) files[path] = readFileSync(join(dir, path)).toString('base64');
  if (adapt) {
    files['test/common/node-common-index.js'] = files['test/common/index.js'];
    files['test/common/index.js'] = readFileSync(join(ADAPT_DIR, 'common-index.js')).toString('base64');
    files['test/common/harness-adaptations.js'] = readFileSync(join(ADAPT_DIR, 'harness-adaptations.js')).toString('base64');
  }
  return files;
}

/** Runs in the bench page: writes the files, and from then on notes when the frame is replaced. */
async function mountInPage(files) {
  const bench = window.__tabsmithBench;
  const decoded = {};
  for (const [path, base64] of Object.entries(files)) {
    decoded[path] = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  }
  window.__suiteFiles = decoded;
  window.__suiteRestarts ??= 0;
  if (!window.__suiteWatching) {
    window.__suiteWatching = true;
    bench.runtime.onRestart?.(() => void (window.__suiteRestarts += 1));
  }
  await bench.runtime.mount(decoded);
}

/** Runs in the bench page: one file, to its exit or its timeout. */
async function runFileInPage({ path, timeoutMs, stopWaitMs }) {
  const { runtime } = window.__tabsmithBench;
  const restartsBefore = window.__suiteRestarts;
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const started = performance.now();
  let output = '';
  let proc;
  try {
    proc = await runtime.spawn('node', [path], { cwd: '/' });
  } catch (error) {
    return { exitCode: null, output: `spawn failed: ${error?.message ?? error}`, ms: performance.now() - started, timedOut: false, restarted: false };
  }
  const reading = proc.output.pipeTo(new WritableStream({ write: (chunk) => void (output += chunk) })).catch(() => undefined);
  const exit = await Promise.race([proc.exit, sleep(timeoutMs).then(() => 'timeout')]);
  let timedOut = false;
  let exitCode = exit;
  if (exit === 'timeout') {
    timedOut = true;
    proc.kill();
    exitCode = await Promise.race([proc.exit, sleep(stopWaitMs).then(() => null)]);
  }
  await Promise.race([reading, sleep(200)]);
  const ms = performance.now() - started;
  // A replaced frame is empty: wait for it to answer, then put the files back for the next file.
  const restarted = window.__suiteRestarts !== restartsBefore || (timedOut && !(await runtime.fs.exists('/test/common/index.js').catch(() => false)));
  if (restarted) await runtime.mount(window.__suiteFiles);
  return { exitCode, output, ms, timedOut, restarted };
}

/** Runs in the bench page: a fresh frame (a fresh JavaScript realm) with the files written into it. */
async function freshFrameInPage() {
  const { runtime } = window.__tabsmithBench;
  await runtime.restart('node-suite: built-ins changed by an earlier test');
  await runtime.mount(window.__suiteFiles);
}

const LEAK_MARK = '[node-suite] built-ins changed by an earlier process: ';

/**
 * @param {{ browser: import('@playwright/test').Browser, baseURL: string, pages?: number, timeoutMs?: number, adapt?: boolean, filter?: (path: string) => boolean, log?: (line: string) => void }} options
 * @returns {Promise<import('./outcome.mjs').SuiteRun>}
 */
export async function runNodeSuite({ browser, baseURL, pages = DEFAULT_PAGES, timeoutMs = DEFAULT_TIMEOUT_MS, adapt = true, filter, log = () => undefined }) {
  const manifest = readManifest();
  const dir = suiteDir(manifest);
  let files;
  try {
    files = readSuiteFiles(dir, manifest, adapt);
  } catch (error) {
    throw new Error(
      `Node's test files are not in ${dir} (${error.code ?? error.message}). Take them with ` +
        '`node tests/node-suite/take-files.mjs --git-dir=<git directory holding Node\'s test/ at the manifest commit>` ' +
        '(see tests/node-suite/README.md), or point TABSMITH_NODE_SUITE_DIR at a folder that has them.',
    );
  }
  const queue = manifest.tests.filter((t) => !filter || filter(t.path));
  const startedAt = Date.now();
  /** @type {import('./outcome.mjs').FileResult[]} */
  const results = [];
  let restarts = 0;

  // Frames boot one after another: booting all at once on a busy two-core machine made each take over a minute.
  let booting = Promise.resolve();
  const openInTurn = async () => {
    const turn = booting;
    let done = () => undefined;
    booting = new Promise((resolve) => (done = resolve));
    await turn;
    try {
      return await openBenchPage(browser, baseURL, { runtime: 'offline', waitMs: BOOT_WAIT_MS });
    } finally {
      done();
    }
  };

  const worker = async (index) => {
    const bench = await openInTurn();
    try {
      if (!bench.booted) throw new Error(`the offline runtime did not boot: ${bench.failed?.message ?? 'unknown error'}`);
      if (bench.booted.runsIn !== 'runtime-frame') throw new Error(`the bench page booted a runtime in ${bench.booted.runsIn}, not the runtime frame`);
      const mountStarted = Date.now();
      await bench.page.evaluate(mountInPage, files);
      log(`[${index}] booted in ${Math.round(bench.booted.pageReadyMs)} ms, files written in ${Date.now() - mountStarted} ms`);
      let previous = null;
      for (let test = queue.shift(); test; test = queue.shift()) {
        let run = await bench.page.evaluate(runFileInPage, { path: test.path, timeoutMs, stopWaitMs: STOP_WAIT_MS });
        const leak = run.output.split('\n').find((line) => line.startsWith(LEAK_MARK));
        if (leak) {
          // The file before this one changed the realm's built-ins (see adapt/harness-adaptations.js).
          if (previous) previous.leaked = leak.slice(LEAK_MARK.length).trim();
          log(`[${index}] built-ins changed before ${test.path} ran; the file before it in this frame: ${previous?.path ?? 'none'}`);
          await bench.page.evaluate(freshFrameInPage);
          restarts++;
          run = await bench.page.evaluate(runFileInPage, { path: test.path, timeoutMs, stopWaitMs: STOP_WAIT_MS });
        }
        if (run.restarted) restarts++;
        const result = { ...test, ...classify(run), ms: Math.round(run.ms) };
        previous = result;
        results.push(result);
        log(`[${index}] ${result.status.padEnd(7)} ${String(result.ms).padStart(5)} ms  ${test.path.replace('test/parallel/', '')}${result.status === 'fail' ? `  ${result.reason}` : ''}`);
      }
    } finally {
      await bench.close();
    }
  };
  // One page failing (its frame would not boot) leaves the queue to the others; all failing is an error.
  const settled = await Promise.allSettled(Array.from({ length: Math.max(1, pages) }, (_, i) => worker(i)));
  const failures = settled.filter((s) => s.status === 'rejected').map((s) => s.reason?.message ?? String(s.reason));
  if (failures.length === settled.length || queue.length > 0) throw new Error(`the suite could not run: ${failures.join('; ')}`);
  for (const failure of failures) log(`a runtime page failed: ${failure}`);
  results.sort((a, b) => a.path.localeCompare(b.path));
  return { manifest: { source: manifest.source, compare: manifest.compare }, adapted: adapt, results, restarts, wallMs: Date.now() - startedAt, timeoutMs, pages };
}
