/**
 * Workspace paths ↔ almostnode VFS paths. The VFS root *is* the workspace root: almostnode's PackageManager
 * installs into `<cwd>/node_modules` with cwd "/", and its shell starts in "/", so both agree with it.
 */

/** Normalises a workspace path ("src/a.js", "/src/../a.js") to an absolute POSIX path that never leaves "/". */
export function toVfsPath(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

/** Resolves `target` against `cwd` (both workspace paths); "~" means the workspace root. */
export function resolvePath(cwd: string, target: string): string {
  if (target === '~' || target.startsWith('~/')) return toVfsPath(target.slice(1));
  return target.startsWith('/') ? toVfsPath(target) : toVfsPath(`${cwd}/${target}`);
}

export function joinPath(dir: string, name: string): string {
  return toVfsPath(`${dir}/${name}`);
}

export function dirname(path: string): string {
  const normal = toVfsPath(path);
  return normal.slice(0, normal.lastIndexOf('/')) || '/';
}

/** `to` relative to `from` (both absolute workspace paths), as git prints paths and npm writes `file:` specs. */
export function relativePath(from: string, to: string): string {
  const a = from.split('/').filter(Boolean);
  const b = to.split('/').filter(Boolean);
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  const parts = [...a.slice(common).map(() => '..'), ...b.slice(common)];
  return parts.join('/') || '.';
}
