/**
 * Flat views of a commit's tree and of the index (path → blob id and mode), and the changes between two
 * of them: what `diff`, `show` and commit's summary compare.
 */
import git, { STAGE, TREE, type WalkerEntry } from 'isomorphic-git';
import type { Repo } from './repo';

export interface BlobRef {
  oid: string;
  mode: number;
}

export type Snapshot = Map<string, BlobRef>;

export interface Change {
  path: string;
  old: BlobRef | null;
  new: BlobRef | null;
}

async function collect(repo: Repo, walker: ReturnType<typeof TREE>): Promise<Snapshot> {
  const files: Snapshot = new Map();
  await git.walk({
    fs: repo.fs,
    dir: repo.dir,
    gitdir: repo.gitdir,
    cache: repo.cache,
    trees: [walker],
    map: async (filepath: string, [entry]: Array<WalkerEntry | null>) => {
      if (!entry || filepath === '.') return true;
      if ((await entry.type()) !== 'blob') return true;
      const oid = await entry.oid();
      if (oid) files.set(filepath, { oid, mode: await entry.mode() });
      return true;
    },
  });
  return files;
}

/** The files of a commit (`ref` is anything resolveRef takes, or an oid). */
export function treeSnapshot(repo: Repo, ref: string): Promise<Snapshot> {
  return collect(repo, TREE({ ref }));
}

export function indexSnapshot(repo: Repo): Promise<Snapshot> {
  return collect(repo, STAGE());
}

/** Files that differ between two snapshots, sorted by path; `keep` narrows to some paths. */
export function compareSnapshots(before: Snapshot, after: Snapshot, keep: (path: string) => boolean = () => true): Change[] {
  const paths = new Set([...before.keys(), ...after.keys()]);
  const changes: Change[] = [];
  for (const path of [...paths].sort()) {
    if (!keep(path)) continue;
    const old = before.get(path) ?? null;
    const next = after.get(path) ?? null;
    if (old?.oid === next?.oid && old?.mode === next?.mode) continue;
    changes.push({ path, old, new: next });
  }
  return changes;
}

export async function readBlob(repo: Repo, oid: string): Promise<Uint8Array> {
  const { blob } = await git.readBlob({ fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, oid, cache: repo.cache });
  return blob;
}
