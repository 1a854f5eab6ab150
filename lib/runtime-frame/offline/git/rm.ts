/** `git rm`: takes tracked files out of the index and (without --cached) out of the working tree. */
import git from 'isomorphic-git';
import { parseArgs } from './args';
import { fatal, GitFailure, matchesSpec, openRepo, toRepoPath, type GitSession } from './repo';
import { indexSnapshot } from './snapshots';
import { readStatus } from './state';
import { joinPath } from '../paths';

const USAGE = '[-r] [--cached] [-f | --force] [-q | --quiet] [--] <pathspec>...';

export async function rm(session: GitSession, args: readonly string[]): Promise<number> {
  const spec = { recursive: { short: 'r' }, cached: {}, force: { short: 'f' }, quiet: { short: 'q' } };
  const parsed = parseArgs('rm', args, spec, USAGE);
  const repo = openRepo(session);
  const inputs = [...parsed.operands, ...(parsed.paths ?? [])];
  if (inputs.length === 0) fatal('No pathspec was given. Which files should I remove?');
  const index = await indexSnapshot(repo);
  const chosen: string[] = [];
  for (const input of inputs) {
    const target = toRepoPath(repo, input);
    const matched = [...index.keys()].filter((path) => matchesSpec(path, target));
    if (matched.length === 0) fatal(`pathspec '${input}' did not match any files`);
    if (!parsed.flags.has('recursive') && !matched.includes(target)) fatal(`not removing '${input}' recursively without -r`);
    chosen.push(...matched.filter((path) => !chosen.includes(path)));
  }
  if (!parsed.flags.has('force')) {
    // Like git: a file whose changes exist nowhere else (staged or in the working tree) is not dropped silently.
    const cached = parsed.flags.has('cached');
    const risky = (await readStatus(repo, chosen)).filter((e) => chosen.includes(e.path) && (cached ? e.x !== ' ' && e.y !== ' ' : e.x !== ' ' || e.y === 'M'));
    if (risky.length) {
      const what = cached ? 'staged content different from both the file and the HEAD' : 'changes staged in the index or local modifications';
      throw new GitFailure(
        `error: the following ${risky.length === 1 ? 'file has' : 'files have'} ${what}:\n${risky.map((e) => `    ${e.path}\n`).join('')}(use --cached to keep the file, or -f to force removal)`,
        1,
      );
    }
  }
  for (const filepath of chosen) {
    await git.remove({ fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, filepath, cache: repo.cache });
    const full = joinPath(repo.dir, filepath);
    if (!parsed.flags.has('cached') && repo.vfs.existsSync(full)) repo.vfs.unlinkSync(full);
    if (!parsed.flags.has('quiet')) repo.io.write(`rm '${filepath}'\n`);
  }
  return 0;
}
