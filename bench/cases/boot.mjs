// Runtime boot time per adapter. Offline: N cold page loads, each in a fresh browser profile.
// WebContainer: one attempt; it cannot boot where stackblitz.com is unreachable, which is recorded as
// "unavailable" rather than failing the bench.
import { openBenchPage } from '../lib/bench-page.mjs';

const WEBCONTAINER_TIMEOUT_MS = Number(process.env.BENCH_WEBCONTAINER_TIMEOUT_MS ?? 8_000);

/** @param {import('../run.mjs').BenchContext} ctx */
async function offline(ctx) {
  const boot = [];
  const pageReady = [];
  for (let i = 0; i < ctx.runs; i++) {
    const { close, booted, failed } = await openBenchPage(ctx.browser, ctx.baseURL, { runtime: 'offline' });
    await close();
    if (!booted) throw new Error(`offline runtime failed to boot: ${failed?.message ?? 'unknown error'}`);
    boot.push(booted.bootMs);
    pageReady.push(booted.pageReadyMs);
  }
  return [
    {
      name: 'boot.offline',
      unit: 'ms',
      samples: boot,
      baseline: { label: 'almostnode createContainer() alone, runtimes.md upper bound', value: 14 },
      note: 'bootRuntime() call to ready, lazy adapter import included',
    },
    { name: 'boot.offline.page', unit: 'ms', samples: pageReady, note: 'navigation start to runtime ready (cold profile)' },
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
    failed?.code === 'boot-timeout'
      ? `timed out after ${WEBCONTAINER_TIMEOUT_MS} ms`
      : (failed?.message ?? `booted ${booted?.kind ?? 'nothing'} instead`);
  return [{ name, unit: 'ms', samples: [], unavailable: `unavailable (${reason})` }];
}

export default {
  id: 'boot',
  description: 'runtime boot time per adapter',
  /** @param {import('../run.mjs').BenchContext} ctx */
  async run(ctx) {
    return [...(await offline(ctx)), ...(await webcontainer(ctx))];
  },
};
