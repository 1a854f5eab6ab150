// Prints the results table and writes bench/results/latest.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { summarize } from './stats.mjs';

/**
 * @typedef {{ label: string, value: number }} Baseline a reference figure the case is compared against
 * @typedef {{ name: string, unit: string, samples: number[], unavailable?: string, baseline?: Baseline, note?: string }} Measurement
 */

const fmt = (value) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

/** @param {Measurement} m */
export function toRow(m) {
  const stats = m.unavailable ? null : summarize(m.samples);
  if (!stats) {
    return { case: m.name, runs: String(m.samples.length), median: m.unavailable ?? 'no samples', p90: '', min: '', max: '', unit: '', ratio: '' };
  }
  const ratio = m.baseline ? `${(stats.median / m.baseline.value).toFixed(2)}x` : '';
  return {
    case: m.name,
    runs: String(stats.runs),
    median: fmt(stats.median),
    p90: fmt(stats.p90),
    min: fmt(stats.min),
    max: fmt(stats.max),
    unit: m.unit,
    ratio,
  };
}

/** @param {Measurement[]} measurements */
export function printTable(measurements) {
  const rows = measurements.map(toRow);
  const columns = /** @type {const} */ (['case', 'runs', 'median', 'p90', 'min', 'max', 'unit', 'ratio']);
  // A long "unavailable (…)" note would stretch the median column for every row, so it spills over instead.
  const widths = columns.map((c) => Math.max(c.length, ...rows.filter((r) => c !== 'median' || r.p90 !== '').map((r) => r[c].length)));
  const line = (cells) =>
    cells
      .map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(line([...columns]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) {
    if (row.p90 === '') console.log(`${row.case.padEnd(widths[0])}  ${row.runs.padEnd(widths[1])}  ${row.median}`);
    else console.log(line(columns.map((c) => row[c])));
  }
  const baselines = measurements.filter((m) => m.baseline && !m.unavailable);
  if (baselines.length) {
    console.log('\nratio = median / baseline:');
    for (const m of baselines) console.log(`  ${m.name}: ${m.baseline.label} = ${fmt(m.baseline.value)} ${m.unit}`);
  }
  const notes = measurements.filter((m) => m.note);
  if (notes.length) {
    console.log('\nnotes:');
    for (const m of notes) console.log(`  ${m.name}: ${m.note}`);
  }
}

/** @param {string} path @param {object} meta @param {Measurement[]} measurements */
export function writeResults(path, meta, measurements) {
  const results = measurements.map((m) => ({ ...m, stats: m.unavailable ? null : summarize(m.samples) }));
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify({ ...meta, results }, null, 2) + '\n');
}
