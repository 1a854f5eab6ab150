/**
 * `git remote` [-v] | add <name> <url> | remove|rm <name> | get-url <name> | set-url <name> <url>.
 * URLs are stored without credentials (they are remembered in memory for the host instead).
 */
import git from 'isomorphic-git';
import { parseArgs, usageError } from './args';
import { listConfig } from './config';
import { GitFailure, openRepo, type GitSession, type Repo } from './repo';
import { acceptUrl } from './transport';
import { clearUpstream, remoteUrl } from './upstream';
import { joinPath } from '../paths';

const USAGE = `[-v | --verbose]
   or: git remote add <name> <url>
   or: git remote remove <name>
   or: git remote get-url [--push] <name>
   or: git remote set-url <name> <newurl>`;

function base(repo: Repo) {
  return { fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir };
}

async function list(repo: Repo, verbose: boolean): Promise<number> {
  let out = '';
  for (const { remote, url } of await git.listRemotes(base(repo))) {
    if (!verbose) out += `${remote}\n`;
    else out += `${remote}\t${url} (fetch)\n${remote}\t${(await remoteUrl(repo, remote, true)) ?? url} (push)\n`;
  }
  repo.io.write(out);
  return 0;
}

/** git's rule for remote names: a valid ref component. */
function validName(name: string): boolean {
  return name !== '' && !/[\s~^:?*[\\]|\.\.|^[.-]|\/$|\.lock$|@\{/.test(name);
}

async function add(repo: Repo, name: string, url: string): Promise<number> {
  if (!validName(name)) throw new GitFailure(`fatal: '${name}' is not a valid remote name`, 128);
  if ((await remoteUrl(repo, name)) !== null) throw new GitFailure(`error: remote ${name} already exists.`, 3);
  await git.addRemote({ ...base(repo), remote: name, url: acceptUrl(repo, url) });
  return 0;
}

/** Branches whose upstream is on `remote`, from the config's `branch.<name>.remote` entries. */
function branchesTracking(repo: Repo, remote: string): string[] {
  const path = joinPath(repo.gitdir, 'config');
  const text = repo.vfs.existsSync(path) ? repo.vfs.readFileSync(path, 'utf8') : '';
  return listConfig(text).flatMap((line) => {
    const match = /^branch\.(.+)\.remote=(.*)$/.exec(line);
    return match && match[2] === remote ? [match[1] as string] : [];
  });
}

/** Removes the remote, its remote-tracking branches, and the upstreams that pointed at it. */
async function remove(repo: Repo, name: string): Promise<number> {
  if ((await remoteUrl(repo, name)) === null) throw new GitFailure(`error: No such remote: '${name}'`, 2);
  for (const branch of branchesTracking(repo, name)) await clearUpstream(repo, branch);
  for (const tracking of await git.listBranches({ ...base(repo), remote: name })) {
    await git.deleteRef({ ...base(repo), ref: `refs/remotes/${name}/${tracking}` }).catch(() => undefined);
  }
  await git.deleteRef({ ...base(repo), ref: `refs/remotes/${name}/HEAD` }).catch(() => undefined);
  await git.deleteRemote({ ...base(repo), remote: name });
  return 0;
}

export async function remote(session: GitSession, args: readonly string[]): Promise<number> {
  const parsed = parseArgs('remote', args, { verbose: { short: 'v' }, push: {} }, USAGE);
  const repo = openRepo(session);
  const [sub, ...rest] = parsed.operands;
  const arity = (count: number) => {
    if (rest.length !== count) throw usageError('remote', `wrong number of arguments for 'remote ${sub}'`, USAGE);
    return rest as string[];
  };
  switch (sub) {
    case undefined:
      return list(repo, parsed.flags.has('verbose'));
    case 'add': {
      const [name, url] = arity(2);
      return add(repo, name as string, url as string);
    }
    case 'remove':
    case 'rm':
      return remove(repo, arity(1)[0] as string);
    case 'get-url': {
      const name = arity(1)[0] as string;
      const url = await remoteUrl(repo, name, parsed.flags.has('push'));
      if (url === null) throw new GitFailure(`error: No such remote '${name}'`, 2);
      repo.io.write(`${url}\n`);
      return 0;
    }
    case 'set-url': {
      const [name, url] = arity(2) as [string, string];
      if ((await remoteUrl(repo, name)) === null) throw new GitFailure(`error: No such remote '${name}'`, 2);
      await git.setConfig({ ...base(repo), path: `remote.${name}.url`, value: acceptUrl(repo, url) });
      return 0;
    }
    default:
      throw usageError('remote', `unknown subcommand: \`${sub}'`, USAGE);
  }
}
