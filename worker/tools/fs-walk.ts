/**
 * Walking the workspace for the search tools: every file below the root, breadth-first in name order,
 * skipping node_modules and .git, stopping when the call's signal aborts (its limit, or Stop).
 */
import picomatch from 'picomatch';
import type { RuntimeFs } from '@/lib/runtime/port';
import { isHiddenFromTree } from '@/lib/workspace/paths';

/** Past this many files a walk stops and the result says it was cut short. */
const WALK_MAX_FILES = 20_000;

interface WalkResult {
  files: string[];
  truncated: boolean;
}

/** "/src/a.ts" → "src/a.ts": globs are written relative to the workspace root. */
export const relative = (path: string) => path.replace(/^\/+/, '');

/** A matcher for workspace paths; `dot` so `.github/**` and `**\/.env` can be named. */
export function globMatcher(globs: readonly string[] | undefined): ((path: string) => boolean) | null {
  if (!globs || globs.length === 0) return null;
  const match = picomatch([...globs], { dot: true });
  return (path) => match(relative(path));
}

export async function walkFiles(fs: RuntimeFs, signal: AbortSignal, keep: (path: string) => boolean = () => true): Promise<WalkResult> {
  const files: string[] = [];
  const pending = ['/'];
  while (pending.length > 0) {
    signal.throwIfAborted();
    const folder = pending.shift() as string;
    const children = await fs.readdir(folder);
    children.sort((a, b) => a.name.localeCompare(b.name));
    for (const child of children) {
      const path = folder === '/' ? `/${child.name}` : `${folder}/${child.name}`;
      if (isHiddenFromTree(path)) continue;
      if (child.type === 'directory') pending.push(path);
      else if (keep(path)) {
        if (files.length >= WALK_MAX_FILES) return { files, truncated: true };
        files.push(path);
      }
    }
  }
  return { files, truncated: false };
}
