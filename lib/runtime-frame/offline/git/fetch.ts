/**
 * `git fetch [<remote>] [<branch>]`: downloads from a remote and updates its remote-tracking branches
 * (origin/main) and tags, then lists what moved under "From <url>" as git does. `pull` fetches through the
 * same code before it merges.
 */
import git, { Errors } from 'isomorphic-git';
import { parseArgs, usageError } from './args';
import { reporter } from './progress';
import { fetchLines, rangeSummary, type RefLine } from './ref-lines';
import { remoteFailure } from './remote-errors';
import { fatal, openRepo, writeError, type GitSession, type Repo } from './repo';
import { currentBranch } from './state';
import { endpoint, remoteOptions } from './transport';
import { readUpstream, remoteNames, remoteUrl, unknownRemote } from './upstream';

const USAGE = '[-q | --quiet] [-p | --prune] [<remote>] [<branch>]';

interface FetchRequest {
  remote: string;
  /** The remote's branch whose commit the caller wants (the remote's HEAD when absent). */
  branch?: string;
  /** Fetch only `branch` (`git fetch origin main`), not every branch of the remote. */
  only?: boolean;
  prune?: boolean;
  quiet?: boolean;
}

interface Fetched {
  /** The commit of `branch` (or of the remote's HEAD when no branch was named); null for an empty remote. */
  oid: string | null;
  /** The remote's URL as messages show it. */
  display: string;
}

type Refs = Map<string, string>;

function base(repo: Repo) {
  return { fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir };
}

/** The remote's tracking branches ("origin/main") and the tags, by name. */
async function localView(repo: Repo, remote: string): Promise<{ branches: Refs; tags: Refs }> {
  const branches: Refs = new Map();
  const tags: Refs = new Map();
  for (const name of await git.listBranches({ ...base(repo), remote })) {
    if (name === 'HEAD') continue;
    const oid = await git.resolveRef({ ...base(repo), ref: `refs/remotes/${remote}/${name}` }).catch(() => null);
    if (oid) branches.set(name, oid);
  }
  for (const name of await git.listTags(base(repo))) {
    const oid = await git.resolveRef({ ...base(repo), ref: `refs/tags/${name}` }).catch(() => null);
    if (oid) tags.set(name, oid);
  }
  return { branches, tags };
}

async function isAncestor(repo: Repo, ancestor: string, oid: string): Promise<boolean> {
  // A shallow history can end before the answer is known; a move is then shown as an ordinary update.
  return git.isDescendent({ ...base(repo), oid, ancestor, depth: -1, cache: repo.cache }).catch(() => true);
}

async function changedLines(
  repo: Repo,
  remote: string,
  before: Awaited<ReturnType<typeof localView>>,
  after: typeof before,
  pruned: readonly string[],
): Promise<RefLine[]> {
  const lines: RefLine[] = [];
  for (const [name, oid] of after.branches) {
    const old = before.branches.get(name);
    const to = `${remote}/${name}`;
    if (old === undefined) lines.push({ flag: '*', summary: '[new branch]', from: name, to });
    else if (old !== oid) {
      const forced = !(await isAncestor(repo, old, oid));
      lines.push({ flag: forced ? '+' : ' ', summary: rangeSummary(old, oid, forced), from: name, to, note: forced ? '  (forced update)' : '' });
    }
  }
  for (const [name, oid] of after.tags) {
    const old = before.tags.get(name);
    if (old === undefined) lines.push({ flag: '*', summary: '[new tag]', from: name, to: name });
    else if (old !== oid) lines.push({ flag: 't', summary: '[tag update]', from: name, to: name });
  }
  for (const ref of pruned) {
    const name = ref.replace(/^refs\/remotes\/[^/]+\//, '');
    lines.push({ flag: '-', summary: '[deleted]', from: '(none)', to: `${remote}/${name}` });
  }
  return lines;
}

/** Fetches from a configured remote and prints git's report; shared by fetch and pull. */
export async function fetchFrom(repo: Repo, request: FetchRequest): Promise<Fetched> {
  const { remote, branch } = request;
  const only = request.only === true && branch !== undefined;
  const stored = await remoteUrl(repo, remote);
  if (stored === null) throw unknownRemote(remote);
  const target = endpoint(repo, stored);
  const progress = reporter(repo.io, request.quiet);
  const before = await localView(repo, remote);
  let result: Awaited<ReturnType<typeof git.fetch>>;
  try {
    result = await git.fetch({
      ...base(repo),
      cache: repo.cache,
      remote,
      // The remote's HEAD when fetching everything: isomorphic-git otherwise looks for the current branch there.
      remoteRef: branch ?? 'HEAD',
      // For one branch, isomorphic-git offers the server only this ref's commit as one it has: the
      // remote-tracking branch is the closest, so the server does not send what is already here.
      ref: only && before.branches.has(branch) ? `refs/remotes/${remote}/${branch}` : branch,
      singleBranch: only,
      tags: true,
      prune: request.prune,
      ...remoteOptions(target, progress),
    });
  } catch (error) {
    if (error instanceof Errors.NotFoundError && branch !== undefined) fatal(`couldn't find remote ref ${branch}`);
    throw remoteFailure(error, target.display, repo.io.signal);
  } finally {
    progress.done();
  }
  const after = await localView(repo, remote);
  const lines = await changedLines(repo, remote, before, after, result.pruned ?? []);
  if (only && result.fetchHead) lines.unshift({ flag: '*', summary: 'branch', from: branch, to: 'FETCH_HEAD' });
  if (lines.length > 0 && !request.quiet) writeError(repo.io, `From ${target.display}\n${fetchLines(lines)}`);
  return { oid: result.fetchHead, display: target.display };
}

/** The remote to use when none is named: the current branch's upstream's, else "origin". */
export async function defaultRemote(repo: Repo): Promise<string> {
  const branch = await currentBranch(repo);
  const upstream = branch === null ? null : await readUpstream(repo, branch);
  if (upstream) return upstream.remote;
  const names = await remoteNames(repo);
  return names.includes('origin') || names.length !== 1 ? 'origin' : (names[0] as string);
}

export async function fetch(session: GitSession, args: readonly string[]): Promise<number> {
  const parsed = parseArgs('fetch', args, { quiet: { short: 'q' }, prune: { short: 'p' } }, USAGE);
  const repo = openRepo(session);
  const [remoteArg, branch, extra] = parsed.operands;
  if (extra !== undefined) throw usageError('fetch', 'fetching more than one branch at a time is not available in this terminal', USAGE);
  const remote = remoteArg ?? (await defaultRemote(repo));
  if (remoteArg === undefined && (await remoteNames(repo)).length === 0) {
    // git fetch without remotes says nothing and succeeds.
    return 0;
  }
  await fetchFrom(repo, { remote, branch, only: true, prune: parsed.flags.has('prune'), quiet: parsed.flags.has('quiet') });
  return 0;
}
