/**
 * isomorphic-git's promise file system over almostnode's VirtualFS. The VFS is synchronous and has no
 * symlinks; isomorphic-git only needs Node-style `code`s on errors (ENOENT, EEXIST, ENOTDIR…) to tell a
 * missing file from a real failure.
 */
import type { VirtualFS } from 'almostnode';
import type { PromiseFsClient } from 'isomorphic-git';

type CodedError = Error & { code?: string };

/** Some VFS errors are plain Errors whose message starts with the code ("ENOTDIR: not a directory, …"). */
function withCode(error: unknown): CodedError {
  const coded: CodedError = error instanceof Error ? error : new Error(String(error));
  if (typeof coded.code !== 'string') {
    const match = /^(E[A-Z]+):/.exec(coded.message);
    if (match) coded.code = match[1];
  }
  return coded;
}

function run<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(withCode(error));
  }
}

function unsupported(operation: string): Promise<never> {
  const error: CodedError = new Error(`${operation}: symbolic links are not supported in this file system`);
  error.code = 'ENOTSUP';
  return Promise.reject(error);
}

function encodingOf(options: unknown): string | undefined {
  if (typeof options === 'string') return options;
  if (options && typeof options === 'object' && 'encoding' in options) {
    const { encoding } = options as { encoding?: unknown };
    return typeof encoding === 'string' ? encoding : undefined;
  }
  return undefined;
}

export function gitFs(vfs: VirtualFS): PromiseFsClient {
  return {
    promises: {
      readFile: (path: string, options?: unknown) => run(() => (encodingOf(options) ? vfs.readFileSync(path, 'utf8') : vfs.readFileSync(path))),
      writeFile: (path: string, data: string | Uint8Array) =>
        run(() => {
          const parent = path.slice(0, path.lastIndexOf('/')) || '/';
          // VirtualFS would create missing parents; Node's fs (what isomorphic-git expects) refuses.
          if (!vfs.existsSync(parent)) throw Object.assign(new Error(`ENOENT: no such file or directory, open '${path}'`), { code: 'ENOENT' });
          // A copy: the VFS keeps the array it is given, and a caller's Buffer may be a view into a pool.
          vfs.writeFileSync(path, typeof data === 'string' ? data : new Uint8Array(data));
        }),
      unlink: (path: string) => run(() => vfs.unlinkSync(path)),
      readdir: (path: string) => run(() => vfs.readdirSync(path)),
      mkdir: (path: string) => run(() => vfs.mkdirSync(path)),
      rmdir: (path: string) => run(() => vfs.rmdirSync(path)),
      stat: (path: string) => run(() => vfs.statSync(path)),
      lstat: (path: string) => run(() => vfs.lstatSync(path)),
      readlink: () => unsupported('readlink'),
      symlink: () => unsupported('symlink'),
    },
  };
}
