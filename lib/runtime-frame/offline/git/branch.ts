/** `git branch` (list, create, -d/-D, -m), `git checkout` and `git switch`. */
import git, { Errors } from 'isomorphic-git';
import { parseArgs, usageError } from './args';
import { fatal, GitFailure, openRepo, toRepoPath, writeError, type GitSession, type Repo } from './repo';
import { indexSnapshot } from './snapshots';
import { restoreWorktree } from './restore';
import { commitOf, currentBranch, headOid, shortOid } from './state';
import { clearUpstream, setUpstreamTo } from './upstream';

const BRANCH_USAGE =
  '[--list] | <branchname> [<start-point>] | (-d | -D) <branchname>... | -m [<old>] <new> | --show-current | (-u <upstream> | --unset-upstream) [<branchname>]';
const CHECKOUT_USAGE = '[-b <new-branch>] <branch> | [--] <pathspec>...';
const SWITCH_USAGE = '[-c <new-branch>] <branch>';

function base(repo: Repo) {
  return { fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir };
}

async function branchExists(repo: Repo, name: string): Promise<boolean> {
  return (await git.listBranches(base(repo))).includes(name);
}

async function listBranches(repo: Repo): Promise<string> {
  const current = await currentBranch(repo);
  const head = await headOid(repo);
  let out = current === null && head ? `* ${repo.color.green(`(HEAD detached at ${shortOid(head)})`)}\n` : '';
  for (const name of (await git.listBranches(base(repo))).sort()) {
    out += name === current ? `* ${repo.color.green(name)}\n` : `  ${name}\n`;
  }
  return out;
}

/** Creates `name` at `start` (HEAD by default), with git's messages for the usual mistakes. */
async function createBranch(repo: Repo, name: string, start: string | undefined): Promise<void> {
  const head = await headOid(repo);
  let object: string;
  try {
    object = start === undefined ? (head ?? '') : await git.resolveRef({ ...base(repo), ref: start });
  } catch {
    object = '';
  }
  if (object === '') fatal(`not a valid object name: '${start ?? (await currentBranch(repo)) ?? 'HEAD'}'.`);
  if (await branchExists(repo, name)) fatal(`a branch named '${name}' already exists`);
  try {
    await git.branch({ ...base(repo), ref: name, object });
  } catch (error) {
    if (error instanceof Errors.InvalidRefNameError) fatal(`'${name}' is not a valid branch name`);
    throw error;
  }
}

async function deleteBranches(repo: Repo, names: readonly string[], force: boolean): Promise<number> {
  const current = await currentBranch(repo);
  const head = await headOid(repo);
  let code = 0;
  for (const name of names) {
    const tip = await git.resolveRef({ ...base(repo), ref: `refs/heads/${name}` }).catch(() => null);
    if (tip === null) {
      writeError(repo.io, `error: branch '${name}' not found\n`);
      code = 1;
      continue;
    }
    if (name === current) {
      writeError(repo.io, `error: cannot delete branch '${name}' used by worktree at '${repo.dir}'\n`);
      code = 1;
      continue;
    }
    const merged = head !== null && (tip === head || (await git.isDescendent({ ...base(repo), oid: head, ancestor: tip, depth: -1, cache: repo.cache })));
    if (!merged && !force) {
      writeError(repo.io, `error: the branch '${name}' is not fully merged\nhint: If you are sure you want to delete it, run 'git branch -D ${name}'\n`);
      code = 1;
      continue;
    }
    await git.deleteBranch({ ...base(repo), ref: name });
    repo.io.write(`Deleted branch ${name} (was ${shortOid(tip)}).\n`);
  }
  return code;
}

export async function branch(session: GitSession, args: readonly string[]): Promise<number> {
  const spec = {
    delete: { short: 'd' },
    'delete-force': { short: 'D' },
    force: { short: 'f' },
    move: { short: 'm' },
    list: { short: 'l' },
    'show-current': {},
    'set-upstream-to': { short: 'u', value: true },
    'unset-upstream': {},
  };
  const parsed = parseArgs('branch', args, spec, BRANCH_USAGE);
  const repo = openRepo(session);
  const names = parsed.operands;
  const upstream = parsed.values.get('set-upstream-to')?.[0];
  if (upstream !== undefined || parsed.flags.has('unset-upstream')) {
    const name = names[0] ?? (await currentBranch(repo));
    if (name === null) fatal('could not set upstream of HEAD when it does not point to any branch.');
    if (!(await branchExists(repo, name))) fatal(`branch '${name}' does not exist`);
    if (upstream === undefined) await clearUpstream(repo, name);
    else repo.io.write(await setUpstreamTo(repo, upstream, name));
    return 0;
  }
  if (parsed.flags.has('show-current')) {
    repo.io.write(`${(await currentBranch(repo)) ?? ''}\n`);
    return 0;
  }
  if (parsed.flags.has('delete') || parsed.flags.has('delete-force')) {
    if (names.length === 0) fatal('branch name required');
    return deleteBranches(repo, names, parsed.flags.has('delete-force') || parsed.flags.has('force'));
  }
  if (parsed.flags.has('move')) {
    const [oldName, newName] = names.length === 1 ? [await currentBranch(repo), names[0]] : names;
    if (!oldName || !newName || names.length > 2) throw usageError('branch', 'branch -m takes one or two names', BRANCH_USAGE);
    if (!(await branchExists(repo, oldName))) fatal(`no branch named '${oldName}'`);
    if (await branchExists(repo, newName)) fatal(`a branch named '${newName}' already exists`);
    await git.renameBranch({ ...base(repo), oldref: oldName, ref: newName, checkout: oldName === (await currentBranch(repo)) });
    return 0;
  }
  if (names.length === 0 || parsed.flags.has('list')) {
    repo.io.write(await listBranches(repo));
    return 0;
  }
  if (names.length > 2) throw usageError('branch', 'too many arguments', BRANCH_USAGE);
  await createBranch(repo, names[0] as string, names[1]);
  return 0;
}

/** isomorphic-git's checkout, with git's refusal message when local changes would be overwritten. */
async function checkoutRef(repo: Repo, ref: string): Promise<void> {
  try {
    await git.checkout({ ...base(repo), ref, cache: repo.cache });
  } catch (error) {
    if (error instanceof Errors.CheckoutConflictError) {
      const files = error.data.filepaths.map((path) => `\t${path}\n`).join('');
      throw new GitFailure(
        `error: Your local changes to the following files would be overwritten by checkout:\n${files}Please commit your changes or stash them before you switch branches.\nAborting`,
        1,
      );
    }
    throw error;
  }
}

/** Checks out an existing branch. */
async function switchTo(repo: Repo, ref: string, created: boolean): Promise<void> {
  if (!created && (await currentBranch(repo)) === ref) {
    repo.io.write(`Already on '${ref}'\n`);
    return;
  }
  await checkoutRef(repo, ref);
  repo.io.write(created ? `Switched to a new branch '${ref}'\n` : `Switched to branch '${ref}'\n`);
}

/** `git checkout <commit>`: HEAD detached at that commit. */
async function detachAt(repo: Repo, rev: string, oid: string): Promise<void> {
  await checkoutRef(repo, oid);
  const { commit } = await git.readCommit({ ...base(repo), oid, cache: repo.cache });
  repo.io.write(
    `Note: switching to '${rev}'.\n\nYou are in 'detached HEAD' state: new commits belong to no branch. ` +
      `Create one with git switch -c <name>, or go back to a branch with git switch <branch>.\n\n` +
      `HEAD is now at ${shortOid(oid)} ${commit.message.split('\n')[0] ?? ''}\n`,
  );
}

/** `checkout -b` / `switch -c`: before the first commit this only renames the branch HEAD will start. */
async function createAndSwitch(repo: Repo, name: string, start: string | undefined): Promise<void> {
  if ((await headOid(repo)) === null && start === undefined) {
    if (await branchExists(repo, name)) fatal(`a branch named '${name}' already exists`);
    await git.writeRef({ ...base(repo), ref: 'HEAD', value: `refs/heads/${name}`, symbolic: true, force: true });
    repo.io.write(`Switched to a new branch '${name}'\n`);
    return;
  }
  await createBranch(repo, name, start);
  await switchTo(repo, name, true);
}

export async function checkout(session: GitSession, args: readonly string[]): Promise<number> {
  const parsed = parseArgs('checkout', args, { branch: { short: 'b', value: true }, force: { short: 'f' } }, CHECKOUT_USAGE);
  const repo = openRepo(session);
  const created = parsed.values.get('branch')?.[0];
  if (created !== undefined) {
    await createAndSwitch(repo, created, parsed.operands[0]);
    return 0;
  }
  const [target, ...rest] = parsed.operands;
  const paths = parsed.paths ?? [];
  if (target !== undefined && rest.length === 0 && paths.length === 0 && (await branchExists(repo, target))) {
    await switchTo(repo, target, false);
    return 0;
  }
  const oid = target !== undefined && rest.length === 0 && parsed.paths === null ? await commitOf(repo, target) : null;
  if (target !== undefined && oid !== null) {
    await detachAt(repo, target, oid);
    return 0;
  }
  const inputs = parsed.paths === null ? parsed.operands : [...parsed.operands, ...paths];
  if (inputs.length === 0) throw usageError('checkout', 'you must name a branch or paths', CHECKOUT_USAGE);
  // Not a branch: paths, restored from the index as `git checkout -- <paths>` does.
  await restoreWorktree(
    repo,
    inputs.map((input) => toRepoPath(repo, input)),
    inputs,
    await indexSnapshot(repo),
  );
  return 0;
}

export async function switchBranch(session: GitSession, args: readonly string[]): Promise<number> {
  const parsed = parseArgs('switch', args, { create: { short: 'c', value: true } }, SWITCH_USAGE);
  const repo = openRepo(session);
  const created = parsed.values.get('create')?.[0];
  if (created !== undefined) {
    await createAndSwitch(repo, created, parsed.operands[0]);
    return 0;
  }
  const target = parsed.operands[0];
  if (target === undefined) throw usageError('switch', 'missing branch', SWITCH_USAGE);
  if (!(await branchExists(repo, target))) fatal(`invalid reference: ${target}`);
  await switchTo(repo, target, false);
  return 0;
}
