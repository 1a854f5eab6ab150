// A 50-test Vitest suite (5 files of 10 tests) run with `npx vitest run`, the project's own Vitest and the Vite
// it embeds: in the runtime frame, and under this machine's Node in the same run as the baseline. Both projects
// are installed from the fixture registry first (not timed); each run is spawn to exit.
import { timeInBoth } from '../lib/projects.mjs';
import { summarize } from '../lib/stats.mjs';

const FILES = 5;
const TESTS_PER_FILE = 10;
const PASSED = new RegExp(`Tests\\s+${FILES * TESTS_PER_FILE} passed`);

function project() {
  const text = (value) => new TextEncoder().encode(value);
  const files = [
    {
      path: 'package.json',
      data: text(
        JSON.stringify(
          { name: 'vitest-bench', version: '1.0.0', private: true, type: 'module', scripts: { test: 'vitest run' }, devDependencies: { vitest: '^4.1.12' } },
          null,
          2,
        ),
      ),
    },
    { path: 'src/math.js', data: text('export const sum = (a, b) => a + b;\nexport const product = (a, b) => a * b;\n') },
  ];
  for (let f = 1; f <= FILES; f++) {
    const tests = Array.from(
      { length: TESTS_PER_FILE },
      (_, t) => `test('case ${f}.${t}', () => {\n  expect(sum(${f}, ${t})).toBe(${f + t});\n  expect(product(${f}, ${t})).toBe(${f * t});\n});`,
    );
    files.push({
      path: `test/suite-${f}.test.js`,
      data: text(["import { expect, test } from 'vitest';", "import { sum, product } from '../src/math.js';", '', ...tests, ''].join('\n')),
    });
  }
  return files;
}

export default {
  id: 'vitest-run',
  description: `npx vitest run of ${FILES * TESTS_PER_FILE} tests with the project's own Vitest, offline runtime vs Node`,
  /** @param {import('../run.mjs').BenchContext} ctx */
  async run(ctx) {
    const { node, tab } = await timeInBoth(ctx, {
      files: project(),
      tabRoot: '/suite',
      command: 'npx',
      args: ['vitest', 'run'],
      expected: PASSED,
      what: 'vitest',
    });
    return [
      { name: 'vitest-run.node', unit: 'ms', samples: node, note: `baseline: npx vitest run under Node ${process.version} on this machine, spawn to exit` },
      {
        name: 'vitest-run.browser',
        unit: 'ms',
        samples: tab,
        baseline: { label: 'vitest-run.node, median of this run', value: summarize(node)?.median ?? 0 },
        note: `offline runtime: npx vitest run, ${FILES * TESTS_PER_FILE} tests in ${FILES} files, spawn to exit; ratio = browser / Node`,
      },
    ];
  },
};
