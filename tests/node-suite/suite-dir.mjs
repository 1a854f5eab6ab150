// Where the suite's files live on this machine. Node's test files are not part of this repository: take-files.mjs
// copies the ones manifest.json names into this folder, and the runner reads them from here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const suiteHere = dirname(fileURLToPath(import.meta.url));

/** @returns {{ source: { commit: string, nodeVersion: string, repository: string, takenFrom: string }, compare: { nodeVersion: string, commit: string }, support: { include: string[], exclude: string[] }, tests: { path: string, module: string, changedSinceCompare?: boolean }[] }} */
export function readManifest() {
  return JSON.parse(readFileSync(join(suiteHere, 'manifest.json'), 'utf8'));
}

/** TABSMITH_NODE_SUITE_DIR, else a folder per source commit in the user's cache. */
export function suiteDir(manifest = readManifest()) {
  return process.env.TABSMITH_NODE_SUITE_DIR || join(homedir(), '.cache', 'tabsmith', 'node-suite', manifest.source.commit.slice(0, 12));
}

/** Every file under `dir` as a path relative to it (POSIX separators). */
export function listFiles(dir) {
  const out = [];
  const walk = (at) => {
    for (const name of readdirSync(at)) {
      const full = join(at, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(dir, full).split('\\').join('/'));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out.sort();
}
