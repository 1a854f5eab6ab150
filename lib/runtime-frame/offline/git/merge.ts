/**
 * `git merge <branch>`: fast-forward when possible, else a merge commit. A merge that would conflict is not
 * started (isomorphic-git cannot carry an in-progress merge across commands), so nothing is left half-done.
 */
import git, { Errors } from 'isomorphic-git';
import { lastValue, parseArgs, usageError } from './args';
import { changeSummary } from './commit';
import { identity, identityHint } from './identity';
import { fatal, GitFailure, openRepo, type GitSession, type Repo } from './repo';
import { compareSnapshots, treeSnapshot } from './snapshots';
import { commitOf, currentBranch, headOid, readStatus, shortOid } from './state';

const USAGE = '[--no-ff | --ff-only] [-m <msg>] <branch>';

export async function merge(session: GitSession, args: readonly string[]): Promise<number> {
  const spec = { 'no-ff': {}, 'ff-only': {}, message: { short: 'm', value: true } };
  const parsed = parseArgs('merge', args, spec, USAGE);
  const repo = openRepo(session);
  const [theirs, extra] = parsed.operands;
  if (theirs === undefined || extra !== undefined) throw usageError('merge', 'name one branch to merge', USAGE);
  const branch = await currentBranch(repo);
  const head = await headOid(repo);
  if (branch === null || head === null) fatal('merging needs a branch with at least one commit checked out');
  const theirsOid = await commitOf(repo, theirs);
  if (theirsOid === null) throw new GitFailure(`merge: ${theirs} - not something we can merge`, 1);
  return mergeInto(repo, {
    branch,
    head,
    theirs: theirsOid,
    fastForward: !parsed.flags.has('no-ff'),
    fastForwardOnly: parsed.flags.has('ff-only'),
    message: lastValue(parsed, 'message') ?? `Merge branch '${theirs}'`,
  });
}

interface MergeRequest {
  /** The checked-out branch, and its commit. */
  branch: string;
  head: string;
  /** The commit to merge in. */
  theirs: string;
  fastForward: boolean;
  fastForwardOnly: boolean;
  message: string;
}

/**
 * Merges commit `theirs` into the checked-out branch and prints git's report; shared by merge and pull. The
 * working tree must be clean of changes to tracked files, so that a merge never has local work to overwrite.
 */
export async function mergeInto(repo: Repo, request: MergeRequest): Promise<number> {
  const { branch, head, theirs: theirsOid } = request;
  if ((await readStatus(repo)).some((e) => e.tracked && (e.x !== ' ' || e.y !== ' '))) {
    throw new GitFailure('error: Your local changes would be overwritten by merge.\nPlease commit or restore them before you merge.\nAborting', 1);
  }
  const who = await identity(repo);
  let result: Awaited<ReturnType<typeof git.merge>>;
  try {
    result = await git.merge({
      fs: repo.fs,
      dir: repo.dir,
      gitdir: repo.gitdir,
      cache: repo.cache,
      ours: branch,
      theirs: theirsOid,
      fastForward: request.fastForward,
      fastForwardOnly: request.fastForwardOnly,
      abortOnConflict: true,
      message: request.message,
      author: { name: who.name, email: who.email },
    });
  } catch (error) {
    if (error instanceof Errors.MergeConflictError) {
      const lines = error.data.filepaths.map((path) => `CONFLICT (content): Merge conflict in ${path}\n`).join('');
      throw new GitFailure(
        `${lines}Automatic merge failed; nothing was changed. Merging with conflicts is not available in this terminal:\nbring the changes over by hand, commit them, then merge again.`,
        1,
      );
    }
    if (error instanceof Errors.FastForwardError) throw new GitFailure('fatal: Not possible to fast-forward, aborting.', 128);
    throw error;
  }
  if (result.alreadyMerged) {
    repo.io.write('Already up to date.\n');
    return 0;
  }
  const merged = result.oid ?? theirsOid;
  // isomorphic-git moves the branch; the working tree (clean, checked above) is brought along here.
  await git.checkout({ fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, cache: repo.cache, ref: branch });
  const changes = compareSnapshots(await treeSnapshot(repo, head), await treeSnapshot(repo, merged));
  if (result.fastForward) repo.io.write(`Updating ${shortOid(head)}..${shortOid(merged)}\nFast-forward\n`);
  else {
    repo.io.write("Merge made by the 'recursive' strategy.\n");
    if (who.defaulted) repo.io.write(identityHint(who));
  }
  repo.io.write(await changeSummary(repo, changes));
  return 0;
}
