// User code cannot block the IDE's main thread: while `node -e "while (true) {}"` runs in the runtime frame for
// a few seconds, the bench page records its longest task (PerformanceObserver 'longtask': tasks of 50 ms or
// more) and the worst lateness of a 10 ms interval timer. Then it stops everything (runtime.killAll(); the
// frame cannot answer, so its watchdog replaces it after the stop grace) and times the stop. The in-page
// baseline cannot run an endless loop at all (it would freeze the page for good), so it runs a loop bounded
// at one second to show what the same code does to the page there.
import { openBenchPage } from '../lib/bench-page.mjs';
import { FRAMED, IN_PAGE } from '../lib/runtime-paths.mjs';

const BUSY_MS = 3_000;
const BOUNDED_MS = 1_000;
const STOP_TIMEOUT_MS = 20_000;
const BUSY_CODE = 'while (true) {}';

/** Runs in the page: watches the main thread from now on; `read(from, to)` gives the worst block in a window. */
function installProbe() {
  const tasks = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, end: entry.startTime + entry.duration });
  });
  observer.observe({ type: 'longtask' });
  const ticks = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    ticks.push({ at: now, late: now - last - 10 });
    last = now;
  }, 10);
  window.__benchProbe = {
    read(from, to) {
      const longestTask = Math.max(0, ...tasks.filter((t) => t.end > from && t.start < to).map((t) => t.end - t.start));
      const worstLate = Math.max(0, ...ticks.filter((t) => t.at > from && t.at <= to).map((t) => t.late));
      return { longestTask, worstLate };
    },
    stop() {
      observer.disconnect();
      clearInterval(timer);
    },
  };
}

/**
 * Runs in the page (framed runtime): one endless loop typed into a shell, as a user would in the terminal,
 * watched, then stopped. (Through spawn('node', ['-e', code]) the loop starts before the frame has answered
 * the spawn request, so the caller never gets the process: the shell is the path that hands it back first.)
 */
async function framedBusyLoop({ code, busyMs, stopTimeoutMs }) {
  const { runtime } = window.__tabsmithBench;
  const probe = window.__benchProbe;
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const within = (promise, ms) => Promise.race([promise, sleep(ms).then(() => 'timeout')]);

  const process = await runtime.shell();
  void process.output.pipeTo(new WritableStream()).catch(() => undefined);
  await sleep(200);
  const started = performance.now();
  process.write(`node -e ${JSON.stringify(code)}\r`);
  await sleep(busyMs / 3);
  // The loop must really be running: the frame must not answer a request now.
  if ((await within(runtime.fs.exists('/'), busyMs / 3)) !== 'timeout') throw new Error('the runtime frame still answers: the loop is not running');
  await sleep(busyMs - (performance.now() - started));
  const busyEnded = performance.now();
  const during = probe.read(started, busyEnded);

  const restarted = new Promise((resolve) => {
    const off = runtime.onRestart(() => {
      off();
      resolve(performance.now());
    });
  });
  const stopAt = performance.now();
  void runtime.killAll().catch(() => undefined);
  const exitCode = await within(process.exit, stopTimeoutMs);
  if (exitCode === 'timeout') throw new Error(`the process did not end within ${stopTimeoutMs} ms of killAll()`);
  const exitedAt = performance.now();
  const restartedAt = await within(restarted, stopTimeoutMs);
  if (restartedAt === 'timeout') throw new Error(`the runtime frame was not replaced within ${stopTimeoutMs} ms`);
  // Answering again: a fresh node process prints in the new frame.
  const echo = await runtime.spawn('node', ['-e', "console.log('back')"]);
  let text = '';
  await echo.output.pipeTo(new WritableStream({ write: (chunk) => void (text += chunk) }));
  if (!text.includes('back')) throw new Error(`the new frame printed ${JSON.stringify(text.slice(0, 100))}`);
  const answersAt = performance.now();
  const throughStop = probe.read(stopAt, answersAt);
  return {
    longestTask: during.longestTask,
    worstLate: during.worstLate,
    stopLongestTask: throughStop.longestTask,
    stopWorstLate: throughStop.worstLate,
    exitCode,
    stopToExitMs: exitedAt - stopAt,
    stopToAnswerMs: answersAt - stopAt,
  };
}

/** Runs in the page (in-page baseline): a loop bounded at `boundedMs`, watched. */
async function inPageBoundedLoop({ boundedMs }) {
  const { runtime } = window.__tabsmithBench;
  const started = performance.now();
  const process = await runtime.spawn('node', ['-e', `const end = Date.now() + ${boundedMs}; while (Date.now() < end) {}`]);
  void process.output.pipeTo(new WritableStream()).catch(() => undefined);
  await process.exit;
  // Long-task entries are delivered after the task; give the observer a moment.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return window.__benchProbe.read(started, performance.now());
}

async function openProbed(ctx, path) {
  const bench = await openBenchPage(ctx.browser, ctx.baseURL, { runtime: path.runtime });
  if (!bench.booted) {
    await bench.close();
    throw new Error(`${path.label} failed to boot: ${bench.failed?.message ?? 'unknown error'}`);
  }
  await bench.page.evaluate(installProbe);
  return bench;
}

export default {
  id: 'busy-loop',
  description: `main thread of the IDE page while user code loops for ${BUSY_MS / 1000} s; stopping it`,
  /** @param {import('../run.mjs').BenchContext} ctx */
  async run(ctx) {
    const framed = await openProbed(ctx, FRAMED);
    const runs = [];
    try {
      for (let i = 0; i < ctx.runs; i++) {
        runs.push(await framed.page.evaluate(framedBusyLoop, { code: BUSY_CODE, busyMs: BUSY_MS, stopTimeoutMs: STOP_TIMEOUT_MS }));
      }
    } finally {
      await framed.close();
    }
    const inPage = await openProbed(ctx, IN_PAGE);
    const bounded = [];
    try {
      for (let i = 0; i < ctx.runs; i++) bounded.push(await inPage.page.evaluate(inPageBoundedLoop, { boundedMs: BOUNDED_MS }));
    } finally {
      await inPage.close();
    }
    const code = JSON.stringify(BUSY_CODE);
    return [
      {
        name: 'busy-loop.framed.longest-task',
        unit: 'ms',
        samples: runs.map((r) => r.longestTask),
        note: `longest task on the bench page while node -e ${code}, typed into a shell, ran ${BUSY_MS / 1000} s in the runtime frame (PerformanceObserver longtask; 0 = none of 50 ms or more; target < 50)`,
      },
      {
        name: 'busy-loop.framed.timer-late',
        unit: 'ms',
        samples: runs.map((r) => r.worstLate),
        note: 'worst lateness of a setInterval(10) on the bench page in the same window',
      },
      {
        name: 'busy-loop.framed.stop.process-exit',
        unit: 'ms',
        samples: runs.map((r) => r.stopToExitMs),
        note: `runtime.killAll() to the end of the shell running the loop (exit code ${[...new Set(runs.map((r) => r.exitCode))].join(', ')}): the frame cannot answer, so the watchdog replaces it after its stop grace`,
      },
      {
        name: 'busy-loop.framed.stop.runtime-back',
        unit: 'ms',
        samples: runs.map((r) => r.stopToAnswerMs),
        note: 'runtime.killAll() to a new node process printing in the replacement frame',
      },
      {
        name: 'busy-loop.framed.stop.longest-task',
        unit: 'ms',
        samples: runs.map((r) => r.stopLongestTask),
        note: 'longest task on the bench page from killAll() until the replacement frame answers (0 = none of 50 ms or more)',
      },
      {
        name: 'busy-loop.in-page.longest-task',
        unit: 'ms',
        samples: bounded.map((r) => r.longestTask),
        note: `baseline: a loop bounded at ${BOUNDED_MS} ms run by the in-page runtime blocks the page that long (an endless one never returns)`,
      },
    ];
  },
};
