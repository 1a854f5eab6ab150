#!/usr/bin/env node
// Chooses which files of Node's test/parallel the suite runs and writes manifest.json (names only; the files
// themselves are taken into a local folder by take-files.mjs). Run it against a git directory that holds Node's
// `test/` folder at two releases: the one the files are taken from, and an older one to compare with.
//
//   node tests/node-suite/select.mjs --git-dir=<dir> --rev=<commit> --compare-rev=<commit> --reference-node=<node binary>
//
// The choice is deterministic: per module, the eligible files sorted by name, files unchanged between the two
// releases first, in evenly spaced order (so no corner of the alphabet dominates), each kept only if it passes
// in the reference Node (the release the runtime claims to be), until the module's quota is filled. A file that
// fails in real Node tests something the release does not do, and would count against the runtime unfairly.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { extract, presentFiles } from './git-tree.mjs';
import { MODULES } from './modules.mjs';

const here = dirname(fileURLToPath(import.meta.url));

function option(name) {
  const prefix = `--${name}=`;
  const value = process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
  if (!value) throw new Error(`missing --${name}=…`);
  return value;
}

const gitDir = option('git-dir');
const referenceNode = option('reference-node');
const rev = option('rev');
const compareRev = option('compare-rev');
const git = (...args) => execFileSync('git', ['-C', gitDir, ...args], { encoding: 'utf8', maxBuffer: 256 << 20 });

/** path → blob id of every file under test/parallel at `at` whose content the git directory has. */
function blobs(at) {
  return new Map(presentFiles(gitDir, at, ['test/parallel/']).map((f) => [f.path, f.blob]));
}

/**
 * Why a file is left out, or null. Files with a `// Flags:` line need node started with those flags (test/common
 * would respawn itself with them); files reaching Node's internals test the implementation, not the API.
 */
function exclusion(source) {
  if (/^\/\/ Flags:/m.test(source)) return 'flags';
  if (/require\(['"]internal\/|internalBinding|process\.binding\(|--expose[-_]internals/.test(source)) return 'internals';
  return null;
}

const current = blobs(rev);
const older = blobs(compareRev);
const commit = git('rev-parse', rev).trim();
const compareCommit = git('rev-parse', compareRev).trim();

const referenceVersion = execFileSync(referenceNode, ['--version'], { encoding: 'utf8' }).trim();
const SUPPORT = { include: ['test/common/', 'test/fixtures/'], exclude: ['test/fixtures/wpt/', 'test/fixtures/postject-copy/'], keep: ['test/fixtures/wpt/url/resources/'] };
const work = mkdtempSync(join(tmpdir(), 'node-suite-select-'));
const supportPaths = presentFiles(gitDir, rev, SUPPORT.include)
  .map((f) => f.path)
  .filter((path) => (!SUPPORT.exclude.some((p) => path.startsWith(p)) || SUPPORT.keep.some((p) => path.startsWith(p))));
const allCandidates = MODULES.flatMap((module) => [...current.keys()].filter((path) => /\.(c|m)?js$/.test(path) && module.prefixes.some((prefix) => path.startsWith(`test/parallel/${prefix}`))));
extract(gitDir, rev, [...supportPaths, ...allCandidates], work);

/** Whether the file passes in the reference Node, run as Node's harness runs it (from the checkout's root). */
async function passesInReference(path, slot) {
  try {
    const { stdout } = await promisify(execFile)(referenceNode, [path], { cwd: work, timeout: 60_000, env: { ...process.env, TEST_THREAD_ID: String(slot) }, maxBuffer: 64 << 20 });
    return stdout.includes('1..0 # Skipped') ? 'skip' : 'pass';
  } catch {
    return 'fail';
  }
}

const tests = [];
const excludedCounts = { flags: 0, internals: 0, failInReference: [], skipInReference: [] };
for (const module of MODULES) {
  const candidates = allCandidates.filter((path) => module.prefixes.some((prefix) => path.startsWith(`test/parallel/${prefix}`))).sort();
  const eligible = [];
  for (const path of candidates) {
    const why = exclusion(git('show', `${rev}:${path}`));
    if (why) excludedCounts[why]++;
    else eligible.push({ path, unchanged: older.get(path) === current.get(path) });
  }
  const order = [...spreadOrder(eligible.filter((f) => f.unchanged)), ...spreadOrder(eligible.filter((f) => !f.unchanged))];
  const picked = [];
  // Two at a time (the machine has two cores); each slot has its own tmpdir (TEST_THREAD_ID).
  while (picked.length < module.quota && order.length) {
    const batch = order.splice(0, Math.min(2, module.quota - picked.length));
    const verdicts = await Promise.all(batch.map((file, slot) => passesInReference(file.path, slot)));
    batch.forEach((file, i) => {
      if (verdicts[i] === 'pass') picked.push(file);
      else excludedCounts[verdicts[i] === 'skip' ? 'skipInReference' : 'failInReference'].push(file.path);
    });
  }
  for (const file of picked.sort((a, b) => a.path.localeCompare(b.path))) {
    tests.push({ path: file.path, module: module.id, ...(file.unchanged ? {} : { changedSinceCompare: true }) });
  }
  console.log(`${module.id.padEnd(16)} ${String(picked.length).padStart(3)} of ${eligible.length} eligible (${candidates.length} files)`);
}
rmSync(work, { recursive: true, force: true });

/** The list reordered so that any prefix of it is spread evenly over the whole (bit-reversal of the index). */
function spreadOrder(list) {
  const keyed = list.map((item, i) => ({ item, key: reverseBits(i, Math.max(1, Math.ceil(Math.log2(list.length || 1)))) }));
  return keyed.sort((a, b) => a.key - b.key).map((k) => k.item);
}

function reverseBits(value, bits) {
  let out = 0;
  for (let i = 0; i < bits; i++) out = (out << 1) | ((value >> i) & 1);
  return out;
}

const manifest = {
  source: { repository: 'https://github.com/nodejs/node', nodeVersion: 'v23.9.0', takenFrom: 'https://github.com/denoland/node_test', commit },
  compare: { nodeVersion: 'v20.11.1', commit: compareCommit },
  reference: { node: referenceVersion, note: 'every listed test passes in this real Node on Linux; files that failed or were skipped in it are listed under excluded' },
  excluded: excludedCounts,
  // Everything under these folders is written into the runtime too, except 24 MB of web-platform tests (but for the
  // URL test data some URL tests read) and a copy of postject (single-executable builds), which no chosen file reads.
  support: SUPPORT,
  tests,
};
writeFileSync(join(here, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
console.log(`${tests.length} files; excluded ${excludedCounts.flags} with // Flags:, ${excludedCounts.internals} reaching internals, ${excludedCounts.failInReference.length} failing and ${excludedCounts.skipInReference.length} skipped in ${referenceVersion}`);
