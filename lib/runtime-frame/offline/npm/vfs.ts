/** Small file helpers over the runtime's VirtualFS for the npm client. */
import type { VirtualFS } from 'almostnode';
import { joinPath } from '../paths';

export function isDirectory(vfs: VirtualFS, path: string): boolean {
  return vfs.existsSync(path) && vfs.statSync(path).isDirectory();
}

/** `rm -rf path` (no error when it does not exist). */
export function removeTree(vfs: VirtualFS, path: string): void {
  if (!vfs.existsSync(path)) return;
  if (vfs.statSync(path).isDirectory()) {
    for (const name of vfs.readdirSync(path)) removeTree(vfs, joinPath(path, name));
    if (path !== '/') vfs.rmdirSync(path);
  } else {
    vfs.unlinkSync(path);
  }
}

/** Parsed JSON of a file, or undefined when it is missing or not JSON. */
export function readJsonFile(vfs: VirtualFS, path: string): unknown {
  if (!vfs.existsSync(path)) return undefined;
  try {
    return JSON.parse(vfs.readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Package folders directly inside a node_modules folder (`a`, `@scope/b`), skipping dot entries. */
export function packageFolders(vfs: VirtualFS, nodeModules: string): string[] {
  if (!isDirectory(vfs, nodeModules)) return [];
  const names: string[] = [];
  for (const entry of vfs.readdirSync(nodeModules)) {
    if (entry.startsWith('.')) continue;
    const path = joinPath(nodeModules, entry);
    if (!isDirectory(vfs, path)) continue;
    if (entry.startsWith('@')) {
      for (const inner of vfs.readdirSync(path)) if (isDirectory(vfs, joinPath(path, inner))) names.push(`${entry}/${inner}`);
    } else {
      names.push(entry);
    }
  }
  return names.sort();
}
