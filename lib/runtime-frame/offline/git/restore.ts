/** `git restore`: working-tree files back from the index (or `--source`), and `--staged` to unstage. */
import git from 'isomorphic-git';
import { lastValue, parseArgs } from './args';
import { fatal, GitFailure, matchesSpec, openRepo, toRepoPath, type GitSession, type Repo } from './repo';
import { indexSnapshot, readBlob, treeSnapshot, type Snapshot } from './snapshots';
import { headOid } from './state';
import { dirname, joinPath } from '../paths';

const USAGE = '[--staged] [--worktree] [--source=<tree>] [--] <pathspec>...';

function noMatch(input: string): GitFailure {
  return new GitFailure(`error: pathspec '${input}' did not match any file(s) known to git`, 1);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** Writes each tracked file under `specs` from `source` into the working tree where it differs. */
export async function restoreWorktree(repo: Repo, specs: readonly string[], inputs: readonly string[], source: Snapshot): Promise<void> {
  for (const [i, spec] of specs.entries()) {
    const paths = [...source.keys()].filter((path) => matchesSpec(path, spec));
    if (paths.length === 0) throw noMatch(inputs[i] ?? spec);
    for (const path of paths) {
      const blob = source.get(path);
      if (!blob) continue;
      const bytes = await readBlob(repo, blob.oid);
      const full = joinPath(repo.dir, path);
      const exists = repo.vfs.existsSync(full);
      if (exists && repo.vfs.statSync(full).isDirectory()) continue;
      if (exists && sameBytes(repo.vfs.readFileSync(full), bytes)) continue;
      repo.vfs.mkdirSync(dirname(full), { recursive: true });
      repo.vfs.writeFileSync(full, new Uint8Array(bytes));
    }
  }
}

/** Puts the index entries under `specs` back to `ref`'s (before the first commit: out of the index). */
export async function unstage(repo: Repo, specs: readonly string[], inputs: readonly string[], ref: string | null): Promise<void> {
  const base = { fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, cache: repo.cache };
  const index = await indexSnapshot(repo);
  const committed = ref ? await treeSnapshot(repo, ref) : new Map();
  for (const [i, spec] of specs.entries()) {
    const paths = [...new Set([...index.keys(), ...committed.keys()])].filter((path) => matchesSpec(path, spec));
    if (paths.length === 0) throw noMatch(inputs[i] ?? spec);
    for (const filepath of paths) {
      if (ref) await git.resetIndex({ ...base, filepath, ref });
      else await git.remove({ ...base, filepath });
    }
  }
}

export async function restore(session: GitSession, args: readonly string[]): Promise<number> {
  const spec = { staged: { short: 'S' }, worktree: { short: 'W' }, source: { short: 's', value: true } };
  const parsed = parseArgs('restore', args, spec, USAGE);
  const repo = openRepo(session);
  const inputs = [...parsed.operands, ...(parsed.paths ?? [])];
  if (inputs.length === 0) fatal('you must specify path(s) to restore');
  const specs = inputs.map((input) => toRepoPath(repo, input));
  const staged = parsed.flags.has('staged');
  const worktree = parsed.flags.has('worktree') || !staged;
  const sourceRef = lastValue(parsed, 'source');
  const head = await headOid(repo);
  if (staged) await unstage(repo, specs, inputs, sourceRef ?? head);
  if (worktree) {
    const source = sourceRef ? await treeSnapshot(repo, sourceRef).catch(() => fatal(`could not resolve ${sourceRef}`)) : await indexSnapshot(repo);
    await restoreWorktree(repo, specs, inputs, source);
  }
  return 0;
}
