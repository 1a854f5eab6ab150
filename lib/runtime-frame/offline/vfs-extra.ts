/**
 * What a node process's `fs` needs from the file system beyond almostnode's VirtualFS, added to the one
 * VirtualFS the runtime frame keeps (a process in a worker reaches it through the synchronous channel, which
 * calls a method by name, so these are plain `…Sync` methods on the instance):
 *
 * - reads and writes at a position (`preadSync`, `pwriteSync`, `resizeSync`), so a write through a descriptor
 *   is in the file at once, as in Node, for every other reader (another descriptor, `readFileSync`, the shell,
 *   the IDE's view of the files through the watchers), without sending the whole file for each write;
 * - permission bits and times (`setModeSync`, `setTimesSync`), kept on the file's node so that they move with
 *   a rename and survive a rewrite, and reported by `statSync` with the file type's bits as Node's stats do.
 *
 * A file's node is VirtualFS's own record; it is reached through its `getNode`, the one lookup every method
 * there uses, so paths resolve exactly as for the rest of the file system.
 */
import type { VirtualFS } from 'almostnode';

interface FileNode {
  type: 'file' | 'directory';
  content?: Uint8Array;
  children?: Map<string, FileNode>;
  mtime: number;
  /** Permission bits (0o7777); absent: the default for a node made with the default umask. */
  mode?: number;
  atime?: number;
  birthtime?: number;
}

interface Internals {
  getNode(path: string): FileNode | undefined;
  notifyWatchers(path: string, eventType: 'change' | 'rename'): void;
  normalizePath(path: string): string;
}

type StatsRecord = Record<string, unknown> & { isDirectory(): boolean };

/** The methods this module adds; a process calls them through the VirtualFS it was given. */
export interface VfsExtra {
  preadSync(path: string, position: number, length: number): Uint8Array;
  pwriteSync(path: string, data: Uint8Array, position: number | null): number;
  resizeSync(path: string, length: number): void;
  setModeSync(path: string, mode: number): void;
  setTimesSync(path: string, atimeMs: number, mtimeMs: number): void;
}

const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
/** What a file and a folder get under Node's default umask (0o022) when made without a mode. */
const DEFAULT_MODE = { file: 0o644, directory: 0o755 } as const;

const extended = new WeakSet<object>();

function nodeError(code: 'ENOENT' | 'EISDIR', syscall: string, path: string): Error {
  const text = code === 'ENOENT' ? 'no such file or directory' : 'illegal operation on a directory';
  return Object.assign(new Error(`${code}: ${text}, ${syscall} '${path}'`), { code, errno: code === 'ENOENT' ? -2 : -21, syscall, path });
}

/**
 * The buffer each file's content was last grown into here, with room to spare. Content read from the file
 * system is handed out as it is (VirtualFS returns its own array), so bytes a reader may hold are never
 * changed in place: a file grows in place only past its current end and only in a buffer of its own (a copy
 * shares its source's); every other write makes a new buffer. A file written a chunk at a time, as a stream
 * writes, is so copied a logarithmic number of times.
 */
const grownBuffers = new WeakMap<FileNode, ArrayBufferLike>();

/** The node's content at `length`, its bytes before `from` untouched by whatever is written next. */
function resized(node: FileNode, length: number, from: number): Uint8Array {
  const content = node.content ?? new Uint8Array(0);
  const own = grownBuffers.get(node) === content.buffer;
  if (own && from >= content.length && content.byteOffset + length <= content.buffer.byteLength) {
    const view = new Uint8Array(content.buffer, content.byteOffset, length);
    view.fill(0, content.length); // a file grows with zeros; the buffer may hold an older, longer content
    return view;
  }
  const room = length > content.length ? Math.max(length, Math.min(content.length * 2, content.length + 64 * 1024 * 1024)) : length;
  const grown = new Uint8Array(room);
  grown.set(content.subarray(0, Math.min(content.length, length)));
  grownBuffers.set(node, grown.buffer);
  return grown.subarray(0, length);
}

/** Adds the methods of VfsExtra to `vfs` and makes its stats report modes and times; once per VirtualFS. */
export function extendVfs(vfs: VirtualFS): VirtualFS & VfsExtra {
  const target = vfs as unknown as VfsExtra & Internals & Record<string, unknown>;
  if (extended.has(vfs)) return vfs as VirtualFS & VfsExtra;
  extended.add(vfs);
  const fileAt = (path: string, syscall: string): FileNode => {
    const node = target.getNode(path);
    if (!node) throw nodeError('ENOENT', syscall, path);
    if (node.type !== 'file') throw nodeError('EISDIR', syscall, path);
    return node;
  };
  const changed = (path: string, node: FileNode) => {
    node.mtime = Date.now();
    target.notifyWatchers(target.normalizePath(path), 'change');
  };

  target.preadSync = (path, position, length) => {
    const content = fileAt(path, 'read').content ?? new Uint8Array(0);
    return content.slice(position, position + length);
  };
  target.pwriteSync = (path, data, position) => {
    const node = fileAt(path, 'write');
    const content = node.content ?? new Uint8Array(0);
    const at = position ?? content.length;
    // Bytes before `at` are kept; those from `at` on are written over, so in place only at or past the end.
    node.content = resized(node, Math.max(content.length, at + data.length), at);
    node.content.set(data, at);
    changed(path, node);
    return data.length;
  };
  target.resizeSync = (path, length) => {
    const node = fileAt(path, 'ftruncate');
    node.content = resized(node, length, length);
    changed(path, node);
  };
  target.setModeSync = (path, mode) => {
    const node = target.getNode(path);
    if (!node) throw nodeError('ENOENT', 'chmod', path);
    node.mode = mode & 0o7777;
  };
  target.setTimesSync = (path, atimeMs, mtimeMs) => {
    const node = target.getNode(path);
    if (!node) throw nodeError('ENOENT', 'utime', path);
    node.atime = atimeMs;
    node.mtime = mtimeMs;
  };

  // A rewrite replaces the file's node in VirtualFS: the new one keeps the mode and birth time of the old.
  const writeFileSync = vfs.writeFileSync.bind(vfs);
  target.writeFileSync = (path: string, data: string | Uint8Array) => {
    const before = target.getNode(path);
    writeFileSync(path, data);
    const after = target.getNode(path);
    if (after && before && after !== before) Object.assign(after, { mode: before.mode, birthtime: before.birthtime ?? before.mtime });
  };
  for (const name of ['statSync', 'lstatSync'] as const) {
    const original = (vfs[name] as unknown as (path: string) => StatsRecord).bind(vfs);
    target[name] = (path: string) => {
      const stats = original(path);
      const node = target.getNode(path);
      if (!node) return stats;
      const perm = node.mode ?? DEFAULT_MODE[node.type];
      const atime = node.atime ?? node.mtime;
      const birthtime = node.birthtime ?? node.mtime;
      return Object.assign(stats, {
        mode: (node.type === 'directory' ? S_IFDIR : S_IFREG) | perm,
        atimeMs: atime,
        atime: new Date(atime),
        mtimeMs: node.mtime,
        mtime: new Date(node.mtime),
        ctimeMs: node.mtime,
        ctime: new Date(node.mtime),
        birthtimeMs: birthtime,
        birthtime: new Date(birthtime),
      });
    };
  }
  return vfs as VirtualFS & VfsExtra;
}
