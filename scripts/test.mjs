#!/usr/bin/env node
// `npm test`: typecheck, lint, formatting, import cycles, unit tests, production build, e2e tests; the first failing
// step stops the run. On a 2-core machine the steps that use one core each (tsc, ESLint) run side by side, with the
// formatting and cycle checks after them, together with filling the
// fixture registry's package cache (network-bound; the e2e tests' registry would otherwise fill it when it
// starts); then the unit tests and the production build run side by side. Each step's output is printed whole
// when it ends, and the run ends with how long each step took.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ensureRealPackages } from '../tests/e2e/fixtures/registry/cache.mjs';

const timings = [];

function run(name, command, args, { buffered = false } = {}) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      timings.push([name, performance.now() - started]);
      if (buffered) process.stdout.write(`\n---- ${name} ----\n${output}`);
      if (code === 0) resolve();
      else reject(new Error(`${name} failed (exit code ${code})`));
    });
  });
}

async function fillRegistryCache() {
  const started = performance.now();
  const lines = [];
  await ensureRealPackages({ log: (line) => lines.push(`[fixture-registry] ${line}`) });
  timings.push(['fixture registry cache', performance.now() - started]);
  if (lines.length) console.log(`\n---- fixture registry cache ----\n${lines.join('\n')}`);
}

function printTimings() {
  console.log('\n==== time per step ====');
  for (const [name, ms] of timings) console.log(`${(ms / 1000).toFixed(1).padStart(8)} s  ${name}`);
}

/**
 * The Node test-suite figures from the last full run (tests/node-suite/FAILING.md). Node's test files are not in
 * this repository and CI reaches only the npm registry, so CI cannot run them; it shows the committed figures,
 * saying so, and `npm run bench -- --only=node-suite` measures them where the files have been taken.
 */
function printNodeSuiteFigures() {
  const report = readFileSync(new URL('../tests/node-suite/FAILING.md', import.meta.url), 'utf8').split('\n');
  const summary = report.find((line) => line.startsWith('**'));
  const table = report.filter((line) => line.startsWith('|'));
  console.log("\n==== Node's own tests in the offline runtime (last full run, from tests/node-suite/FAILING.md) ====");
  console.log("Not run here: the files come from Node's repository, which CI cannot reach; see tests/node-suite/README.md.");
  console.log([summary, '', ...table].join('\n'));
}

/** Runs steps side by side. Settled, not raced: a failing step still lets the others finish and print what they found. */
async function sideBySide(steps) {
  const failed = (await Promise.allSettled(steps)).find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

const npx = (...args) => ['npx', ['--no-install', ...args]];
try {
  await sideBySide([
    run('typecheck (tsc)', ...npx('tsc', '--noEmit'), { buffered: true }),
    run('lint (eslint)', ...npx('eslint', '.', '--max-warnings=0'), { buffered: true }).then(() =>
      Promise.all([
        run('formatting (prettier --check)', ...npx('prettier', '--check', '--log-level=warn', '.'), { buffered: true }),
        run('import cycles (dpdm)', 'npm', ['run', '--silent', 'check:cycles'], { buffered: true }),
      ]),
    ),
    fillRegistryCache(),
  ]);
  // The unit tests leave part of the two cores idle (their workers wait on imports and timers) and the build does
  // not need them: side by side, the build's output printed when it ends.
  await sideBySide([run('unit tests (vitest)', ...npx('vitest', 'run')), run('build (next build)', 'npm', ['run', 'build'], { buffered: true })]);
  await run('e2e tests (playwright)', ...npx('playwright', 'test'));
  printNodeSuiteFigures();
  printTimings();
} catch (error) {
  printTimings();
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
