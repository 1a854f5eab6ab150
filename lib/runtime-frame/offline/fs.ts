/**
 * RuntimeFs over almostnode's VirtualFS. The IDE's workspace paths map to the workspace folder of the VFS
 * (see paths.ts) and back. VFS calls are synchronous; errors are rethrown as RuntimeError('fs').
 */
import { isInNodeModules, RuntimeError, type DirEntry, type FsEvent, type RuntimeFs, type Unsubscribe, type WatchOptions } from '../../runtime/port';
import type { VirtualFS } from 'almostnode';
import { dirname, joinPath, MACHINE_FOLDERS, toVfsPath, toWorkspacePath, WORKSPACE_ROOT } from './paths';
import { errorMessage } from '../../error-message';

function fsError(action: string, path: string, error: unknown): RuntimeError {
  const reason = errorMessage(error);
  return new RuntimeError('fs', `Could not ${action} ${path}: ${reason}`);
}

function attempt<T>(action: string, path: string, work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(fsError(action, path, error));
  }
}

function removeRecursive(vfs: VirtualFS, path: string): void {
  if (!vfs.existsSync(path)) return;
  if (vfs.statSync(path).isDirectory()) {
    for (const name of vfs.readdirSync(path)) removeRecursive(vfs, joinPath(path, name));
    if (path !== WORKSPACE_ROOT) vfs.rmdirSync(path);
  } else {
    vfs.unlinkSync(path);
  }
}

/** Every file under `dir` (runtime paths), skipping folders named node_modules. */
function listVfsFiles(vfs: VirtualFS, root: string): string[] {
  if (!vfs.existsSync(root)) return [];
  if (!vfs.statSync(root).isDirectory()) return [root];
  const files: string[] = [];
  for (const name of vfs.readdirSync(root)) {
    if (name === 'node_modules') continue;
    const child = joinPath(root, name);
    if (vfs.statSync(child).isDirectory()) files.push(...listVfsFiles(vfs, child));
    else files.push(child);
  }
  return files;
}

/** Every file under the workspace folder `dir`, skipping folders named node_modules: [workspace path, runtime path]. */
export function listFiles(vfs: VirtualFS, dir: string): Array<[string, string]> {
  return listVfsFiles(vfs, toVfsPath(dir)).map((file) => [toWorkspacePath(file) as string, file]);
}

export function createOfflineFs(vfs: VirtualFS): RuntimeFs {
  for (const folder of MACHINE_FOLDERS) vfs.mkdirSync(folder, { recursive: true });
  return {
    readFile: (path) => attempt('read', path, () => vfs.readFileSync(toVfsPath(path))),
    readTextFile: (path) => attempt('read', path, () => vfs.readFileSync(toVfsPath(path), 'utf8')),
    writeFile: (path, data) =>
      attempt('write', path, () => {
        const target = toVfsPath(path);
        vfs.mkdirSync(dirname(target), { recursive: true });
        vfs.writeFileSync(target, data);
      }),
    mkdir: (path) => attempt('create folder', path, () => vfs.mkdirSync(toVfsPath(path), { recursive: true })),
    readdir: (path) =>
      attempt('list', path, () => {
        const dir = toVfsPath(path);
        return vfs.readdirSync(dir).map((name): DirEntry => ({ name, type: vfs.statSync(joinPath(dir, name)).isDirectory() ? 'directory' : 'file' }));
      }),
    rm: (path) => attempt('remove', path, () => removeRecursive(vfs, toVfsPath(path))),
    rename: (from, to) =>
      attempt('rename', from, () => {
        const target = toVfsPath(to);
        vfs.mkdirSync(dirname(target), { recursive: true });
        vfs.renameSync(toVfsPath(from), target);
      }),
    exists: (path) => Promise.resolve(vfs.existsSync(toVfsPath(path))),
    watch: (path, listener: (event: FsEvent) => void, options?: WatchOptions): Unsubscribe => {
      const dir = toVfsPath(path);
      // VFS watchers report paths relative to the watched folder; the port wants workspace paths.
      const watcher = vfs.watch(dir, { recursive: true }, (eventType, filename) => {
        const changed = toWorkspacePath(filename ? joinPath(dir, filename) : dir);
        if (changed === null || (options?.ignoreNodeModules && isInNodeModules(changed))) return;
        listener({ type: eventType === 'rename' ? 'rename' : 'change', path: changed });
      });
      return () => watcher.close();
    },
  };
}
