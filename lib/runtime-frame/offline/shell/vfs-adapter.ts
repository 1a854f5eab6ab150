/**
 * just-bash's IFileSystem over the runtime's VirtualFS, so its coreutils (ls, cat, grep, …) see and change
 * the workspace. The VFS is synchronous and has no symlinks or permissions: links are refused, chmod is a
 * no-op, and every file reads as readable and writable.
 */
import type { VirtualFS } from 'almostnode';
import type { BufferEncoding, CpOptions, FileContent, FsStat, IFileSystem, MkdirOptions, RmOptions } from 'just-bash';
import { dirname, joinPath, resolvePath, normalizePath } from '../paths';

type DirentEntry = { name: string; isFile: boolean; isDirectory: boolean; isSymbolicLink: boolean };

function fsError(code: 'ENOENT' | 'EISDIR' | 'ENOTSUP', action: string, path: string): Error {
  const text = { ENOENT: 'no such file or directory', EISDIR: 'illegal operation on a directory', ENOTSUP: 'operation not supported' };
  return Object.assign(new Error(`${code}: ${text[code]}, ${action} '${path}'`), { code });
}

const decode = (bytes: Uint8Array, encoding?: BufferEncoding | null): string => {
  if (encoding === 'binary' || encoding === 'latin1') return Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
  return new TextDecoder().decode(bytes);
};

const toBytes = (content: FileContent): Uint8Array => (typeof content === 'string' ? new TextEncoder().encode(content) : content);

export class VirtualFsAdapter implements IFileSystem {
  constructor(private readonly vfs: VirtualFS) {}

  private existing(path: string, action: string): string {
    const target = normalizePath(path);
    if (!this.vfs.existsSync(target)) throw fsError('ENOENT', action, path);
    return target;
  }

  async readFile(path: string, options?: { encoding?: BufferEncoding | null } | BufferEncoding): Promise<string> {
    const encoding = typeof options === 'string' ? options : options?.encoding;
    return decode(await this.readFileBuffer(path), encoding);
  }

  async readFileBuffer(path: string): Promise<Uint8Array> {
    const target = this.existing(path, 'open');
    if (this.vfs.statSync(target).isDirectory()) throw fsError('EISDIR', 'read', path);
    return this.vfs.readFileSync(target);
  }

  async writeFile(path: string, content: FileContent): Promise<void> {
    const target = normalizePath(path);
    if (!this.vfs.existsSync(dirname(target))) throw fsError('ENOENT', 'open', path);
    this.vfs.writeFileSync(target, content);
  }

  async appendFile(path: string, content: FileContent): Promise<void> {
    const target = normalizePath(path);
    if (!this.vfs.existsSync(target)) return this.writeFile(path, content);
    const before = this.vfs.readFileSync(target);
    const added = toBytes(content);
    const joined = new Uint8Array(before.length + added.length);
    joined.set(before);
    joined.set(added, before.length);
    this.vfs.writeFileSync(target, joined);
  }

  async exists(path: string): Promise<boolean> {
    return this.vfs.existsSync(normalizePath(path));
  }

  async stat(path: string): Promise<FsStat> {
    const stats = this.vfs.statSync(this.existing(path, 'stat'));
    const isDirectory = stats.isDirectory();
    return {
      isFile: stats.isFile(),
      isDirectory,
      isSymbolicLink: false,
      mode: isDirectory ? 0o755 : 0o644,
      size: stats.size,
      mtime: stats.mtime,
    };
  }

  lstat(path: string): Promise<FsStat> {
    return this.stat(path);
  }

  async mkdir(path: string, options?: MkdirOptions): Promise<void> {
    const target = normalizePath(path);
    if (this.vfs.existsSync(target)) {
      if (options?.recursive) return;
      throw Object.assign(new Error(`EEXIST: file already exists, mkdir '${path}'`), { code: 'EEXIST' });
    }
    this.vfs.mkdirSync(target, { recursive: options?.recursive ?? false });
  }

  async readdir(path: string): Promise<string[]> {
    return this.vfs.readdirSync(this.existing(path, 'scandir'));
  }

  async readdirWithFileTypes(path: string): Promise<DirentEntry[]> {
    const dir = this.existing(path, 'scandir');
    return this.vfs.readdirSync(dir).map((name) => {
      const isDirectory = this.vfs.statSync(joinPath(dir, name)).isDirectory();
      return { name, isFile: !isDirectory, isDirectory, isSymbolicLink: false };
    });
  }

  async rm(path: string, options?: RmOptions): Promise<void> {
    const target = normalizePath(path);
    if (!this.vfs.existsSync(target)) {
      if (options?.force) return;
      throw fsError('ENOENT', 'rm', path);
    }
    if (!this.vfs.statSync(target).isDirectory()) return this.vfs.unlinkSync(target);
    if (!options?.recursive && this.vfs.readdirSync(target).length > 0) {
      throw Object.assign(new Error(`ENOTEMPTY: directory not empty, rm '${path}'`), { code: 'ENOTEMPTY' });
    }
    for (const name of this.vfs.readdirSync(target)) await this.rm(joinPath(target, name), { recursive: true });
    if (target !== '/') this.vfs.rmdirSync(target);
  }

  async cp(src: string, dest: string, options?: CpOptions): Promise<void> {
    const from = this.existing(src, 'cp');
    const to = normalizePath(dest);
    if (!this.vfs.statSync(from).isDirectory()) return this.vfs.writeFileSync(to, this.vfs.readFileSync(from));
    if (!options?.recursive) throw fsError('EISDIR', 'cp', src);
    this.vfs.mkdirSync(to, { recursive: true });
    for (const name of this.vfs.readdirSync(from)) await this.cp(joinPath(from, name), joinPath(to, name), options);
  }

  async mv(src: string, dest: string): Promise<void> {
    this.vfs.renameSync(this.existing(src, 'rename'), normalizePath(dest));
  }

  resolvePath(base: string, path: string): string {
    return resolvePath(base, path);
  }

  getAllPaths(): string[] {
    // Used for glob matching over the whole tree; node_modules would make that slow, and globs rarely mean it.
    const paths: string[] = [];
    const walk = (dir: string) => {
      for (const name of this.vfs.readdirSync(dir)) {
        const child = joinPath(dir, name);
        paths.push(child);
        if (name !== 'node_modules' && this.vfs.statSync(child).isDirectory()) walk(child);
      }
    };
    walk('/');
    return paths;
  }

  async chmod(path: string): Promise<void> {
    this.existing(path, 'chmod');
  }

  async symlink(_target: string, linkPath: string): Promise<void> {
    throw fsError('ENOTSUP', 'symlink', linkPath);
  }

  async link(_existing: string, newPath: string): Promise<void> {
    throw fsError('ENOTSUP', 'link', newPath);
  }

  async readlink(path: string): Promise<string> {
    throw Object.assign(new Error(`EINVAL: invalid argument, readlink '${path}'`), { code: 'EINVAL' });
  }

  async realpath(path: string): Promise<string> {
    return this.existing(path, 'realpath');
  }

  async utimes(path: string): Promise<void> {
    this.existing(path, 'utime');
  }
}
