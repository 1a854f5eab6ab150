/**
 * Workspace paths ("/src/a.js", "src/a.js") ↔ paths relative to the WebContainer workdir, which is
 * where `wc.fs` and `spawn({ cwd })` resolve relative paths.
 */
import { rootedSegments } from '@/lib/workspace/paths';

/** Splits a workspace path into clean segments; ".." never climbs above the workspace root. */
export function workspaceSegments(path: string): string[] {
  return rootedSegments(path);
}

/** "/src/a.js" → "src/a.js"; the root becomes "." so the API never sees an empty path. */
export function toWorkdirPath(path: string): string {
  const segments = workspaceSegments(path);
  return segments.length === 0 ? '.' : segments.join('/');
}

/** The canonical workspace form: leading slash, no trailing slash ("/" for the root). */
export function toWorkspacePath(path: string): string {
  return `/${rootedSegments(path).join('/')}`;
}

export function joinWorkspacePath(base: string, child: string): string {
  return toWorkspacePath(`${base}/${child}`);
}

/** Parent folder and base name of a workspace path; the root has no parent. */
export function splitWorkspacePath(path: string): { parent: string; name: string } | null {
  const segments = workspaceSegments(path);
  const name = segments.pop();
  if (name === undefined) return null;
  return { parent: '/' + segments.join('/'), name };
}
