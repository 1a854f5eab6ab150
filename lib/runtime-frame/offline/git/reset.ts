/**
 * `git reset`: `<paths>` unstages them; `--soft`/`--mixed` (default)/`--hard` move the branch to a commit and
 * reset the index (and, for --hard, the tracked files of the working tree) to it. Untracked files stay.
 */
import git from 'isomorphic-git';
import { parseArgs, usageError } from './args';
import { fatal, matchesSpec, openRepo, toRepoPath, type GitSession, type Repo } from './repo';
import { restoreWorktree, unstage } from './restore';
import { indexSnapshot, treeSnapshot } from './snapshots';
import { commitOf, currentBranch, headOid, readStatus, shortOid } from './state';
import { joinPath, resolvePath } from '../paths';

const USAGE = '[--soft | --mixed | --hard] [<commit>] | [<commit>] [--] <paths>...';

/** "Unstaged changes after reset:" and the files that now differ from the index, as git prints them. */
async function unstagedReport(repo: Repo): Promise<string> {
  const changed = (await readStatus(repo)).filter((e) => e.y !== ' ');
  if (changed.length === 0) return '';
  return `Unstaged changes after reset:\n${changed.map((e) => `${e.y}\t${e.path}\n`).join('')}`;
}

async function moveHead(repo: Repo, oid: string): Promise<void> {
  const branch = await currentBranch(repo);
  await git.writeRef({ fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, ref: branch ? `refs/heads/${branch}` : 'HEAD', value: oid, force: true });
}

async function resetIndexTo(repo: Repo, oid: string): Promise<void> {
  const paths = new Set([...(await indexSnapshot(repo)).keys(), ...(await treeSnapshot(repo, oid)).keys()]);
  for (const filepath of paths) await git.resetIndex({ fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, filepath, ref: oid, cache: repo.cache });
}

/** Tracked files the target commit does not have leave the working tree; the others take its content. */
async function resetWorktreeTo(repo: Repo, oid: string): Promise<void> {
  const target = await treeSnapshot(repo, oid);
  for (const path of (await indexSnapshot(repo)).keys()) {
    const full = joinPath(repo.dir, path);
    if (!target.has(path) && repo.vfs.existsSync(full)) repo.vfs.unlinkSync(full);
  }
  if (target.size) await restoreWorktree(repo, ['.'], ['.'], target);
}

export async function reset(session: GitSession, args: readonly string[]): Promise<number> {
  const parsed = parseArgs('reset', args, { soft: {}, mixed: {}, hard: {}, quiet: { short: 'q' } }, USAGE);
  const repo = openRepo(session);
  const modes = ['soft', 'mixed', 'hard'].filter((mode) => parsed.flags.has(mode));
  if (modes.length > 1) throw usageError('reset', '--soft, --mixed and --hard cannot be used together', USAGE);
  const operands = [...parsed.operands];
  const head = await headOid(repo);
  let target = head;
  const first = operands[0];
  if (first !== undefined && (parsed.paths !== null || operands.length > 1 || !repo.vfs.existsSync(resolvePath(repo.cwd, first)))) {
    target = await commitOf(repo, first);
    if (target === null) fatal(`ambiguous argument '${first}': unknown revision or path not in the working tree.`);
    operands.shift();
  }
  const paths = [...operands, ...(parsed.paths ?? [])];
  if (paths.length > 0) {
    if (modes.length) fatal(`Cannot do ${modes[0]} reset with paths.`);
    const specs = paths.map((input) => toRepoPath(repo, input));
    const known = new Set([...(await indexSnapshot(repo)).keys(), ...(target ? (await treeSnapshot(repo, target)).keys() : [])]);
    // Paths nobody tracks are fine for git here (nothing to unstage); only the matching ones are reset.
    const matching = specs.filter((spec) => [...known].some((path) => matchesSpec(path, spec)));
    if (matching.length) await unstage(repo, matching, matching, target);
    if (!parsed.flags.has('quiet')) repo.io.write(await unstagedReport(repo));
    return 0;
  }
  if (target === null) {
    // Before the first commit, `git reset` empties the index.
    const staged = [...(await indexSnapshot(repo)).keys()];
    if (staged.length) await unstage(repo, staged, staged, null);
    return 0;
  }
  const mode = modes[0] ?? 'mixed';
  if (mode === 'hard') await resetWorktreeTo(repo, target);
  await moveHead(repo, target);
  if (mode !== 'soft') await resetIndexTo(repo, target);
  if (parsed.flags.has('quiet')) return 0;
  if (mode === 'hard') {
    const { commit } = await git.readCommit({ fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, oid: target, cache: repo.cache });
    repo.io.write(`HEAD is now at ${shortOid(target)} ${commit.message.split('\n')[0] ?? ''}\n`);
  } else if (mode === 'mixed') {
    repo.io.write(await unstagedReport(repo));
  }
  return 0;
}
