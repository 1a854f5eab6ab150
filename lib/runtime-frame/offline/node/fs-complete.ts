/**
 * Completes almostnode's `fs` shim to Node 22's surface. The shim has the synchronous calls, but only six of
 * the callback ones and a `promises` object whose rename/rmdir/access/realpath/copyFile ignore the process's
 * cwd. Here every callback and promise form is made from the synchronous call, so all three agree; and what
 * the shim lacks is added: cp, opendir/Dir, readdir's `recursive` and `parentPath`, appendFile, truncate,
 * readlink, exists. The file system has no links or owners: chown succeeds without effect (there is one user),
 * chmod/utimes too where nothing set them up (fs-modes.ts keeps modes and times), readlink answers EINVAL as Node does for a
 * path that is no link, and symlink/link throw Node's error for a feature the platform lacks.
 */
import { OPEN_CONSTANTS, openWithNumericFlags } from './fs-open-flags';
import { unavailable } from './node-errors';
import { systemError } from './system-errors';
import { afterIo } from './after-io';

type Fs = Record<string, unknown>;
type Fn = (...args: unknown[]) => unknown;

interface DirentLike {
  name: string;
  isDirectory(): boolean;
  parentPath?: string;
  path?: string;
}

interface SyncFs {
  existsSync(path: unknown): boolean;
  statSync(path: unknown): { isDirectory(): boolean; isFile(): boolean };
  readdirSync(path: unknown, options?: unknown): (string | DirentLike)[];
  mkdirSync(path: unknown, options?: unknown): void;
  readFileSync(path: unknown, options?: unknown): Uint8Array | string;
  writeFileSync(path: unknown, data: unknown, options?: unknown): void;
  copyFileSync(src: unknown, dest: unknown): void;
  openSync(path: unknown, flags?: unknown, mode?: unknown): number;
  closeSync(fd: number): void;
  fstatSync(fd: number): unknown;
  readSync(fd: number, ...args: unknown[]): number;
  writeSync(fd: number, ...args: unknown[]): number;
  ftruncateSync(fd: number, length?: number): void;
}

const join = (dir: string, name: string) => (dir.endsWith('/') ? dir + name : `${dir}/${name}`);

/** Sync calls whose callback and promise forms take the same arguments and give the one result. */
const PLAIN = [
  'access',
  'appendFile',
  'chmod',
  'chown',
  'close',
  'copyFile',
  'cp',
  'fchmod',
  'fchown',
  'fdatasync',
  'fstat',
  'fsync',
  'ftruncate',
  'futimes',
  'lchown',
  'link',
  'lstat',
  'lutimes',
  'mkdir',
  'mkdtemp',
  'open',
  'opendir',
  'readdir',
  'readFile',
  'readlink',
  'realpath',
  'rename',
  'rm',
  'rmdir',
  'stat',
  'statfs',
  'symlink',
  'truncate',
  'unlink',
  'utimes',
  'writeFile',
];

const later = afterIo;

/** The program's Buffer class: what Node's fs gives for file contents read without an encoding. */
interface BytesToBuffer {
  from(buffer: ArrayBufferLike, offset: number, length: number): Uint8Array;
}

export function completeFs(fs: Fs, Buffer: BytesToBuffer): void {
  const sync = fs as unknown as SyncFs & Record<string, Fn>;
  // Numeric open flags (and the O_* constants that make them) for programs that open files the POSIX way.
  fs.constants = { ...(fs.constants as object), ...OPEN_CONSTANTS };
  fs.openSync = openWithNumericFlags(sync, (sync.openSync as Fn).bind(fs) as SyncFs['openSync']);
  const orig = {
    readdirSync: sync.readdirSync.bind(fs),
    mkdirSync: sync.mkdirSync.bind(fs),
    rmSync: (fs.rmSync as Fn).bind(fs),
    existsSync: sync.existsSync.bind(fs),
  };

  // ---- synchronous calls the shim lacks or gets wrong ---------------------------------------------------
  const readdirSync = (path: unknown, options?: unknown): unknown[] => {
    const opts = (typeof options === 'string' ? { encoding: options } : (options ?? {})) as { recursive?: boolean; withFileTypes?: boolean };
    if (!opts.recursive && !opts.withFileTypes) return orig.readdirSync(path, options);
    const root = String(path);
    const list = (dir: string, prefix: string): unknown[] => {
      const entries = orig.readdirSync(dir, { withFileTypes: true }) as DirentLike[];
      return entries.flatMap((entry) => {
        const parentPath = prefix ? join(root, prefix) : root;
        Object.assign(entry, { parentPath, path: parentPath });
        const shown = opts.withFileTypes ? entry : prefix ? join(prefix, entry.name) : entry.name;
        const below = opts.recursive && entry.isDirectory() ? list(join(dir, entry.name), prefix ? join(prefix, entry.name) : entry.name) : [];
        return [shown, ...below];
      });
    };
    return list(root, '');
  };
  const mkdirSync = (path: unknown, options?: unknown): string | undefined => {
    const recursive = typeof options === 'object' && options !== null && (options as { recursive?: boolean }).recursive;
    if (!recursive) return void orig.mkdirSync(path, options);
    // Node answers a recursive mkdir with the first folder it had to make.
    const parts = String(path).split('/');
    let first: string | undefined;
    for (let i = 1; i <= parts.length && first === undefined; i++) {
      const prefix = parts.slice(0, i).join('/');
      if (prefix && !sync.existsSync(prefix)) first = prefix;
    }
    orig.mkdirSync(path, options);
    return first;
  };
  const cpSync = (
    src: unknown,
    dest: unknown,
    options: { recursive?: boolean; force?: boolean; errorOnExist?: boolean; filter?: (s: string, d: string) => boolean } = {},
  ) => {
    const from = String(src);
    const to = String(dest);
    if (options.filter && !options.filter(from, to)) return;
    if (sync.statSync(from).isDirectory()) {
      if (!options.recursive) {
        throw Object.assign(new Error(`Recursive option is required to copy a directory: cp returned EISDIR (${from} is a directory (not copied)) ${from}`), {
          code: 'ERR_FS_EISDIR',
          syscall: 'cp',
          path: from,
        });
      }
      sync.mkdirSync(to, { recursive: true });
      for (const name of orig.readdirSync(from) as string[]) cpSync(join(from, name), join(to, name), options);
      return;
    }
    if (sync.existsSync(to)) {
      if (options.errorOnExist && options.force === false) throw Object.assign(systemError('EEXIST', 'cp', to), { code: 'ERR_FS_CP_EEXIST' });
      if (options.force === false) return;
    }
    sync.copyFileSync(from, to);
  };
  const opendirSync = (path: unknown) => new Dir(String(path), readdirSync(path, { withFileTypes: true }) as DirentLike[]);
  const appendFileSync = (path: unknown, data: unknown) => {
    if (typeof path === 'number') return void sync.writeSync(path, data);
    const before = sync.existsSync(path) ? (sync.readFileSync(path) as Uint8Array) : new Uint8Array(0);
    const added = typeof data === 'string' ? new TextEncoder().encode(data) : (data as Uint8Array);
    const whole = new Uint8Array(before.length + added.length);
    whole.set(before);
    whole.set(added, before.length);
    sync.writeFileSync(path, whole);
  };
  const truncateSync = (path: unknown, length = 0) => {
    const before = sync.readFileSync(path) as Uint8Array;
    const after = new Uint8Array(length);
    after.set(before.subarray(0, length));
    sync.writeFileSync(path, after);
  };
  const readlinkSync = (path: unknown) => {
    sync.statSync(path); // ENOENT for a missing path, as Node
    throw systemError('EINVAL', 'readlink', String(path));
  };
  const shimReadFileSync = sync.readFileSync.bind(fs);
  // The shim answers with a bare Uint8Array; Node with a Buffer (streams, `Buffer.isBuffer` and
  // `instanceof Buffer` tell them apart: `Readable.from` of a Uint8Array yields its bytes one by one).
  const readFileSync = (path: unknown, options?: unknown): Uint8Array | string => {
    const data: unknown = shimReadFileSync(path, options);
    if (typeof data === 'string' || data instanceof (Buffer as unknown as new () => Uint8Array)) return data as string | Uint8Array;
    const bytes = data as Uint8Array;
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };
  const shimReadSync = sync.readSync.bind(fs);
  // Node reads at the file's own position (and moves it) when `position` is null, undefined or -1, and takes
  // an options object in place of offset, length and position; the shim knows only a null position (an
  // undefined one read nothing, so a file stream without `start` was empty).
  const readSync = (fd: number, buffer: Uint8Array, offsetOrOptions?: unknown, length?: number, position?: unknown): number => {
    let offset = offsetOrOptions as number | undefined;
    if (typeof offsetOrOptions === 'object' && offsetOrOptions !== null) {
      ({ offset, length, position } = offsetOrOptions as { offset?: number; length?: number; position?: unknown });
    }
    offset ??= 0;
    length ??= buffer.byteLength - offset;
    const current = position === undefined || position === null || position === -1 || position === -1n;
    return shimReadSync(fd, buffer, offset, length, current ? null : Number(position));
  };
  const noEffect = () => undefined;
  Object.assign(fs, {
    readFileSync,
    readSync,
    readdirSync,
    mkdirSync,
    rmSync: (path: unknown, options?: unknown) => void orig.rmSync(path, options),
    cpSync,
    opendirSync,
    appendFileSync,
    truncateSync,
    readlinkSync,
    existsSync: (path: unknown) => {
      try {
        return orig.existsSync(path);
      } catch {
        return false;
      }
    },
    // Owners cannot change here (one user); modes and times are set by fs-modes.ts where it has run.
    chownSync: noEffect,
    fchownSync: noEffect,
    lchownSync: noEffect,
    ...Object.fromEntries(['chmodSync', 'fchmodSync', 'utimesSync', 'futimesSync', 'lutimesSync'].map((name) => [name, fs[name] ?? noEffect])),
    symlinkSync: () => {
      throw unavailable('fs.symlink (this file system has no links)');
    },
    linkSync: () => {
      throw unavailable('fs.link (this file system has no links)');
    },
  });

  // ---- callback forms -----------------------------------------------------------------------------------
  const callbackOf = (args: unknown[]) => {
    const callback = args.pop();
    if (typeof callback !== 'function') {
      throw Object.assign(new TypeError(`The "cb" argument must be of type function. Received ${callback === undefined ? 'undefined' : typeof callback}`), {
        code: 'ERR_INVALID_ARG_TYPE',
      });
    }
    return callback as (...results: unknown[]) => void;
  };
  for (const name of PLAIN) {
    // Looked up at each call: a later module that completes a synchronous call completes all three forms.
    const call = (...args: unknown[]) => (fs[`${name}Sync`] as Fn)(...args);
    fs[name] = (...args: unknown[]) => {
      const callback = callbackOf(args);
      let result: unknown;
      try {
        result = call(...args);
      } catch (error) {
        later(() => callback(error));
        return;
      }
      // A call with no result answers with the error argument alone, as Node's do.
      later(() => (result === undefined ? callback(null) : callback(null, result)));
    };
  }
  (fs.realpath as Record<string, unknown>).native = fs.realpath;
  fs.exists = (path: unknown, callback: (exists: boolean) => void) => later(() => callback(sync.existsSync(path)));
  const PROMISIFY_CUSTOM = Symbol.for('nodejs.util.promisify.custom');
  for (const name of ['read', 'write'] as const) {
    const call = fs[`${name}Sync`] as Fn;
    fs[name] = (fd: number, buffer: unknown, ...args: unknown[]) => {
      const callback = callbackOf(args);
      // fs.read(fd, options, callback) and fs.read(fd, callback): Node's default buffer is 16 KiB.
      if (name === 'read' && !(buffer instanceof Uint8Array)) {
        const options = (typeof buffer === 'object' && buffer !== null ? buffer : {}) as { buffer?: Uint8Array };
        buffer = options.buffer ?? (Buffer as unknown as { alloc(size: number): Uint8Array }).alloc(16384);
        args = [options];
      }
      try {
        const bytes = call(fd, buffer, ...args);
        later(() => callback(null, bytes, buffer));
      } catch (error) {
        later(() => callback(error));
      }
    };
    // util.promisify(fs.read / fs.write) resolves with both results, as Node's does.
    const bytesKey = name === 'read' ? 'bytesRead' : 'bytesWritten';
    Object.assign(fs[name] as object, {
      [PROMISIFY_CUSTOM]: (...args: unknown[]) =>
        new Promise((resolve, reject) =>
          (fs[name] as Fn)(...args, (error: unknown, bytes: number, buffer: unknown) => (error ? reject(error) : resolve({ [bytesKey]: bytes, buffer }))),
        ),
    });
  }
  const existsPromise = (path: unknown) => new Promise((resolve) => (fs.exists as Fn)(path, resolve));
  // util.promisify(fs.exists) is this function, named as Node names it.
  Object.defineProperty(existsPromise, 'name', { value: 'exists' });
  Object.assign(fs.exists as object, { [PROMISIFY_CUSTOM]: existsPromise });

  // ---- promises -----------------------------------------------------------------------------------------
  const promises: Fs = { constants: fs.constants };
  for (const name of PLAIN) {
    // Looked up at each call: a later module that completes a synchronous call completes all three forms.
    const call = (...args: unknown[]) => (fs[`${name}Sync`] as Fn)(...args);
    promises[name] = (...args: unknown[]) => new Promise((resolve) => resolve(call(...args)));
  }
  promises.opendir = (path: unknown) => new Promise((resolve) => resolve(opendirSync(path)));
  promises.watch = () => {
    throw unavailable('fs.promises.watch');
  };
  fs.promises = promises;
  Object.assign(fs, { Dir });
}

class Dir {
  #at = 0;
  #closed = false;
  constructor(
    readonly path: string,
    private readonly entries: DirentLike[],
  ) {}
  readSync(): DirentLike | null {
    if (this.#closed) throw Object.assign(new Error('Directory handle was closed'), { code: 'ERR_DIR_CLOSED' });
    return this.entries[this.#at++] ?? null;
  }
  read(callback?: (error: Error | null, entry?: DirentLike | null) => void): Promise<DirentLike | null> | undefined {
    const result = new Promise<DirentLike | null>((resolve) => resolve(this.readSync()));
    if (!callback) return result;
    result.then((entry) => callback(null, entry), callback);
    return undefined;
  }
  closeSync(): void {
    this.#closed = true;
  }
  close(callback?: (error: Error | null) => void): Promise<void> | undefined {
    this.closeSync();
    if (!callback) return Promise.resolve();
    later(() => callback(null));
    return undefined;
  }
  async *entriesIterator(): AsyncGenerator<DirentLike> {
    for (let entry = this.readSync(); entry; entry = this.readSync()) yield entry;
    this.closeSync();
  }
  [Symbol.asyncIterator]() {
    return this.entriesIterator();
  }
}
