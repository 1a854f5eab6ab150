// `npm run build` of create-vite's react template with the project's own Vite (Rolldown): in the runtime frame,
// and under this machine's Node in the same run as the baseline. Both projects are installed from the fixture
// registry first (not timed); every build is a fresh process, spawn to exit.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBenchPage } from '../lib/bench-page.mjs';
import { createViteTemplate, expectSuccess, installInNode, installInTab, runInNode, runInTab } from '../lib/projects.mjs';
import { summarize } from '../lib/stats.mjs';

const BUILT = /built in/;

export default {
  id: 'vite-build',
  description: "create-vite react: npm run build with the project's own Vite, offline runtime vs Node",
  /** @param {import('../run.mjs').BenchContext} ctx */
  async run(ctx) {
    const files = await createViteTemplate(ctx.registryURL, 'react');
    const work = await mkdtemp(join(tmpdir(), 'tabsmith-bench-vite-build-'));
    const node = [];
    const tab = [];
    try {
      await installInNode(files, work, ctx.registryURL);
      const bench = await openBenchPage(ctx.browser, ctx.baseURL, { runtime: 'offline' });
      try {
        await installInTab(bench.page, files, '/app');
        for (let i = 0; i < ctx.runs; i++) {
          const inNode = await runInNode('npm', ['run', 'build'], work);
          expectSuccess('vite build in Node', inNode, BUILT);
          node.push(inNode.ms);
          const inTab = await runInTab(bench.page, 'npm', ['run', 'build'], '/app');
          expectSuccess('vite build in the tab', inTab, BUILT);
          tab.push(inTab.ms);
        }
      } finally {
        await bench.close();
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    return [
      { name: 'vite-build.node', unit: 'ms', samples: node, note: `baseline: npm run build under Node ${process.version} on this machine, spawn to exit` },
      {
        name: 'vite-build.browser',
        unit: 'ms',
        samples: tab,
        baseline: { label: 'vite-build.node, median of this run', value: summarize(node)?.median ?? 0 },
        note: 'offline runtime: npm run build, spawn to exit (target at most 3x); ratio = browser / Node',
      },
    ];
  },
};
