/**
 * `git clone <url> [<dir>] [-b <branch>] [--depth <n>] [--single-branch] [-o <name>]`: a copy of a remote
 * repository in a new folder of the workspace, its default (or named) branch checked out and tracking the
 * remote's. A clone that fails leaves no half-made folder behind, as git's does.
 */
import git, { Errors } from 'isomorphic-git';
import type { VirtualFS } from 'almostnode';
import { lastValue, parseArgs, usageError } from './args';
import { DEFAULT_EXCLUDE } from './init';
import { reporter } from './progress';
import { remoteFailure } from './remote-errors';
import { fatal, GitFailure, writeError, type GitSession } from './repo';
import { acceptUrl, endpoint, remoteOptions } from './transport';
import { joinPath, resolvePath } from '../paths';

const USAGE = '[-b <branch>] [--depth <depth>] [--single-branch] [-o <name>] [-q] [--] <repo> [<dir>]';

/** git's "humanish" folder name for a URL: its last path part without ".git" ("…/user/repo.git" → "repo"). */
function folderNameFor(url: string): string {
  let path = url
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '')
    .replace(/\/\.git$/, '')
    .replace(/\.git$/, '');
  path = path.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf(':')) + 1);
  return name === '' ? 'repository' : name;
}

function removeTree(vfs: VirtualFS, path: string): void {
  if (!vfs.existsSync(path)) return;
  if (vfs.statSync(path).isDirectory()) {
    for (const name of vfs.readdirSync(path)) removeTree(vfs, joinPath(path, name));
    vfs.rmdirSync(path);
  } else {
    vfs.unlinkSync(path);
  }
}

/** Undoes a failed clone: the folder if the clone made it, else what the clone put in the (empty) folder. */
function cleanUp(vfs: VirtualFS, dir: string, existed: boolean): void {
  try {
    if (!existed) removeTree(vfs, dir);
    else for (const name of vfs.readdirSync(dir)) removeTree(vfs, joinPath(dir, name));
  } catch {
    // what could not be removed stays; the failure being reported matters more
  }
}

function depthOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const depth = Number(value);
  if (!Number.isInteger(depth) || depth <= 0) fatal(`depth ${value} is not a positive number`);
  return depth;
}

export async function clone(session: GitSession, args: readonly string[]): Promise<number> {
  const spec = {
    branch: { short: 'b', value: true },
    depth: { value: true },
    'single-branch': {},
    origin: { short: 'o', value: true },
    quiet: { short: 'q' },
  };
  const parsed = parseArgs('clone', args, spec, USAGE);
  const [rawUrl, dirArg, extra] = [...parsed.operands, ...(parsed.paths ?? [])];
  if (rawUrl === undefined) throw usageError('clone', 'You must specify a repository to clone.', USAGE);
  if (extra !== undefined) throw usageError('clone', 'Too many arguments.', USAGE);
  const url = acceptUrl(session, rawUrl);
  const shownDir = dirArg ?? folderNameFor(url);
  const dir = resolvePath(session.cwd, shownDir);
  const { vfs, io } = session;
  const existed = vfs.existsSync(dir);
  if (existed && (!vfs.statSync(dir).isDirectory() || vfs.readdirSync(dir).length > 0)) {
    fatal(`destination path '${shownDir}' already exists and is not an empty directory.`);
  }
  const branch = lastValue(parsed, 'branch');
  const depth = depthOf(lastValue(parsed, 'depth'));
  const remote = lastValue(parsed, 'origin') ?? 'origin';
  const quiet = parsed.flags.has('quiet');
  if (!quiet) writeError(io, `Cloning into '${shownDir}'...\n`);
  const target = endpoint(session, url);
  vfs.mkdirSync(dir, { recursive: true });
  const progress = reporter(io, quiet);
  try {
    await git.clone({
      fs: session.fs,
      cache: session.cache,
      dir,
      ref: branch,
      remote,
      depth,
      // git clones one branch when asked, and when a depth is given (--depth implies --single-branch).
      singleBranch: parsed.flags.has('single-branch') || depth !== undefined,
      ...remoteOptions(target, progress),
    });
  } catch (error) {
    progress.done();
    cleanUp(vfs, dir, existed);
    if (error instanceof Errors.NotFoundError && branch !== undefined) {
      throw new GitFailure(`warning: Could not find remote branch ${branch} to clone.\nfatal: Remote branch ${branch} not found in upstream ${remote}`, 128);
    }
    throw remoteFailure(error, target.display, io.signal);
  }
  progress.done();
  const gitdir = joinPath(dir, '.git');
  const exclude = joinPath(gitdir, 'info/exclude');
  if (!vfs.existsSync(exclude)) {
    vfs.mkdirSync(joinPath(gitdir, 'info'), { recursive: true });
    vfs.writeFileSync(exclude, DEFAULT_EXCLUDE);
  }
  const head = await git.resolveRef({ fs: session.fs, dir, gitdir, ref: 'HEAD' }).catch(() => null);
  if (head === null) {
    // An empty remote: the first branch will be this runtime's default, as after git init.
    await git.writeRef({ fs: session.fs, dir, gitdir, ref: 'HEAD', value: 'refs/heads/main', symbolic: true, force: true });
    if (!quiet) writeError(io, 'warning: You appear to have cloned an empty repository.\n');
  }
  return 0;
}
