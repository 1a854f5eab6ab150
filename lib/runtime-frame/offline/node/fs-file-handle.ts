/**
 * fs.promises' FileHandle as Node's: an EventEmitter (it emits 'close') over one descriptor, whose methods go
 * through the process's own `fs` calls looked up at each call (so Node's argument checks apply, and a write
 * is in the file at once), reading and writing at the descriptor's position when none is given, and whose
 * `createReadStream`/`createWriteStream` give file streams that read and write through the handle's own
 * methods. Once closed, its `fd` is -1 and every call rejects with EBADF, as Node's does.
 */
import { systemError } from './system-errors';

type Fn = (...args: unknown[]) => unknown;
type Callback = (error?: Error | null, ...rest: unknown[]) => void;

interface Emitter {
  emit(event: string, ...args: unknown[]): boolean;
}

const ASYNC_DISPOSE: symbol = (Symbol as unknown as { asyncDispose?: symbol }).asyncDispose ?? Symbol.for('nodejs.asyncDispose');
const kFd = Symbol('kFd');
const kClosing = Symbol('kClosing');

interface HandleLike {
  fd: number;
  read(buffer: Uint8Array, offset: number, length: number, position: number | null | undefined): Promise<{ bytesRead: number }>;
  write(buffer: Uint8Array, offset: number, length: number, position: number | null | undefined): Promise<{ bytesWritten: number }>;
  writev?(buffers: Uint8Array[], position: number | null | undefined): Promise<{ bytesWritten: number }>;
  close(): Promise<void>;
  sync(): Promise<void>;
}

/** A FileHandle given as a stream's `fd`: the object, or null for a descriptor number. */
export function fileHandleOf(fd: unknown): HandleLike | null {
  return typeof fd === 'object' && fd !== null && typeof (fd as HandleLike).fd === 'number' && typeof (fd as HandleLike).close === 'function'
    ? (fd as HandleLike)
    : null;
}

/** The operations a file stream needs, done through a FileHandle's methods (as Node's streams do for one). */
export function handleOperations(handle: HandleLike): Record<string, (...args: never[]) => void> {
  const settle = <T>(work: Promise<T>, callback: Callback, pick: (value: T) => unknown[]) =>
    void work.then(
      (value) => callback(null, ...pick(value)),
      (error: Error) => callback(error),
    );
  return {
    open: (_path: unknown, _flags: unknown, _mode: unknown, callback: Callback) => callback(null, handle.fd),
    read: (_fd: number, buffer: Uint8Array, offset: number, length: number, position: number | null | undefined, callback: Callback) =>
      settle(handle.read(buffer, offset, length, position), callback, (result) => [result.bytesRead]),
    write: (_fd: number, buffer: Uint8Array, offset: number, length: number, position: number | null | undefined, callback: Callback) =>
      settle(handle.write(buffer, offset, length, position), callback, (result) => [result.bytesWritten]),
    close: (_fd: number, callback: Callback) => settle(handle.close(), callback, () => []),
    fsync: (_fd: number, callback: Callback) => settle(handle.sync(), callback, () => []),
  };
}

/** The FileHandle class for `fs`, and `fs.promises.open` making one. */
export function addFileHandle(fs: Record<string, unknown>, EventEmitter: new () => Emitter, Buffer: { alloc(size: number): Uint8Array }): void {
  const call = (name: string, ...args: unknown[]) => (fs[name] as Fn)(...args);

  class FileHandle extends EventEmitter {
    [kFd]: number;
    [kClosing]: Promise<void> | undefined;
    constructor(fd: number) {
      super();
      this[kFd] = fd;
    }
    get fd(): number {
      return this[kFd];
    }
    /** The descriptor, or EBADF for a closed handle (the error Node's calls give for fd -1). */
    private open(syscall: string): number {
      if (this[kFd] < 0) throw systemError('EBADF', syscall);
      return this[kFd];
    }
    async read(bufferOrOptions?: unknown, offsetOrOptions?: unknown, length?: number, position?: number | null) {
      let buffer = bufferOrOptions as Uint8Array | undefined;
      let offset = offsetOrOptions as number | undefined;
      let options: { buffer?: Uint8Array; offset?: number; length?: number; position?: number | null } | undefined;
      if (!(bufferOrOptions instanceof Uint8Array) && !ArrayBuffer.isView(bufferOrOptions)) options = (bufferOrOptions ?? {}) as typeof options;
      else if (typeof offsetOrOptions === 'object' && offsetOrOptions !== null) options = offsetOrOptions as typeof options;
      if (options) {
        buffer = options.buffer ?? buffer ?? Buffer.alloc(16384);
        ({ offset, length, position } = options);
      }
      const target = buffer as Uint8Array;
      offset ??= 0;
      length ??= target.byteLength - offset;
      const bytesRead = length === 0 ? 0 : (call('readSync', this.open('read'), target, offset, length, position ?? null) as number);
      return { bytesRead, buffer: target };
    }
    async write(data: unknown, ...args: unknown[]) {
      const bytesWritten = call('writeSync', this.open('write'), data, ...args) as number;
      return { bytesWritten, buffer: data };
    }
    async readFile(options?: unknown) {
      return call('readFileSync', this.open('read'), options);
    }
    async writeFile(data: unknown, options?: unknown) {
      call('writeFileSync', this.open('write'), data, options);
    }
    async appendFile(data: unknown, options?: unknown) {
      call('writeFileSync', this.open('write'), data, options);
    }
    async stat(options?: unknown) {
      return call('fstatSync', this.open('fstat'), options);
    }
    async truncate(length = 0) {
      call('ftruncateSync', this.open('ftruncate'), length);
    }
    async sync() {
      call('fsyncSync', this.open('fsync'));
    }
    async datasync() {
      call('fdatasyncSync', this.open('fdatasync'));
    }
    async chmod(mode: unknown) {
      call('fchmodSync', this.open('fchmod'), mode);
    }
    async chown(uid: unknown, gid: unknown) {
      call('fchownSync', this.open('fchown'), uid, gid);
    }
    async utimes(atime: unknown, mtime: unknown) {
      call('futimesSync', this.open('futime'), atime, mtime);
    }
    close(): Promise<void> {
      if (this[kFd] < 0) return this[kClosing] ?? Promise.resolve();
      const fd = this[kFd];
      this[kFd] = -1;
      this[kClosing] = new Promise<void>((resolve) => resolve(call('closeSync', fd) as undefined)).then(() => void this.emit('close'));
      return this[kClosing];
    }
    createReadStream(options?: Record<string, unknown>) {
      return call('createReadStream', undefined, { ...options, fd: this });
    }
    createWriteStream(options?: Record<string, unknown>) {
      return call('createWriteStream', undefined, { ...options, fd: this });
    }
    async [ASYNC_DISPOSE]() {
      await this.close();
    }
  }

  const promises = fs.promises as Record<string, unknown>;
  promises.open = (path: unknown, flags: unknown = 'r', mode?: unknown) =>
    new Promise((resolve) => resolve(new FileHandle(call('openSync', path, flags ?? 'r', mode) as number)));
  fs.FileHandle = FileHandle;
}
