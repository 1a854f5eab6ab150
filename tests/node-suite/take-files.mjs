#!/usr/bin/env node
// Copies the files manifest.json names (its tests, test/common and test/fixtures) out of a git directory that
// holds Node's test/ folder at the manifest's commit, into the suite folder (suite-dir.mjs), with Node's licence.
//
//   node tests/node-suite/take-files.mjs --git-dir=<dir>
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extract, gitIn, presentFiles } from './git-tree.mjs';
import { readManifest, suiteDir } from './suite-dir.mjs';

const gitDirArg = process.argv.find((arg) => arg.startsWith('--git-dir='))?.slice('--git-dir='.length);
if (!gitDirArg) {
  console.error('usage: node tests/node-suite/take-files.mjs --git-dir=<git directory with Node test/ at the manifest commit>');
  process.exit(2);
}
const manifest = readManifest();
const rev = manifest.source.commit;
const git = gitIn(gitDirArg);
const out = suiteDir(manifest);

/** Files under the support folders, minus the excluded ones (but for those kept). */
const support = presentFiles(gitDirArg, rev, manifest.support.include)
  .map((f) => f.path)
  .filter((path) => !manifest.support.exclude.some((prefix) => path.startsWith(prefix)) || manifest.support.keep.some((prefix) => path.startsWith(prefix)));
mkdirSync(out, { recursive: true });
extract(gitDirArg, rev, [...support, ...manifest.tests.map((t) => t.path)], out);
writeFileSync(join(out, 'LICENSE'), git(['show', `${rev}:LICENSE`]));
console.log(`took ${manifest.tests.length} tests with test/common and test/fixtures at ${rev.slice(0, 12)} into ${out}`);
