/**
 * File descriptors as Node's are: a descriptor is a position in a file that lives in the file system, so a
 * write through it is there at once for every other reader (another descriptor, `readFileSync`, the shell, the
 * IDE), and a read sees what others wrote. (almostnode's shim kept a private copy of the file per descriptor
 * and wrote it back on close.) The reads and writes go to the file system at a position (vfs-extra.ts), so a
 * stream writing a large file sends each chunk once.
 *
 * Also here: open's string flags with Node's errors (ENOENT for a missing folder, EEXIST for 'x', EISDIR for
 * writing a folder), the mode of a file it creates (under the process's umask), and the descriptor forms of
 * readFileSync/writeFileSync, which read and write from the descriptor's position as Node's do.
 */
import type { VirtualFS } from 'almostnode';
import { normalizePath } from '../paths';
import type { VfsExtra } from '../vfs-extra';
import { argValueError } from './validators';
import { systemError } from './system-errors';

type Fn = (...args: unknown[]) => unknown;

interface Descriptor {
  path: string;
  position: number;
  readable: boolean;
  writable: boolean;
  append: boolean;
  directory: boolean;
}

interface Flags {
  readable: boolean;
  writable: boolean;
  append: boolean;
  create: boolean;
  truncate: boolean;
  exclusive: boolean;
}

interface BytesCodec {
  from(text: string, encoding?: string): Uint8Array;
  from(buffer: ArrayBufferLike, offset: number, length: number): Uint8Array;
}

const FLAGS: Record<string, Flags> = {};
for (const [names, flags] of [
  ['r rs sr', { readable: true, writable: false, append: false, create: false, truncate: false, exclusive: false }],
  ['r+ rs+ sr+', { readable: true, writable: true, append: false, create: false, truncate: false, exclusive: false }],
  ['w', { readable: false, writable: true, append: false, create: true, truncate: true, exclusive: false }],
  ['wx xw', { readable: false, writable: true, append: false, create: true, truncate: true, exclusive: true }],
  ['w+', { readable: true, writable: true, append: false, create: true, truncate: true, exclusive: false }],
  ['wx+ xw+', { readable: true, writable: true, append: false, create: true, truncate: true, exclusive: true }],
  ['a as sa', { readable: false, writable: true, append: true, create: true, truncate: false, exclusive: false }],
  ['ax xa', { readable: false, writable: true, append: true, create: true, truncate: false, exclusive: true }],
  ['a+ as+ sa+', { readable: true, writable: true, append: true, create: true, truncate: false, exclusive: false }],
  ['ax+ xa+', { readable: true, writable: true, append: true, create: true, truncate: false, exclusive: true }],
] as const) {
  for (const name of names.split(' ')) FLAGS[name] = flags;
}

function flagsOf(value: unknown): Flags {
  const flags = FLAGS[value === undefined || value === null ? 'r' : String(value)];
  if (!flags) throw argValueError('flags', value);
  return flags;
}

/** A path argument (string, Buffer, file: URL) as an absolute path, relative ones from `cwd`. */
export function absolutePath(path: unknown, cwd: string): string {
  let text: string;
  if (path instanceof URL) text = decodeURIComponent(path.pathname);
  else if (path instanceof Uint8Array) text = new TextDecoder().decode(path);
  else text = String(path);
  return normalizePath(text.startsWith('/') ? text : `${cwd}/${text}`);
}

const parentOf = (path: string) => path.slice(0, path.lastIndexOf('/')) || '/';

interface DescriptorParts {
  vfs: VirtualFS & VfsExtra;
  cwd(): string;
  umask(): number;
  Buffer: BytesCodec;
}

/**
 * The bytes a write call writes, and where: `write(fd, string[, position[, encoding]])` or
 * `write(fd, view[, offset[, length[, position]]])`, as Node reads its arguments (`args` are those after `data`).
 */
export function writeRequest(
  data: unknown,
  args: readonly unknown[],
  fromText: (text: string, encoding: string) => Uint8Array,
): { bytes: Uint8Array; position: number | null | undefined } {
  const [offsetOrPosition, lengthOrEncoding, position] = args;
  if (typeof data === 'string') {
    return {
      bytes: fromText(data, typeof lengthOrEncoding === 'string' ? lengthOrEncoding : 'utf8'),
      position: typeof offsetOrPosition === 'number' ? offsetOrPosition : null,
    };
  }
  const view = data as ArrayBufferView;
  const all = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  const offset = typeof offsetOrPosition === 'number' ? offsetOrPosition : 0;
  const length = typeof lengthOrEncoding === 'number' ? lengthOrEncoding : all.length - offset;
  return { bytes: all.subarray(offset, offset + length), position: position as number | null | undefined };
}

/** Replaces the shim's descriptor calls on `fs` with ones over the file system itself. */
export function addDescriptors(fs: Record<string, unknown>, parts: DescriptorParts): void {
  const { vfs, Buffer } = parts;
  const table = new Map<number, Descriptor>();
  let next = 3;
  const descriptor = (fd: unknown, syscall: string): Descriptor => {
    const entry = table.get(fd as number);
    if (!entry) throw systemError('EBADF', syscall);
    return entry;
  };
  const bytesOf = (data: unknown, encoding?: unknown): Uint8Array => {
    if (typeof data === 'string') return Buffer.from(data, typeof encoding === 'string' ? encoding : 'utf8');
    const view = data as ArrayBufferView;
    return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  };

  const openSync = (pathLike: unknown, flagsValue?: unknown, mode?: unknown): number => {
    const flags = flagsOf(flagsValue);
    const path = absolutePath(pathLike, parts.cwd());
    const exists = vfs.existsSync(path);
    const directory = exists && vfs.statSync(path).isDirectory();
    if (exists && flags.exclusive) throw systemError('EEXIST', 'open', path);
    if (directory && flags.writable) throw systemError('EISDIR', 'open', path);
    if (!exists) {
      if (!flags.create) throw systemError('ENOENT', 'open', path);
      const parent = parentOf(path);
      if (!vfs.existsSync(parent)) throw systemError('ENOENT', 'open', path);
      if (!vfs.statSync(parent).isDirectory()) throw systemError('ENOTDIR', 'open', path);
      vfs.writeFileSync(path, new Uint8Array(0));
      const requested = typeof mode === 'number' ? mode : typeof mode === 'string' ? parseInt(mode, 8) : 0o666;
      vfs.setModeSync(path, requested & ~parts.umask() & 0o7777);
    } else if (flags.truncate && vfs.statSync(path).size > 0) vfs.resizeSync(path, 0);
    const fd = next++;
    table.set(fd, { path, position: 0, readable: flags.readable, writable: flags.writable, append: flags.append, directory });
    return fd;
  };
  const readSync = (fd: number, buffer: ArrayBufferView, offset = 0, length?: number, position?: number | null): number => {
    const entry = descriptor(fd, 'read');
    if (!entry.readable) throw systemError('EBADF', 'read');
    if (entry.directory) throw systemError('EISDIR', 'read');
    const target = bytesOf(buffer);
    const count = length ?? target.length - offset;
    const at = position ?? entry.position;
    const bytes = count > 0 ? vfs.preadSync(entry.path, at, count) : new Uint8Array(0);
    target.set(bytes, offset);
    if (position === null || position === undefined) entry.position += bytes.length;
    return bytes.length;
  };
  const writeBytes = (entry: Descriptor, bytes: Uint8Array, position: number | null | undefined): number => {
    if (!entry.writable) throw systemError('EBADF', 'write');
    // A negative position means the descriptor's own, as libuv takes it.
    if (typeof position === 'number' && position < 0) position = null;
    // With O_APPEND every write goes to the end, whatever position was asked for (as Linux does).
    const at = entry.append ? null : (position ?? entry.position);
    const written = vfs.pwriteSync(entry.path, bytes, at);
    if (entry.append) entry.position = vfs.statSync(entry.path).size;
    else if (position === null || position === undefined) entry.position += written;
    return written;
  };
  const writeSync = (fd: number, data: unknown, ...args: unknown[]): number => {
    const entry = descriptor(fd, 'write');
    const { bytes, position } = writeRequest(data, args, (text, encoding) => Buffer.from(text, encoding));
    return writeBytes(entry, bytes, position);
  };
  const closeSync = (fd: number) => {
    descriptor(fd, 'close');
    table.delete(fd);
  };
  const ftruncateSync = (fd: number, length = 0) => {
    const entry = descriptor(fd, 'ftruncate');
    if (!entry.writable) throw systemError('EINVAL', 'ftruncate');
    vfs.resizeSync(entry.path, Math.max(0, length));
  };
  const fstatSync = (fd: number) => vfs.statSync(descriptor(fd, 'fstat').path);
  const check = (syscall: string) => (fd: number) => void descriptor(fd, syscall);

  const shimReadFile = fs.readFileSync as Fn;
  const shimWriteFile = fs.writeFileSync as Fn;
  const encodingOf = (options: unknown): string | undefined =>
    typeof options === 'string' ? options : ((options as { encoding?: string } | null | undefined)?.encoding ?? undefined);
  // The descriptor forms read the rest of the file from the descriptor's position, and write at it.
  const readFileSync = (path: unknown, options?: unknown): unknown => {
    if (typeof path !== 'number') return shimReadFile(path, options);
    const entry = descriptor(path, 'read');
    const size = vfs.statSync(entry.path).size;
    const rest = Math.max(0, size - entry.position);
    const bytes = vfs.preadSync(entry.path, entry.position, rest);
    entry.position += bytes.length;
    const buffer = Buffer.from(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
    const encoding = encodingOf(options);
    return encoding && encoding !== 'buffer' ? (buffer as unknown as { toString(encoding: string): string }).toString(encoding) : buffer;
  };
  const writeFileSync = (path: unknown, data: unknown, options?: unknown): void => {
    const flag = (options as { flag?: unknown } | null | undefined)?.flag;
    if (typeof path !== 'number' && flag !== undefined && flag !== 'w') {
      // Another flag ('a' appends, 'wx' fails on an existing file): through a descriptor, as Node does.
      const fd = openSync(path, flag, (options as { mode?: unknown }).mode);
      try {
        writeBytes(descriptor(fd, 'write'), bytesOf(data, encodingOf(options)), null);
      } finally {
        closeSync(fd);
      }
      return;
    }
    if (typeof path !== 'number') {
      const target = absolutePath(path, parts.cwd());
      const created = !vfs.existsSync(target);
      shimWriteFile(path, typeof data === 'string' ? bytesOf(data, encodingOf(options)) : data);
      const mode = (options as { mode?: unknown } | undefined)?.mode;
      if (created && typeof mode === 'number') vfs.setModeSync(target, mode & ~parts.umask());
      return;
    }
    writeBytes(descriptor(path, 'write'), bytesOf(data, encodingOf(options)), null);
  };

  Object.assign(fs, {
    openSync,
    closeSync,
    readSync,
    writeSync,
    ftruncateSync,
    fstatSync,
    fsyncSync: check('fsync'),
    fdatasyncSync: check('fdatasync'),
    readFileSync,
    writeFileSync,
  });
  // Where a descriptor's file is: for fchmod/futimes and FileHandle.
  Object.defineProperty(fs, 'pathOfDescriptor', { value: (fd: number, syscall: string) => descriptor(fd, syscall).path, enumerable: false });
}
