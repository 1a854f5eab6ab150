/**
 * Permission bits and times as Node's `fs` sets them: chmod/fchmod (a number or an octal string, the bits
 * outside 0o7777 ignored as the kernel does), a folder's mode given to mkdir (under the process's umask), and
 * utimes/futimes/lutimes with Node's reading of a time (seconds as a number or numeric string, a Date; a
 * negative number means now). The values are kept by the file system (vfs-extra.ts) and reported by stat.
 * `lchmod` exists in Node only on macOS, so it is absent here as on Linux.
 */
import type { VirtualFS } from 'almostnode';
import type { VfsExtra } from '../vfs-extra';
import { absolutePath } from './fs-descriptors';
import { argTypeError, argValueError, validateUint32 } from './validators';

type Fn = (...args: unknown[]) => unknown;

/** Node's parseFileMode: a 32-bit unsigned number or a string of octal digits. */
function parseFileMode(value: unknown, name: string, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback;
  let mode = value;
  if (typeof value === 'string') {
    if (!/^[0-7]+$/.test(value)) throw argValueError(name, value, 'must be a 32-bit unsigned integer or an octal string');
    mode = parseInt(value, 8);
  }
  validateUint32(mode, name);
  return mode;
}

/** Node's toUnixTimestamp: seconds since the epoch. */
function toUnixTimestamp(time: unknown, name = 'time'): number {
  if (typeof time === 'string' && +time == (time as unknown as number)) return +time;
  if (typeof time === 'number' && Number.isFinite(time)) return time < 0 ? Date.now() / 1000 : time;
  if (time instanceof Date) return time.getTime() / 1000;
  throw argTypeError(name, ['Date', 'Time in seconds'], time);
}

interface ModeParts {
  vfs: VirtualFS & VfsExtra;
  cwd(): string;
  umask(): number;
}

export function addModes(fs: Record<string, unknown>, parts: ModeParts): void {
  const { vfs } = parts;
  const pathOf = (fd: number, syscall: string) => (fs.pathOfDescriptor as (fd: number, syscall: string) => string)(fd, syscall);
  const at = (path: unknown) => absolutePath(path, parts.cwd());
  const setTimes = (path: string, atime: unknown, mtime: unknown) =>
    vfs.setTimesSync(path, toUnixTimestamp(atime, 'atime') * 1000, toUnixTimestamp(mtime, 'mtime') * 1000);
  const mkdirSync = fs.mkdirSync as Fn;
  Object.assign(fs, {
    chmodSync: (path: unknown, mode: unknown) => vfs.setModeSync(at(path), parseFileMode(mode, 'mode')),
    fchmodSync: (fd: number, mode: unknown) => vfs.setModeSync(pathOf(fd, 'fchmod'), parseFileMode(mode, 'mode')),
    utimesSync: (path: unknown, atime: unknown, mtime: unknown) => setTimes(at(path), atime, mtime),
    futimesSync: (fd: number, atime: unknown, mtime: unknown) => setTimes(pathOf(fd, 'futime'), atime, mtime),
    lutimesSync: (path: unknown, atime: unknown, mtime: unknown) => setTimes(at(path), atime, mtime),
    mkdirSync: (path: unknown, options?: unknown) => {
      const recursive = typeof options === 'object' && options !== null && Boolean((options as { recursive?: unknown }).recursive);
      const requested = typeof options === 'object' && options !== null ? (options as { mode?: unknown }).mode : options;
      const mode = parseFileMode(requested, 'mode', 0o777);
      const target = at(path);
      const existed = recursive && vfs.existsSync(target);
      const result = mkdirSync(path, recursive ? { recursive: true } : undefined);
      if (!existed) vfs.setModeSync(target, mode & ~parts.umask() & 0o7777);
      return result;
    },
    _toUnixTimestamp: toUnixTimestamp,
  });
  delete fs.lchmod;
  delete fs.lchmodSync;
}
