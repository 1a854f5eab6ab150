/** The port's file system on top of `wc.fs`, which speaks workdir-relative paths and Node semantics. */
import { isInNodeModules, RuntimeError, type DirEntry, type RuntimeFs } from '../port';
import type { WebContainerFsLike } from './api-types';
import { splitWorkspacePath, toWorkdirPath, toWorkspacePath } from './paths';
import { DISPOSED_MESSAGE, withAdvice } from './advice';
import { WatchHub } from './watch';
import { errorMessage } from '../../error-message';

const decoder = new TextDecoder();

/**
 * `hub` is shared with the runtime, which re-syncs every watch after commands; tests may omit it.
 * `isDisposed` says the container was torn down: its client then throws a bare "Proxy has been released" for
 * every call, and the user is told what happened instead.
 */
export function createWebContainerFs(fs: WebContainerFsLike, hub: WatchHub = new WatchHub(fs), isDisposed: () => boolean = () => false): RuntimeFs {
  /** Node-style errors ("ENOENT: no such file…") become RuntimeErrors that name the operation and path. */
  async function attempt<T>(op: string, path: string, run: () => Promise<T>): Promise<T> {
    const failed = (reason: string) => new RuntimeError('fs', `${op} ${toWorkspacePath(path)} failed: ${reason}`);
    if (isDisposed()) throw failed(DISPOSED_MESSAGE);
    try {
      return await run();
    } catch (error) {
      throw failed(isDisposed() ? DISPOSED_MESSAGE : withAdvice(errorMessage(error)));
    }
  }

  const readdir = (path: string) =>
    attempt('readdir', path, async () => {
      const entries = await fs.readdir(toWorkdirPath(path), { withFileTypes: true });
      return entries.map((entry): DirEntry => ({ name: entry.name, type: entry.isDirectory() ? 'directory' : 'file' }));
    });

  return {
    readFile: (path) => attempt('readFile', path, () => fs.readFile(toWorkdirPath(path))),

    // Decoding here (not with the 'utf-8' overload) keeps one read path for text and bytes.
    readTextFile: async (path) => decoder.decode(await attempt('readFile', path, () => fs.readFile(toWorkdirPath(path)))),

    writeFile: (path, data) =>
      attempt('writeFile', path, async () => {
        // wc.fs.writeFile fails with ENOENT when the folder is missing; the port promises parents.
        const parent = splitWorkspacePath(path)?.parent;
        if (parent && parent !== '/') await fs.mkdir(toWorkdirPath(parent), { recursive: true });
        await fs.writeFile(toWorkdirPath(path), data);
      }),

    mkdir: (path) =>
      attempt('mkdir', path, async () => {
        await fs.mkdir(toWorkdirPath(path), { recursive: true });
      }),

    readdir,

    rm: (path) => attempt('rm', path, () => fs.rm(toWorkdirPath(path), { recursive: true, force: true })),

    rename: (from, to) =>
      attempt('rename', from, async () => {
        const parent = splitWorkspacePath(to)?.parent;
        if (parent && parent !== '/') await fs.mkdir(toWorkdirPath(parent), { recursive: true });
        await fs.rename(toWorkdirPath(from), toWorkdirPath(to));
      }),

    // wc.fs has no stat(); listing the parent answers "does it exist" for files and folders alike.
    exists: async (path) => {
      if (isDisposed()) throw new RuntimeError('fs', `exists ${toWorkspacePath(path)} failed: ${DISPOSED_MESSAGE}`);
      const split = splitWorkspacePath(path);
      if (!split) return true;
      try {
        const entries = await fs.readdir(toWorkdirPath(split.parent), { withFileTypes: true });
        return entries.some((entry) => entry.name === split.name);
      } catch {
        return false;
      }
    },

    watch: (path, listener, options) =>
      hub.watch(path, options?.ignoreNodeModules ? (event) => void (isInNodeModules(event.path) || listener(event)) : listener),
  };
}
