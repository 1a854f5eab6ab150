/**
 * Workspace paths ↔ runtime file system paths. The workspace lives in a folder of its own, `/home/project`,
 * as a checked-out project does on a real machine: tools that watch their project (chokidar, which Vite and
 * Vitest use) misbehave when the project is the file system root, and the root keeps room for what is not the
 * project (`/tmp`, npx's cache). The IDE speaks workspace paths ("/src/a.js"); programs and the shell see
 * `/home/project/src/a.js`, and `~` (HOME) is the workspace folder.
 */
import { posixPath } from './node/path-posix';

export const WORKSPACE_ROOT = '/home/project';
/** Folders every machine has: the workspace, and the temporary folder (`os.tmpdir()`, `mktemp`). */
export const MACHINE_FOLDERS = [WORKSPACE_ROOT, '/tmp'] as const;

// Node's own path.posix, the port programs get as `path`: '/' is the only separator, so a backslash or a "C:"
// stays part of a name as on a real machine (pathe, which reads both as Windows syntax, would not do here).
const posix = posixPath(() => '/');

/** Normalises a path ("a/./b", "/a/../b") to an absolute POSIX path that never goes above "/". */
export function normalizePath(path: string): string {
  return posix.resolve('/', path);
}

/** The runtime path of a workspace path ("src/a.js", "/src/../a.js"); it never leaves the workspace folder. */
export function toVfsPath(path: string): string {
  const normal = normalizePath(path);
  return normal === '/' ? WORKSPACE_ROOT : `${WORKSPACE_ROOT}${normal}`;
}

/** The workspace path of a runtime path, or null for one outside the workspace folder (`/tmp/x`). */
export function toWorkspacePath(path: string): string | null {
  const normal = normalizePath(path);
  if (normal === WORKSPACE_ROOT) return '/';
  return normal.startsWith(`${WORKSPACE_ROOT}/`) ? normal.slice(WORKSPACE_ROOT.length) : null;
}

/** Resolves `target` against `cwd` (runtime paths); "~" means the workspace folder. */
export function resolvePath(cwd: string, target: string): string {
  if (target === '~' || target.startsWith('~/')) return toVfsPath(target.slice(1));
  return posix.resolve('/', cwd, target);
}

export function joinPath(dir: string, name: string): string {
  return normalizePath(`${dir}/${name}`);
}

export function dirname(path: string): string {
  return posix.dirname(normalizePath(path));
}

/** `to` relative to `from` (both absolute workspace paths), as git prints paths and npm writes `file:` specs. */
export function relativePath(from: string, to: string): string {
  return posix.relative(from, to) || '.';
}
