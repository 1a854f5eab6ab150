/** The port's file system on top of `wc.fs`, which speaks workdir-relative paths and Node semantics. */
import { RuntimeError, type DirEntry, type FsEvent, type RuntimeFs } from '../port';
import type { WebContainerFsLike } from './api-types';
import { joinWorkspacePath, splitWorkspacePath, toWorkdirPath, toWorkspacePath } from './paths';
import { errorMessage } from '../../error-message';

const decoder = new TextDecoder();

/** Node-style errors ("ENOENT: no such file…") become RuntimeErrors that name the operation and path. */
async function attempt<T>(op: string, path: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const reason = errorMessage(error);
    throw new RuntimeError('fs', `${op} ${toWorkspacePath(path)} failed: ${reason}`);
  }
}

export function createWebContainerFs(fs: WebContainerFsLike): RuntimeFs {
  const readdir = (path: string) =>
    attempt('readdir', path, async () => {
      const entries = await fs.readdir(toWorkdirPath(path), { withFileTypes: true });
      return entries.map(
        (entry): DirEntry => ({ name: entry.name, type: entry.isDirectory() ? 'directory' : 'file' }),
      );
    });

  return {
    readFile: (path) => attempt('readFile', path, () => fs.readFile(toWorkdirPath(path))),

    // Decoding here (not with the 'utf-8' overload) keeps one read path for text and bytes.
    readTextFile: async (path) =>
      decoder.decode(await attempt('readFile', path, () => fs.readFile(toWorkdirPath(path)))),

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
      const split = splitWorkspacePath(path);
      if (!split) return true;
      try {
        const entries = await fs.readdir(toWorkdirPath(split.parent), { withFileTypes: true });
        return entries.some((entry) => entry.name === split.name);
      } catch {
        return false;
      }
    },

    watch: (path, listener) => {
      const root = toWorkspacePath(path);
      const watcher = fs.watch(toWorkdirPath(path), { recursive: true }, (event, filename) => {
        // The API reports names relative to the watched folder, sometimes as bytes.
        const name = typeof filename === 'string' ? filename : decoder.decode(filename);
        const change: FsEvent = { type: event, path: joinWorkspacePath(root, name) };
        listener(change);
      });
      return () => watcher.close();
    },
  };
}
