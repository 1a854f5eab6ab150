/**
 * `git diff`: working tree against the index (default), the index against HEAD (`--staged`/`--cached`), or
 * a commit against the working tree or the index (`git diff HEAD`), optionally limited to paths.
 */
import git from 'isomorphic-git';
import { parseArgs, type ParsedArgs } from './args';
import { fatal, matchesSpec, openRepo, toRepoPath, type GitSession, type Repo } from './repo';
import { formatPatch } from './patch';
import { compareSnapshots, indexSnapshot, readBlob, treeSnapshot, type BlobRef, type Change, type Snapshot } from './snapshots';
import { commitOf, headOid } from './state';
import { joinPath, resolvePath } from '../paths';

const USAGE = '[--staged | --cached] [--name-only | --name-status] [<commit>] [--] [<path>...]';

const EMPTY = new Uint8Array(0);

/** The working tree's version of every path in `paths`: absent files are left out. */
async function workdirSnapshot(repo: Repo, paths: Iterable<string>, modes: Snapshot): Promise<{ files: Snapshot; bytes: Map<string, Uint8Array> }> {
  const files: Snapshot = new Map();
  const bytes = new Map<string, Uint8Array>();
  for (const path of paths) {
    const full = joinPath(repo.dir, path);
    if (!repo.vfs.existsSync(full) || repo.vfs.statSync(full).isDirectory()) continue;
    const content = repo.vfs.readFileSync(full);
    const { oid } = await git.hashBlob({ object: content });
    files.set(path, { oid, mode: modes.get(path)?.mode ?? 0o100644 });
    bytes.set(path, content);
  }
  return { files, bytes };
}

async function sides(repo: Repo, parsed: ParsedArgs, commit: string | null) {
  const staged = parsed.flags.has('staged') || parsed.flags.has('cached');
  const index = await indexSnapshot(repo);
  if (staged) {
    const base = commit ?? (await headOid(repo));
    return { before: base ? await treeSnapshot(repo, base) : new Map<string, BlobRef>(), after: index, workdirBytes: null };
  }
  const before = commit ? await treeSnapshot(repo, commit) : index;
  const work = await workdirSnapshot(repo, new Set([...before.keys(), ...index.keys()]), index);
  return { before, after: work.files, workdirBytes: work.bytes };
}

/** Splits operands into an optional commit and paths, as git does: before `--` a word is a commit if it names one. */
async function splitOperands(repo: Repo, parsed: ParsedArgs): Promise<{ commit: string | null; paths: string[] }> {
  const operands = [...parsed.operands];
  let commit: string | null = null;
  const first = operands[0];
  if (first !== undefined && (parsed.paths !== null || !repo.vfs.existsSync(resolvePath(repo.cwd, first)))) {
    commit = await commitOf(repo, first);
    if (commit !== null) operands.shift();
    else if (parsed.paths !== null) fatal(`bad revision '${first}'`);
  }
  for (const input of operands) {
    if (!repo.vfs.existsSync(resolvePath(repo.cwd, input))) {
      fatal(
        `ambiguous argument '${input}': unknown revision or path not in the working tree.\nUse '--' to separate paths from revisions, like this:\n'git <command> [<revision>...] -- [<file>...]'`,
      );
    }
  }
  return { commit, paths: [...operands, ...(parsed.paths ?? [])].map((input) => toRepoPath(repo, input)) };
}

export async function diff(session: GitSession, args: readonly string[]): Promise<number> {
  const spec = { staged: {}, cached: {}, 'name-only': {}, 'name-status': {} };
  const parsed = parseArgs('diff', args, spec, USAGE);
  const repo = openRepo(session);
  const { commit, paths } = await splitOperands(repo, parsed);
  const { before, after, workdirBytes } = await sides(repo, parsed, commit);
  const changes = compareSnapshots(before, after, (path) => paths.length === 0 || paths.some((s) => matchesSpec(path, s)));
  repo.io.write(await render(repo, parsed, changes, workdirBytes));
  return 0;
}

async function render(repo: Repo, parsed: ParsedArgs, changes: Change[], workdirBytes: Map<string, Uint8Array> | null): Promise<string> {
  if (parsed.flags.has('name-only')) return changes.map((c) => `${c.path}\n`).join('');
  if (parsed.flags.has('name-status')) return changes.map((c) => `${c.old ? (c.new ? 'M' : 'D') : 'A'}\t${c.path}\n`).join('');
  let out = '';
  for (const change of changes) {
    const oldBytes = change.old ? await readBlob(repo, change.old.oid) : EMPTY;
    const newBytes = !change.new ? EMPTY : (workdirBytes?.get(change.path) ?? (await readBlob(repo, change.new.oid)));
    out += formatPatch(change.path, { blob: change.old, bytes: oldBytes }, { blob: change.new, bytes: newBytes }, repo.color);
  }
  return out;
}
