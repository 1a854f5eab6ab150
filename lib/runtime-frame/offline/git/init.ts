/** `git init`: a repository whose first branch is `main`, with node_modules excluded from the start. */
import git from 'isomorphic-git';
import { lastValue, parseArgs } from './args';
import { findWorkTree, type GitSession } from './repo';
import { joinPath, resolvePath } from '../paths';

const USAGE = '[-q | --quiet] [-b <branch-name> | --initial-branch=<branch-name>] [<directory>]';

/**
 * node_modules is installed again from package.json and never stored with the workspace, so tracking it
 * would only fill the repository. It goes in .git/info/exclude (git's own per-repository ignore file)
 * rather than a .gitignore, so `git init` adds no file to the project.
 */
export const DEFAULT_EXCLUDE = `# git ls-files --others --exclude-from=.git/info/exclude
# Lines that start with '#' are comments.
# Installed packages are reinstalled from package.json, never tracked:
node_modules/
`;

export async function init(session: GitSession, args: readonly string[]): Promise<number> {
  const parsed = parseArgs('init', args, { quiet: { short: 'q' }, 'initial-branch': { short: 'b', value: true } }, USAGE);
  const dir = resolvePath(session.cwd, parsed.operands[0] ?? '.');
  const existed = findWorkTree(session.vfs, dir) === dir;
  const gitdir = joinPath(dir, '.git');
  await git.init({ fs: session.fs, dir, defaultBranch: lastValue(parsed, 'initial-branch') ?? 'main' });
  const exclude = joinPath(gitdir, 'info/exclude');
  if (!existed && !session.vfs.existsSync(exclude)) session.vfs.writeFileSync(exclude, DEFAULT_EXCLUDE);
  if (parsed.flags.has('quiet')) return 0;
  session.io.write(`${existed ? 'Reinitialized existing' : 'Initialized empty'} Git repository in ${gitdir}/\n`);
  return 0;
}
