/** `git status`: git's long format (the default) and `-s`/`--short`, paths relative to the current folder. */
import git from 'isomorphic-git';
import { parseArgs } from './args';
import { displayPath, openRepo, toRepoPath, type GitSession, type Repo } from './repo';
import { currentBranch, headOid, readStatus, shortOid, type FileStatus } from './state';
import { readTracking, trackingParagraph, trackingSuffix, type Tracking } from './tracking';

const USAGE = '[-s | --short] [-b | --branch] [--] [<pathspec>...]';

const LABELS: Record<string, string> = { A: 'new file:', M: 'modified:', D: 'deleted:' };

/**
 * Untracked files shown as their highest folder that holds nothing tracked ("dist/"), as git does by
 * default, so a new folder of many files is one line.
 */
function collapseUntracked(untracked: readonly string[], tracked: Iterable<string>): string[] {
  const trackedFolders = new Set<string>();
  for (const path of tracked) {
    const parts = path.split('/');
    for (let k = 1; k < parts.length; k++) trackedFolders.add(parts.slice(0, k).join('/'));
  }
  const shown = new Set<string>();
  for (const path of untracked) {
    const parts = path.split('/');
    const k = parts.findIndex((_, i) => i < parts.length - 1 && !trackedFolders.has(parts.slice(0, i + 1).join('/')));
    shown.add(k === -1 ? path : `${parts.slice(0, k + 1).join('/')}/`);
  }
  return [...shown].sort();
}

/** Every path HEAD or the index knows. */
async function trackedPaths(repo: Repo, head: string | null): Promise<Set<string>> {
  const base = { fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, cache: repo.cache };
  const staged = await git.listFiles(base);
  const committed = head === null ? [] : await git.listFiles({ ...base, ref: head });
  return new Set([...staged, ...committed]);
}

interface Report {
  head: string | null;
  branch: string | null;
  entries: FileStatus[];
  untracked: string[];
  tracking: Tracking | null;
}

function show(repo: Repo, path: string): string {
  return path.endsWith('/') ? `${displayPath(repo, path.slice(0, -1))}/` : displayPath(repo, path);
}

function section(title: string, hints: string[], lines: string[]): string {
  return `${title}\n${hints.map((hint) => `  (${hint})\n`).join('')}${lines.join('')}\n`;
}

function longFormat(repo: Repo, { head, branch, entries, untracked, tracking }: Report): string {
  const { color } = repo;
  let out =
    branch !== null ? `On branch ${branch}\n${tracking ? trackingParagraph(tracking) : ''}\n` : `HEAD detached at ${head ? shortOid(head) : 'HEAD'}\n\n`;
  if (head === null) out += 'No commits yet\n\n';
  const staged = entries.filter((e) => e.x !== ' ');
  const unstaged = entries.filter((e) => e.y !== ' ');
  const line = (paint: (t: string) => string, letter: string, path: string) => `\t${paint(`${(LABELS[letter] ?? '').padEnd(12)}${displayPath(repo, path)}`)}\n`;
  if (staged.length) {
    const hint = head === null ? 'use "git rm --cached <file>..." to unstage' : 'use "git restore --staged <file>..." to unstage';
    out += section(
      'Changes to be committed:',
      [hint],
      staged.map((e) => line(color.green, e.x, e.path)),
    );
  }
  if (unstaged.length) {
    const add = unstaged.some((e) => e.y === 'D') ? 'add/rm' : 'add';
    const hints = [`use "git ${add} <file>..." to update what will be committed`, 'use "git restore <file>..." to discard changes in working directory'];
    out += section(
      'Changes not staged for commit:',
      hints,
      unstaged.map((e) => line(color.red, e.y, e.path)),
    );
  }
  if (untracked.length) {
    const hint = 'use "git add <file>..." to include in what will be committed';
    out += section(
      'Untracked files:',
      [hint],
      untracked.map((path) => `\t${color.red(show(repo, path))}\n`),
    );
  }
  if (staged.length) return out;
  if (unstaged.length) return `${out}no changes added to commit (use "git add" and/or "git commit -a")\n`;
  if (untracked.length) return `${out}nothing added to commit but untracked files present (use "git add" to track)\n`;
  if (head === null) return `${out}nothing to commit (create/copy files and use "git add" to track)\n`;
  return `${out}nothing to commit, working tree clean\n`;
}

function shortFormat(repo: Repo, { head, branch, entries, untracked, tracking }: Report, withBranch: boolean): string {
  const { color } = repo;
  let out = '';
  if (withBranch)
    out += `## ${head === null ? `No commits yet on ${branch ?? 'HEAD'}` : (branch ?? 'HEAD (no branch)')}${tracking ? trackingSuffix(tracking) : ''}\n`;
  for (const e of entries) {
    if (e.x !== ' ' || e.y !== ' ') out += `${color.green(e.x)}${color.red(e.y)} ${displayPath(repo, e.path)}\n`;
  }
  for (const path of untracked) out += `${color.red('??')} ${show(repo, path)}\n`;
  return out;
}

async function buildReport(repo: Repo, specs: string[]): Promise<Report> {
  const entries = await readStatus(repo, specs.length ? specs : undefined);
  const head = await headOid(repo);
  const tracked = await trackedPaths(repo, head);
  const untracked = collapseUntracked(
    entries.filter((e) => e.untracked).map((e) => e.path),
    tracked,
  );
  const branch = await currentBranch(repo);
  return { head, branch, entries, untracked, tracking: await readTracking(repo, branch, head) };
}

/** The long status of the whole repository (what `git commit` prints when there is nothing to commit). */
export async function statusText(repo: Repo): Promise<string> {
  return longFormat(repo, await buildReport(repo, []));
}

export async function status(session: GitSession, args: readonly string[]): Promise<number> {
  const parsed = parseArgs('status', args, { short: { short: 's' }, branch: { short: 'b' }, long: {} }, USAGE);
  const repo = openRepo(session);
  const specs = [...parsed.operands, ...(parsed.paths ?? [])].map((input) => toRepoPath(repo, input));
  const report = await buildReport(repo, specs);
  const short = parsed.flags.has('short') && !parsed.flags.has('long');
  repo.io.write(short ? shortFormat(repo, report, parsed.flags.has('branch')) : longFormat(repo, report));
  return 0;
}
