/**
 * `git push [-u | --set-upstream] [-f | --force] [<remote> [<src>[:<dst>]...]]`, and plain `git push` to the
 * current branch's upstream. Prints "To <url>" and one line per ref as git does; a ref the server already has
 * a newer history for is refused before anything is sent (isomorphic-git checks the fast-forward) and
 * reported with git's hints.
 */
import git, { Errors } from 'isomorphic-git';
import { parseArgs } from './args';
import { defaultRemote } from './fetch';
import { reporter } from './progress';
import { pushLines, rangeSummary, type RefLine } from './ref-lines';
import { remoteFailure } from './remote-errors';
import { fatal, GitFailure, openRepo, writeError, type GitSession, type Repo } from './repo';
import { currentBranch } from './state';
import { endpoint, type Endpoint, remoteOptions } from './transport';
import { branchName, readUpstream, remoteNames, remoteUrl, trackingMessage, unknownRemote, writeUpstream } from './upstream';
import { pushRefused, type Refusal } from './push-messages';

const USAGE = '[-u | --set-upstream] [-f | --force] [-q | --quiet] [<remote> [<refspec>...]]';
const ZERO = '0000000000000000000000000000000000000000';

interface Refspec {
  /** The local ref as typed ("main", "v1.0", "HEAD"). */
  src: string;
  /** The branch or tag name on the remote. */
  dst: string;
}

type Outcome = { line: RefLine; pushed: boolean; upToDate: boolean; refusal?: Refusal };

function base(repo: Repo) {
  return { fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir };
}

function noUpstream(branch: string, remote: string): GitFailure {
  return new GitFailure(
    `fatal: The current branch ${branch} has no upstream branch.\n` +
      'To push the current branch and set the remote as upstream, use\n\n' +
      `    git push --set-upstream ${remote} ${branch}\n\n` +
      'To have this happen automatically for branches without a tracking\n' +
      "upstream, see 'push.autoSetupRemote' in 'git help config'.\n",
    128,
  );
}

const NO_DESTINATION =
  'fatal: No configured push destination.\n' +
  'Either specify the URL from the command-line or configure a remote repository using\n\n' +
  '    git remote add <name> <url>\n\n' +
  'and then push using the remote name\n\n' +
  '    git push <name>\n';

/** Where to push and what, from the operands and the current branch's upstream. */
async function destination(repo: Repo, operands: readonly string[], setUpstream: boolean): Promise<{ remote: string; specs: Refspec[] }> {
  const branch = await currentBranch(repo);
  const [remoteArg, ...specArgs] = operands;
  if (specArgs.length > 0) {
    const specs = specArgs.map((arg) => {
      const colon = arg.indexOf(':');
      const src = colon === -1 ? arg : arg.slice(0, colon);
      const dst = colon === -1 ? arg : arg.slice(colon + 1);
      return { src: src === 'HEAD' && branch !== null ? branch : src, dst: dst === 'HEAD' && branch !== null ? branch : dst };
    });
    return { remote: remoteArg as string, specs };
  }
  if (branch === null) {
    fatal(
      'You are not currently on a branch.\nTo push the history leading to the current (detached HEAD)\nstate now, use\n\n    git push <remote> HEAD:<name-of-remote-branch>\n',
    );
  }
  const upstream = await readUpstream(repo, branch);
  if (remoteArg === undefined && upstream === null) {
    if ((await remoteNames(repo)).length === 0) throw new GitFailure(NO_DESTINATION, 128);
    if (!setUpstream) throw noUpstream(branch, await defaultRemote(repo));
  }
  const remote = remoteArg ?? upstream?.remote ?? (await defaultRemote(repo));
  // The upstream's branch when pushing to the upstream's remote, else a branch of the same name (git's "simple").
  const dst = upstream && upstream.remote === remote ? branchName(upstream.merge) : branch;
  return { remote, specs: [{ src: branch, dst }] };
}

async function pushOne(repo: Repo, target: Endpoint, remote: string, spec: Refspec, force: boolean, quiet: boolean): Promise<Outcome> {
  const fullSrc = await git.expandRef({ ...base(repo), ref: spec.src }).catch(() => null);
  if (fullSrc === null) throw new GitFailure(`error: src refspec ${spec.src} does not match any\nerror: failed to push some refs to '${target.display}'`, 1);
  const isTag = fullSrc.startsWith('refs/tags/');
  const remoteRef = isTag ? `refs/tags/${spec.dst.replace(/^refs\/tags\//, '')}` : spec.dst;
  const shown = { from: spec.src, to: branchName(spec.dst.replace(/^refs\/tags\//, '')) };
  let old = ZERO;
  let local = ZERO;
  const progress = reporter(repo.io, quiet);
  try {
    await git.push({
      ...base(repo),
      cache: repo.cache,
      remote,
      ref: fullSrc,
      remoteRef,
      force,
      signal: repo.io.signal,
      ...remoteOptions(target, progress),
      onPrePush: ({ localRef, remoteRef: theirs }) => {
        old = theirs.oid;
        local = localRef.oid;
        // Nothing to send: cancelled here, reported as "Everything up-to-date".
        return old !== local;
      },
    });
  } catch (error) {
    if (error instanceof Errors.UserCanceledError && old === local && local !== ZERO) {
      // git still brings the remote-tracking branch to what the server has.
      if (!isTag) await git.writeRef({ ...base(repo), ref: `refs/remotes/${remote}/${shown.to}`, value: local, force: true });
      return { line: { flag: '=', summary: '[up to date]', ...shown }, pushed: false, upToDate: true };
    }
    if (error instanceof Errors.PushRejectedError) {
      const known = await git.readObject({ ...base(repo), oid: old, cache: repo.cache }).then(
        () => true,
        () => false,
      );
      const reason: Refusal = error.data.reason === 'tag-exists' ? 'already exists' : known ? 'non-fast-forward' : 'fetch first';
      return { line: { flag: '!', summary: '[rejected]', ...shown, note: ` (${reason})` }, pushed: false, upToDate: false, refusal: reason };
    }
    if (error instanceof Errors.GitPushError) {
      const refs = Object.values(error.data.result.refs);
      const why = refs.find((ref) => !ref.ok)?.error ?? error.data.result.error ?? 'rejected';
      return { line: { flag: '!', summary: '[remote rejected]', ...shown, note: ` (${why})` }, pushed: false, upToDate: false, refusal: 'remote rejected' };
    }
    throw remoteFailure(error, target.display, repo.io.signal);
  } finally {
    progress.done();
  }
  const kind = isTag ? '[new tag]' : '[new branch]';
  if (old === ZERO) return { line: { flag: '*', summary: kind, ...shown }, pushed: true, upToDate: false };
  const forced = force && !(await git.isDescendent({ ...base(repo), oid: local, ancestor: old, depth: -1, cache: repo.cache }).catch(() => false));
  const line = { flag: forced ? '+' : ' ', summary: rangeSummary(old, local, forced), ...shown, note: forced ? ' (forced update)' : '' };
  return { line, pushed: true, upToDate: false };
}

export async function push(session: GitSession, args: readonly string[]): Promise<number> {
  const spec = { 'set-upstream': { short: 'u' }, force: { short: 'f' }, quiet: { short: 'q' } };
  const parsed = parseArgs('push', args, spec, USAGE);
  const repo = openRepo(session);
  const setUpstream = parsed.flags.has('set-upstream');
  const quiet = parsed.flags.has('quiet');
  const { remote, specs } = await destination(repo, parsed.operands, setUpstream);
  const stored = await remoteUrl(repo, remote, true);
  if (stored === null) throw unknownRemote(remote);
  const target = endpoint(repo, stored);
  const outcomes: Outcome[] = [];
  for (const refspec of specs) outcomes.push(await pushOne(repo, target, remote, refspec, parsed.flags.has('force'), quiet));
  const shown = outcomes.filter((outcome) => !outcome.upToDate);
  if (shown.length === 0) writeError(repo.io, 'Everything up-to-date\n');
  else if (!quiet || shown.some((outcome) => outcome.refusal)) writeError(repo.io, `To ${target.display}\n${pushLines(shown.map((outcome) => outcome.line))}`);
  const refused = outcomes.find((outcome) => outcome.refusal)?.refusal;
  if (refused) {
    writeError(repo.io, pushRefused(refused, target.display));
    return 1;
  }
  if (setUpstream) {
    for (const refspec of specs) {
      const isBranch = (await git.expandRef({ ...base(repo), ref: refspec.src }).catch(() => '')).startsWith('refs/heads/');
      if (!isBranch) continue;
      const upstream = { remote, merge: `refs/heads/${branchName(refspec.dst)}` };
      await writeUpstream(repo, branchName(refspec.src), upstream);
      if (!quiet) repo.io.write(trackingMessage(branchName(refspec.src), upstream));
    }
  }
  return 0;
}
