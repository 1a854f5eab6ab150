/**
 * `git pull [<remote>] [<branch>] [--ff-only] [--no-rebase]`: fetch, then merge what was fetched into the
 * current branch (a fast-forward, or a merge commit when both sides moved; git's pull.rebase=false).
 */
import git from 'isomorphic-git';
import { parseArgs, usageError } from './args';
import { defaultRemote, fetchFrom } from './fetch';
import { mergeInto } from './merge';
import { fatal, GitFailure, openRepo, type GitSession, type Repo } from './repo';
import { currentBranch, headOid } from './state';
import { branchName, readUpstream } from './upstream';

const USAGE = '[--ff-only | --no-ff] [--no-rebase] [-q | --quiet] [<remote> [<branch>]]';

function noTrackingInfo(branch: string): GitFailure {
  return new GitFailure(
    'There is no tracking information for the current branch.\n' +
      'Please specify which branch you want to merge with.\n' +
      'See git-pull(1) for details.\n\n' +
      '    git pull <remote> <branch>\n\n' +
      'If you wish to set tracking information for this branch you can do so with:\n\n' +
      `    git branch --set-upstream-to=<remote>/<branch> ${branch}\n`,
    1,
  );
}

/** The remote and branch to pull: as given, else the current branch's upstream. */
async function source(repo: Repo, branch: string, remoteArg: string | undefined, branchArg: string | undefined) {
  if (branchArg !== undefined) return { remote: remoteArg as string, branch: branchArg, only: true };
  const upstream = await readUpstream(repo, branch);
  const remote = remoteArg ?? upstream?.remote ?? (await defaultRemote(repo));
  if (upstream && upstream.remote === remote) return { remote, branch: branchName(upstream.merge), only: false };
  if (remoteArg === undefined) throw noTrackingInfo(branch);
  throw new GitFailure(
    `You asked to pull from the remote '${remote}', but did not specify\n` +
      'a branch. Because this is not the default configured remote\n' +
      'for your current branch, you must specify a branch on the command line.',
    1,
  );
}

export async function pull(session: GitSession, args: readonly string[]): Promise<number> {
  const spec = { 'ff-only': {}, 'no-ff': {}, 'no-rebase': {}, rebase: { short: 'r' }, quiet: { short: 'q' } };
  const parsed = parseArgs('pull', args, spec, USAGE);
  if (parsed.flags.has('rebase')) throw new GitFailure('fatal: pull --rebase is not available in this terminal; use git pull (which merges)', 128);
  const repo = openRepo(session);
  const [remoteArg, branchArg, extra] = parsed.operands;
  if (extra !== undefined) throw usageError('pull', 'pulling more than one branch at a time is not available in this terminal', USAGE);
  const branch = await currentBranch(repo);
  if (branch === null) fatal('You are not currently on a branch.\nPlease specify which branch you want to merge with.');
  const from = await source(repo, branch, remoteArg, branchArg);
  const fetched = await fetchFrom(repo, { ...from, quiet: parsed.flags.has('quiet') });
  if (fetched.oid === null) fatal(`couldn't find remote ref ${from.branch}`);
  const head = await headOid(repo);
  if (head === null) {
    // Nothing to merge with yet: the branch simply starts at what was fetched.
    await git.writeRef({ fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, ref: `refs/heads/${branch}`, value: fetched.oid, force: true });
    await git.checkout({ fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, cache: repo.cache, ref: branch });
    return 0;
  }
  return mergeInto(repo, {
    branch,
    head,
    theirs: fetched.oid,
    fastForward: !parsed.flags.has('no-ff'),
    fastForwardOnly: parsed.flags.has('ff-only'),
    message: `Merge branch '${from.branch}' of ${fetched.display}`,
  });
}
