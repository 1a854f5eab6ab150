/** `git add`: stages new, changed and deleted files under the given paths; ignored files need -f. */
import git from 'isomorphic-git';
import { parseArgs } from './args';
import { fatal, GitFailure, matchesSpec, openRepo, toRepoPath, type GitSession, type Repo } from './repo';
import { readStatus, type FileStatus } from './state';
import { joinPath } from '../paths';

const USAGE = '[-A | --all] [-u | --update] [-f | --force] [-v | --verbose] [--] [<pathspec>...]';

/** Stages `entries` as they are in the working tree (deleted files leave the index). */
export async function stageEntries(repo: Repo, entries: readonly FileStatus[], force = false): Promise<void> {
  const base = { fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, cache: repo.cache };
  const gone = entries.filter((e) => e.y === 'D');
  const present = entries.filter((e) => e.y !== 'D' && (e.y !== ' ' || e.untracked));
  for (const entry of gone) await git.remove({ ...base, filepath: entry.path });
  if (present.length) await git.add({ ...base, filepath: present.map((e) => e.path), force });
}

async function isIgnored(repo: Repo, filepath: string): Promise<boolean> {
  return git.isIgnored({ fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, filepath });
}

export async function add(session: GitSession, args: readonly string[]): Promise<number> {
  const spec = { all: { short: 'A' }, update: { short: 'u' }, force: { short: 'f' }, verbose: { short: 'v' } };
  const parsed = parseArgs('add', args, spec, USAGE);
  const repo = openRepo(session);
  const inputs = [...parsed.operands, ...(parsed.paths ?? [])];
  const all = parsed.flags.has('all');
  const update = parsed.flags.has('update');
  if (inputs.length === 0 && !all && !update) {
    repo.io.write(`Nothing specified, nothing added.\nhint: Maybe you wanted to say 'git add .'?\n`);
    return 0;
  }
  const force = parsed.flags.has('force');
  const specs = inputs.length ? inputs.map((input) => toRepoPath(repo, input)) : ['.'];
  const entries = await readStatus(repo);
  const chosen: FileStatus[] = [];
  const ignored: string[] = [];
  for (const [i, spec] of specs.entries()) {
    const matched = entries.filter((e) => matchesSpec(e.path, spec) && (!update || e.tracked));
    const exists = spec === '.' || repo.vfs.existsSync(joinPath(repo.dir, spec));
    if (matched.length === 0 && exists && spec !== '.' && (await isIgnored(repo, spec))) {
      if (force) chosen.push({ path: spec, x: ' ', y: ' ', untracked: true, tracked: false });
      else ignored.push(inputs[i] ?? spec);
      continue;
    }
    if (matched.length === 0 && !exists) fatal(`pathspec '${inputs[i] ?? spec}' did not match any files`);
    for (const entry of matched) if (!chosen.includes(entry)) chosen.push(entry);
  }
  await stageEntries(repo, chosen, force);
  if (parsed.flags.has('verbose')) for (const entry of chosen) repo.io.write(`${entry.y === 'D' ? 'remove' : 'add'} '${entry.path}'\n`);
  if (ignored.length) {
    throw new GitFailure(
      `The following paths are ignored by one of your .gitignore files:\n${ignored.join('\n')}\nhint: Use -f if you really want to add them.`,
      1,
    );
  }
  return 0;
}
