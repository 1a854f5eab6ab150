#!/usr/bin/env node
// `npm run bench`: starts the production server (building it if needed) and the fixture registry,
// launches Chromium, runs every case in bench/cases, prints a table and writes bench/results/latest.json.
// It reports figures; it never asserts speed (the machine is shared and noisy).
//
// Options: --runs=N (or BENCH_RUNS, default 5), --only=boot,spawn (case ids).
// Env: TABSMITH_DIST_DIR (build folder, default .next), TABSMITH_BENCH_PORT or TABSMITH_E2E_PORT
// (default 3001, so a running `./tabsmith start` on 3000 is left alone), CHROMIUM_PATH.
import { readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromiumPath, launchChromium } from './lib/browser.mjs';
import { printTable, writeResults } from './lib/report.mjs';
import { startServers } from './lib/server.mjs';

/**
 * @typedef {{ browser: import('@playwright/test').Browser, baseURL: string, registryURL: string, runs: number }} BenchContext
 * @typedef {{ id: string, description: string, run: (ctx: BenchContext) => Promise<import('./lib/report.mjs').Measurement[]> }} BenchCase
 */

const benchDir = dirname(fileURLToPath(import.meta.url));
const root = dirname(benchDir);

function option(name) {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

const runs = Math.max(1, Number(option('runs') ?? process.env.BENCH_RUNS ?? 5) || 5);
const only = option('only')?.split(',').filter(Boolean);
const port = Number(process.env.TABSMITH_BENCH_PORT ?? process.env.TABSMITH_E2E_PORT ?? 3001);
const distDir = process.env.TABSMITH_DIST_DIR || '.next';

/** @returns {Promise<BenchCase[]>} */
async function loadCases() {
  const files = readdirSync(join(benchDir, 'cases'))
    .filter((f) => f.endsWith('.mjs'))
    .sort();
  const cases = [];
  for (const file of files) {
    const { default: benchCase } = await import(pathToFileURL(join(benchDir, 'cases', file)).href);
    if (!only || only.includes(benchCase.id)) cases.push(benchCase);
  }
  return cases;
}

const cases = await loadCases();
if (cases.length === 0) {
  console.error(`No bench cases match --only=${only?.join(',')}`);
  process.exit(2);
}

const startedAt = new Date().toISOString();
const servers = await startServers({ root, port, distDir });
const browser = await launchChromium();
const browserVersion = browser.version();
/** @type {import('./lib/report.mjs').Measurement[]} */
const measurements = [];
try {
  const ctx = { browser, baseURL: servers.baseURL, registryURL: servers.registryURL, runs };
  for (const benchCase of cases) {
    console.log(`• ${benchCase.id}: ${benchCase.description} (${runs} runs)`);
    try {
      measurements.push(...(await benchCase.run(ctx)));
    } catch (error) {
      // One broken case must not hide the others' figures.
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
      console.log(`  failed: ${message}`);
      measurements.push({ name: benchCase.id, unit: '', samples: [], unavailable: `failed (${message})` });
    }
  }
} finally {
  await browser.close();
  await servers.stop();
}

console.log('');
printTable(measurements);
const resultsPath = join(benchDir, 'results', 'latest.json');
writeResults(
  resultsPath,
  {
    startedAt,
    finishedAt: new Date().toISOString(),
    runs,
    machine: { cpus: cpus().length, node: process.version, chromium: `${chromiumPath} ${browserVersion}` },
  },
  measurements,
);
console.log(`\nwrote ${resultsPath}`);
