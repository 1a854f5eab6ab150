// Runtime boot time per adapter. Offline: N cold page loads of each path, each in a fresh browser profile,
// alternating the runtime frame (what the IDE boots) and the in-page baseline. WebContainer: one attempt; it
// cannot boot where stackblitz.com is unreachable, which is recorded as "unavailable" rather than failing.
import { openBenchPage } from '../lib/bench-page.mjs';
import { pairRows, RUNTIME_PATHS } from '../lib/runtime-paths.mjs';

const WEBCONTAINER_TIMEOUT_MS = Number(process.env.BENCH_WEBCONTAINER_TIMEOUT_MS ?? 8_000);

/** @param {import('../run.mjs').BenchContext} ctx */
async function offline(ctx) {
  const boot = { framed: [], 'in-page': [] };
  const pageReady = { framed: [], 'in-page': [] };
  for (let i = 0; i < ctx.runs; i++) {
    for (const path of RUNTIME_PATHS) {
      const { close, booted, failed } = await openBenchPage(ctx.browser, ctx.baseURL, { runtime: path.runtime });
      await close();
      if (!booted) throw new Error(`${path.label} failed to boot: ${failed?.message ?? 'unknown error'}`);
      boot[path.id].push(booted.bootMs);
      pageReady[path.id].push(booted.pageReadyMs);
    }
  }
  return [
    ...pairRows({
      name: 'boot.offline',
      unit: 'ms',
      framed: boot.framed,
      inPage: boot['in-page'],
      note: 'boot call to ready, lazy imports included, cold profile',
    }),
    ...pairRows({
      name: 'boot.offline.page',
      unit: 'ms',
      framed: pageReady.framed,
      inPage: pageReady['in-page'],
      note: 'navigation start to runtime ready, cold profile',
    }),
  ];
}

/** @param {import('../run.mjs').BenchContext} ctx */
async function webcontainer(ctx) {
  const name = 'boot.webcontainer';
  const { close, booted, failed } = await openBenchPage(ctx.browser, ctx.baseURL, {
    runtime: 'webcontainer',
    bootTimeoutMs: WEBCONTAINER_TIMEOUT_MS,
    waitMs: WEBCONTAINER_TIMEOUT_MS + 30_000,
  });
  await close();
  if (booted && booted.kind === 'webcontainer') return [{ name, unit: 'ms', samples: [booted.bootMs] }];
  const reason =
    failed?.code === 'boot-timeout' ? `timed out after ${WEBCONTAINER_TIMEOUT_MS} ms` : (failed?.message ?? `booted ${booted?.kind ?? 'nothing'} instead`);
  return [{ name, unit: 'ms', samples: [], unavailable: `unavailable (${reason})` }];
}

export default {
  id: 'boot',
  description: 'runtime boot time: runtime frame vs in-page baseline, and WebContainer',
  /** @param {import('../run.mjs').BenchContext} ctx */
  async run(ctx) {
    return [...(await offline(ctx)), ...(await webcontainer(ctx))];
  },
};
