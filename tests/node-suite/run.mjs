#!/usr/bin/env node
// Runs Node's own test/parallel files (manifest.json) in the offline runtime and reports pass rates per module.
//
//   node tests/node-suite/run.mjs [--port=N | --base-url=URL] [--pages=3] [--timeout-ms=3500] [--grep=text] [--no-adapt]
//
// With --port or --base-url it uses a production server already running there (started with
// TABSMITH_DEV_PAGES=1, as the e2e tests and the bench start it); otherwise it starts one like `npm run bench`
// does (TABSMITH_BENCH_PORT, default 3001; TABSMITH_DIST_DIR). A full run rewrites tests/node-suite/FAILING.md;
// every run writes bench/results/node-suite.json. With --check it exits 1 when the overall rate falls below
// baseline.json's rate minus its margin; otherwise it exits 0 whatever the rate (it measures).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { launchChromium } from '../../bench/lib/browser.mjs';
import { startServers } from '../../bench/lib/server.mjs';
import { failingMarkdown, rates, summaryText } from './lib/report.mjs';
import { DEFAULT_PAGES, DEFAULT_TIMEOUT_MS, runNodeSuite } from './lib/run-suite.mjs';
import { suiteHere } from './suite-dir.mjs';

function option(name) {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

const root = dirname(dirname(suiteHere));
const pages = Number(option('pages') ?? DEFAULT_PAGES);
const timeoutMs = Number(option('timeout-ms') ?? DEFAULT_TIMEOUT_MS);
const grep = option('grep');
const port = option('port');
let baseURL = option('base-url') ?? (port ? `http://127.0.0.1:${port}` : undefined);
let servers;
if (!baseURL) {
  servers = await startServers({ root, port: Number(process.env.TABSMITH_BENCH_PORT ?? process.env.TABSMITH_E2E_PORT ?? 3001), distDir: process.env.TABSMITH_DIST_DIR || '.next' });
  baseURL = servers.baseURL;
}

const browser = await launchChromium();
let run;
try {
  run = await runNodeSuite({
    browser,
    baseURL,
    pages,
    timeoutMs,
    adapt: !process.argv.includes('--no-adapt'),
    filter: grep ? (path) => path.includes(grep) : undefined,
    log: process.env.NODE_SUITE_VERBOSE ? (line) => console.log(line) : undefined,
  });
} finally {
  await browser.close();
  await servers?.stop();
}

console.log(summaryText(run));
const resultsPath = join(root, 'bench', 'results', 'node-suite.json');
mkdirSync(dirname(resultsPath), { recursive: true });
writeFileSync(resultsPath, `${JSON.stringify(run, null, 1)}\n`);
console.log(`\nwrote ${resultsPath}`);
if (!grep) {
  writeFileSync(join(suiteHere, 'FAILING.md'), `${failingMarkdown(run)}\n`);
  console.log(`wrote ${join(suiteHere, 'FAILING.md')}`);
}
if (process.argv.includes('--check')) {
  const baseline = JSON.parse(readFileSync(join(suiteHere, 'baseline.json'), 'utf8'));
  const { total } = rates(run.results);
  const floor = baseline.overallRate - baseline.margin;
  if (total.files !== baseline.files || total.rate < floor) {
    console.error(`node-suite: ${total.files} of ${baseline.files} files ran, ${total.rate.toFixed(1)}% passed; the floor is ${floor.toFixed(1)}%`);
    process.exit(1);
  }
}
