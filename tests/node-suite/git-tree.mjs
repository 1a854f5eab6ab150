// Reading Node's test/ folder out of a git directory (a clone or a mirror of nodejs/node, or any repository with
// the same test/ layout). Mirrors may lack some large blobs; files whose content is absent are left out.
import { execFileSync } from 'node:child_process';

/** @param {string} gitDir */
export function gitIn(gitDir) {
  return (args, options = {}) => execFileSync('git', ['-C', gitDir, ...args], { maxBuffer: 512 << 20, ...options });
}

/** The files under `prefixes` at `rev` whose content the git directory has: [{ path, blob }]. */
export function presentFiles(gitDir, rev, prefixes) {
  const git = gitIn(gitDir);
  const entries = git(['ls-tree', '-r', '-z', rev, '--', ...prefixes])
    .toString('utf8')
    .split('\0')
    .map((entry) => /^\d+ blob ([0-9a-f]+)\t(.+)$/s.exec(entry))
    .filter(Boolean)
    .map((match) => ({ blob: match[1], path: match[2] }));
  const checked = git(['cat-file', '--batch-check'], { input: entries.map((e) => e.blob).join('\n') + '\n' })
    .toString('utf8')
    .split('\n');
  return entries.filter((_, i) => !checked[i]?.endsWith(' missing'));
}

/** Unpacks `paths` at `rev` into `dir` (one `git archive`, not one process per file). */
export function extract(gitDir, rev, paths, dir) {
  const archive = gitIn(gitDir)(['--literal-pathspecs', 'archive', '--format=tar', rev, '--', ...paths]);
  execFileSync('tar', ['-x', '-C', dir], { input: archive, maxBuffer: 512 << 20 });
}
