/** The paths quick open offers, most relevant first when nothing is typed yet. */
import type { WorkspaceSnapshot } from '@/lib/workspace';

interface Candidates {
  /** Active file, then the other open tabs, then every other file in tree order. */
  paths: string[];
  open: ReadonlySet<string>;
}

export function selectCandidates(snapshot: WorkspaceSnapshot): Candidates {
  const open = new Set(snapshot.openFiles.map((f) => f.path));
  const first = snapshot.activePath !== null && open.has(snapshot.activePath) ? [snapshot.activePath] : [];
  const others = snapshot.openFiles.map((f) => f.path).filter((p) => p !== snapshot.activePath);
  const rest = snapshot.files.filter((p) => !open.has(p));
  return { paths: [...first, ...others, ...rest], open };
}

export function sameCandidates(a: Candidates, b: Candidates): boolean {
  return a.paths.length === b.paths.length && a.paths.every((p, i) => p === b.paths[i]);
}
