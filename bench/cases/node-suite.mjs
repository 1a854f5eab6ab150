// Node's own test/parallel files (tests/node-suite) run as `node <file>` in the offline runtime's frame: the pass
// rate per module, as Deno and Bun publish theirs. One run of the whole suite whatever --runs says (it takes
// minutes); the per-module table is printed as the case runs, the figures go to the results table.
import { rates, summaryText } from '../../tests/node-suite/lib/report.mjs';
import { runNodeSuite } from '../../tests/node-suite/lib/run-suite.mjs';

export default {
  id: 'node-suite',
  description: "Node's test/parallel files run in the offline runtime: pass rate per module",
  /** @param {import('../run.mjs').BenchContext} ctx */
  async run(ctx) {
    const run = await runNodeSuite({ browser: ctx.browser, baseURL: ctx.baseURL });
    console.log(summaryText(run).replace(/^/gm, '  '));
    const { modules, total } = rates(run.results);
    return [
      ...modules.map((m) => ({
        name: `node-suite.${m.module}`,
        unit: '%',
        samples: [m.rate],
        note: `${m.passed} of ${m.files} files pass (${m.skipped} of the rest skipped by the harness)`,
      })),
      { name: 'node-suite.overall', unit: '%', samples: [total.rate], note: `${total.passed} of ${total.files} files pass; target ≥ 85%` },
      {
        name: 'node-suite.wall',
        unit: 's',
        samples: [run.wallMs / 1000],
        note: `whole suite, ${run.pages} runtime frames, ${run.timeoutMs / 1000} s per file`,
      },
    ];
  },
};
