/** Repository facts several commands need: the branch, HEAD's commit, and each file's status letters. */
import git from 'isomorphic-git';
import type { Repo } from './repo';

export interface FileStatus {
  /** Repository path. */
  path: string;
  /** Index against HEAD: ' ', 'A', 'M' or 'D'. */
  x: string;
  /** Working tree against the index: ' ', 'M' or 'D'. */
  y: string;
  /** The working tree has the file but the index does not (also true next to a staged deletion). */
  untracked: boolean;
  /** HEAD or the index knows the file. */
  tracked: boolean;
}

/** Letters from isomorphic-git's status matrix (HEAD 0/1, workdir 0/1/2, stage 0/1/2/3). */
function statusLetters(head: number, workdir: number, stage: number): Omit<FileStatus, 'path'> {
  const x = head === 0 ? (stage === 0 ? ' ' : 'A') : stage === 0 ? 'D' : stage === 1 ? ' ' : 'M';
  let y = ' ';
  if (stage === 1) y = workdir === 0 ? 'D' : workdir === 2 ? 'M' : ' ';
  else if (stage === 3) y = workdir === 0 ? 'D' : 'M';
  return { x, y, untracked: stage === 0 && workdir !== 0, tracked: head !== 0 || stage !== 0 };
}

export async function readStatus(repo: Repo, filepaths?: string[]): Promise<FileStatus[]> {
  const rows = await git.statusMatrix({ fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, cache: repo.cache, filepaths });
  return rows
    .map(([path, head, workdir, stage]) => ({ path, ...statusLetters(head, workdir, stage) }))
    .filter((entry) => entry.x !== ' ' || entry.y !== ' ' || entry.untracked);
}

/** The checked-out branch's short name, or null when HEAD is detached. */
export async function currentBranch(repo: Repo): Promise<string | null> {
  return (await git.currentBranch({ fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, fullname: false })) ?? null;
}

/** HEAD's commit, or null before the first commit. */
export async function headOid(repo: Repo): Promise<string | null> {
  try {
    return await git.resolveRef({ fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, ref: 'HEAD' });
  } catch {
    return null;
  }
}

/** The commit a revision names (a branch, a tag, a full ref, HEAD or an abbreviated id), or null. */
export async function commitOf(repo: Repo, rev: string): Promise<string | null> {
  const base = { fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir };
  try {
    return await git.resolveRef({ ...base, ref: rev });
  } catch {
    return git.expandOid({ ...base, oid: rev, cache: repo.cache }).catch(() => null);
  }
}

export const shortOid = (oid: string) => oid.slice(0, 7);
