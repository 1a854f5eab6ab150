/**
 * The parts of Node's `fs` made from the calls the runtime already has: vectored reads and writes (`readv`,
 * `writev` and their FileHandle methods), `truncate` given a descriptor (deprecated in Node, which warns and
 * truncates it), and `watchFile`/`unwatchFile`, which poll the file's stats as Node's do.
 */
import { afterIo } from './after-io';

type Fn = (...args: unknown[]) => unknown;
type Fs = Record<string, unknown>;

interface StatsLike {
  mtimeMs: number;
  size: number;
}

interface Emitter {
  emit(event: string, ...args: unknown[]): boolean;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  removeListener(event: string, listener: (...args: unknown[]) => void): unknown;
  listenerCount(event: string): number;
}

interface VectorFs {
  readSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: number | null): number;
  writeSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: number | null): number;
  ftruncateSync(fd: number, length?: number): void;
  statSync(path: unknown, options?: unknown): StatsLike;
}

const later = afterIo;

function vector(sync: VectorFs, kind: 'read' | 'write', fd: number, buffers: Uint8Array[], position?: number | null): number {
  let total = 0;
  let at = typeof position === 'number' ? position : null;
  for (const buffer of buffers) {
    const done = kind === 'read' ? sync.readSync(fd, buffer, 0, buffer.byteLength, at) : sync.writeSync(fd, buffer, 0, buffer.byteLength, at);
    total += done;
    if (at !== null) at += done;
    if (done < buffer.byteLength) break;
  }
  return total;
}

export function addFsVectors(fs: Fs, EventEmitter: new () => Emitter, warn: (message: string, type: string, code: string) => void): void {
  const sync = fs as unknown as VectorFs;
  fs.readvSync = (fd: number, buffers: Uint8Array[], position?: number | null) => vector(sync, 'read', fd, buffers, position);
  fs.writevSync = (fd: number, buffers: Uint8Array[], position?: number | null) => vector(sync, 'write', fd, buffers, position);
  for (const kind of ['read', 'write'] as const) {
    fs[`${kind}v`] = (fd: number, buffers: Uint8Array[], ...rest: unknown[]) => {
      const callback = rest.pop() as (error: unknown, bytes?: number, buffers?: Uint8Array[]) => void;
      const position = rest[0] as number | null | undefined;
      try {
        const bytes = vector(sync, kind, fd, buffers, position);
        later(() => callback(null, bytes, buffers));
      } catch (error) {
        later(() => callback(error));
      }
    };
  }
  const FileHandle = fs.FileHandle as { prototype: Record<string, unknown> } | undefined;
  if (FileHandle) {
    FileHandle.prototype.readv = async function (this: { fd: number }, buffers: Uint8Array[], position?: number | null) {
      return { bytesRead: vector(sync, 'read', this.fd, buffers, position), buffers };
    };
    FileHandle.prototype.writev = async function (this: { fd: number }, buffers: Uint8Array[], position?: number | null) {
      return { bytesWritten: vector(sync, 'write', this.fd, buffers, position), buffers };
    };
  }

  const truncate = fs.truncate as Fn;
  const truncateSync = fs.truncateSync as Fn;
  const fdWarning = () =>
    warn('Using fs.truncate with a file descriptor is deprecated. Please use fs.ftruncate with a file descriptor instead.', 'DeprecationWarning', 'DEP0081');
  fs.truncateSync = (path: unknown, length?: number) =>
    typeof path === 'number' ? (fdWarning(), sync.ftruncateSync(path, length)) : truncateSync(path, length);
  fs.truncate = (path: unknown, ...rest: unknown[]) => {
    if (typeof path !== 'number') return truncate(path, ...rest);
    fdWarning();
    return (fs.ftruncate as Fn)(path, ...rest);
  };

  // watchFile: one poller per file, shared by its listeners, as in Node.
  const watchers = new Map<string, Emitter & { stop(): void }>();
  fs.watchFile = (filename: unknown, ...rest: unknown[]) => {
    const listener = rest.pop() as (current: unknown, previous: unknown) => void;
    const options = (rest[0] ?? {}) as { interval?: number; persistent?: boolean };
    const key = String(filename);
    let watcher = watchers.get(key);
    if (!watcher) {
      const read = () => {
        try {
          return sync.statSync(filename);
        } catch {
          return { mtimeMs: 0, size: 0 } as StatsLike;
        }
      };
      let previous = read();
      const created: Emitter & { stop(): void } = Object.assign(new EventEmitter(), {
        stop() {
          clearInterval(timer);
          watchers.delete(key);
          later(() => created.emit('stop'));
        },
        ref: () => (timer as { ref?(): unknown }).ref?.(),
        unref: () => (timer as { unref?(): unknown }).unref?.(),
      });
      const timer = setInterval(() => {
        const current = read();
        if (current.mtimeMs !== previous.mtimeMs || current.size !== previous.size) created.emit('change', current, previous);
        previous = current;
      }, options.interval ?? 5007);
      if (options.persistent === false) (timer as { unref?(): unknown }).unref?.();
      watcher = created;
      watchers.set(key, watcher);
    }
    watcher.on('change', listener as never);
    return watcher;
  };
  fs.unwatchFile = (filename: unknown, listener?: (...args: unknown[]) => void) => {
    const watcher = watchers.get(String(filename));
    if (!watcher) return;
    if (listener) watcher.removeListener('change', listener);
    if (!listener || watcher.listenerCount('change') === 0) watcher.stop();
  };
}
