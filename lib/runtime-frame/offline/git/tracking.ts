/**
 * Where a branch stands against its upstream's remote-tracking branch (as of the last fetch), in git's words:
 * the line `git status` prints under "On branch", and the `[ahead 1, behind 2]` of `git status -sb`.
 */
import git from 'isomorphic-git';
import type { Repo } from './repo';
import { commitOf } from './state';
import { branchName, readUpstream, trackingName } from './upstream';

export interface Tracking {
  /** "origin/main". */
  name: string;
  ahead: number;
  behind: number;
  /** The remote-tracking branch no longer exists (deleted on the remote and pruned, or never fetched). */
  gone: boolean;
}

/** How many commits of a branch's history are looked at; a history longer than this is counted up to it. */
const MAX_COMMITS = 20_000;

async function ancestors(repo: Repo, oid: string): Promise<Set<string>> {
  const log = await git.log({ fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, cache: repo.cache, ref: oid, depth: MAX_COMMITS });
  return new Set(log.map((entry) => entry.oid));
}

export async function readTracking(repo: Repo, branch: string | null, head: string | null): Promise<Tracking | null> {
  if (branch === null || head === null) return null;
  const upstream = await readUpstream(repo, branch);
  if (!upstream) return null;
  const name = trackingName(upstream);
  const theirs = await commitOf(repo, `refs/remotes/${upstream.remote}/${branchName(upstream.merge)}`);
  if (theirs === null) return { name, ahead: 0, behind: 0, gone: true };
  if (theirs === head) return { name, ahead: 0, behind: 0, gone: false };
  const [mine, upstreamCommits] = await Promise.all([ancestors(repo, head), ancestors(repo, theirs)]);
  const ahead = [...mine].filter((oid) => !upstreamCommits.has(oid)).length;
  const behind = [...upstreamCommits].filter((oid) => !mine.has(oid)).length;
  return { name, ahead, behind, gone: false };
}

const commits = (count: number) => `${count} commit${count === 1 ? '' : 's'}`;

/** git's paragraph under "On branch …" (without the blank line after it). */
export function trackingParagraph({ name, ahead, behind, gone }: Tracking): string {
  if (gone) return `Your branch is based on '${name}', but the upstream is gone.\n  (use "git branch --unset-upstream" to fixup)\n`;
  if (ahead === 0 && behind === 0) return `Your branch is up to date with '${name}'.\n`;
  if (behind === 0) return `Your branch is ahead of '${name}' by ${commits(ahead)}.\n  (use "git push" to publish your local commits)\n`;
  if (ahead === 0) return `Your branch is behind '${name}' by ${commits(behind)}, and can be fast-forwarded.\n  (use "git pull" to update your local branch)\n`;
  return `Your branch and '${name}' have diverged,\nand have ${ahead} and ${behind} different commits each, respectively.\n  (use "git pull" if you want to integrate the remote branch with yours)\n`;
}

/** The `...origin/main [ahead 1, behind 2]` of `git status -sb`. */
export function trackingSuffix({ name, ahead, behind, gone }: Tracking): string {
  const counts = gone ? ['gone'] : [...(ahead ? [`ahead ${ahead}`] : []), ...(behind ? [`behind ${behind}`] : [])];
  return `...${name}${counts.length ? ` [${counts.join(', ')}]` : ''}`;
}
