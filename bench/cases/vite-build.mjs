// `npm run build` of create-vite's react template with the project's own Vite (Rolldown): in the runtime frame,
// and under this machine's Node in the same run as the baseline. Both projects are installed from the fixture
// registry first (not timed); every build is a fresh process, spawn to exit.
import { createViteTemplate, timeInBoth } from '../lib/projects.mjs';
import { summarize } from '../lib/stats.mjs';

const BUILT = /built in/;

export default {
  id: 'vite-build',
  description: "create-vite react: npm run build with the project's own Vite, offline runtime vs Node",
  /** @param {import('../run.mjs').BenchContext} ctx */
  async run(ctx) {
    const files = await createViteTemplate(ctx.registryURL, 'react');
    const { node, tab } = await timeInBoth(ctx, { files, tabRoot: '/app', command: 'npm', args: ['run', 'build'], expected: BUILT, what: 'vite build' });
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
