/**
 * Remotes and upstreams as git keeps them in .git/config: `remote.<name>.url` (and `pushurl`), and a
 * branch's upstream as `branch.<name>.remote` + `branch.<name>.merge` (a full ref on the remote).
 */
import git from 'isomorphic-git';
import { GitFailure, type Repo } from './repo';

interface Upstream {
  remote: string;
  /** The branch on the remote, as a full ref ("refs/heads/main"). */
  merge: string;
}

function base(repo: Repo) {
  return { fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir };
}

async function configString(repo: Repo, path: string): Promise<string | undefined> {
  const value: unknown = await git.getConfig({ ...base(repo), path });
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export async function remoteNames(repo: Repo): Promise<string[]> {
  return (await git.listRemotes(base(repo))).map((entry) => entry.remote);
}

/** The URL of remote `name` (its push URL when `forPush` and one is set), or null when there is no such remote. */
export async function remoteUrl(repo: Repo, name: string, forPush = false): Promise<string | null> {
  const push = forPush ? await configString(repo, `remote.${name}.pushurl`) : undefined;
  return push ?? (await configString(repo, `remote.${name}.url`)) ?? null;
}

export async function readUpstream(repo: Repo, branch: string): Promise<Upstream | null> {
  const remote = await configString(repo, `branch.${branch}.remote`);
  const merge = await configString(repo, `branch.${branch}.merge`);
  return remote && merge ? { remote, merge } : null;
}

export async function writeUpstream(repo: Repo, branch: string, upstream: Upstream): Promise<void> {
  await git.setConfig({ ...base(repo), path: `branch.${branch}.remote`, value: upstream.remote });
  await git.setConfig({ ...base(repo), path: `branch.${branch}.merge`, value: upstream.merge });
}

export async function clearUpstream(repo: Repo, branch: string): Promise<void> {
  await git.setConfig({ ...base(repo), path: `branch.${branch}.remote`, value: undefined });
  await git.setConfig({ ...base(repo), path: `branch.${branch}.merge`, value: undefined });
}

/** git's answer when a command names a remote that is not configured. */
export function unknownRemote(name: string): GitFailure {
  return new GitFailure(
    `fatal: '${name}' does not appear to be a git repository\nfatal: Could not read from remote repository.\n\n` +
      'Please make sure you have the correct access rights\nand the repository exists.',
    128,
  );
}

/** "refs/heads/main" → "main"; other refs are left whole. */
export function branchName(ref: string): string {
  return ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : ref;
}

/** The remote-tracking name git shows for an upstream: "origin/main". */
export function trackingName(upstream: Upstream): string {
  return `${upstream.remote}/${branchName(upstream.merge)}`;
}

/** git's line after setting an upstream. */
export function trackingMessage(branch: string, upstream: Upstream): string {
  return `branch '${branch}' set up to track '${trackingName(upstream)}'.\n`;
}

/**
 * `git branch --set-upstream-to=<remote>/<branch> [<local>]`: the remote-tracking branch must exist (fetch
 * first), as git requires.
 */
export async function setUpstreamTo(repo: Repo, spec: string, branch: string): Promise<string> {
  const remote = (await remoteNames(repo)).filter((name) => spec.startsWith(`${name}/`)).sort((a, b) => b.length - a.length)[0];
  const exists =
    remote !== undefined &&
    (await git.resolveRef({ ...base(repo), ref: `refs/remotes/${spec}` }).then(
      () => true,
      () => false,
    ));
  if (!exists) {
    throw new GitFailure(
      `fatal: the requested upstream branch '${spec}' does not exist\n` +
        'hint: If you are planning on basing your work on an upstream\nhint: branch that already exists at the remote, you may need to\nhint: run "git fetch" to retrieve it.\n' +
        'hint: \nhint: If you are planning to push out a new local branch that\nhint: will track its remote counterpart, you may want to use\nhint: "git push -u" to set the upstream config as you push.',
      128,
    );
  }
  const upstream = { remote, merge: `refs/heads/${spec.slice(remote.length + 1)}` };
  await writeUpstream(repo, branch, upstream);
  return trackingMessage(branch, upstream);
}
