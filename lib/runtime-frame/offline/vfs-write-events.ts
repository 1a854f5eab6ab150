/**
 * VirtualFS announces every write with a "change" event that carries the file as text: it decodes each file it
 * is given as bytes, for listeners that mirror the files into workers of almostnode's own (a mode this runtime
 * does not use). An `npm install` writes every file of every package as bytes, so the frame's thread spent
 * seconds decoding text nobody read. Here the event carries the data as it was written, text or bytes, and the
 * only listener the runtime has (the dev server, which reads a changed file itself) takes just the path.
 */
import type { VirtualFS } from 'almostnode';

interface WriteInternals {
  existsSync(path: string): boolean;
  mkdirSync(path: string, options?: { recursive?: boolean }): void;
  rmdirSync(path: string): void;
  getNode(path: string): unknown;
  normalizePath(path: string): string;
  notifyWatchers(path: string, eventType: 'change' | 'rename'): void;
  emit(event: 'change', path: string, data: string | Uint8Array): void;
  writeFileSyncInternal(path: string, data: string | Uint8Array, emitEvent: boolean): void;
}

const patched = new WeakSet<VirtualFS>();

/** Once per VirtualFS: writes notify watchers and listeners exactly as before, without decoding the data. */
export function announceWritesWithoutDecoding(vfs: VirtualFS): void {
  if (patched.has(vfs)) return;
  patched.add(vfs);
  const target = vfs as unknown as WriteInternals;
  const write = target.writeFileSyncInternal.bind(vfs);
  target.writeFileSyncInternal = (path, data, emitEvent) => {
    const normalized = target.normalizePath(path);
    const existed = target.getNode(normalized) !== undefined;
    write(path, data, false);
    if (!emitEvent) return;
    target.notifyWatchers(normalized, existed ? 'change' : 'rename');
    target.emit('change', normalized, data);
  };
}

const foldersPatched = new WeakSet<VirtualFS>();

/**
 * Once per VirtualFS: creating or removing a folder reports a "rename" to watchers, as Node's fs.watch does.
 * VirtualFS reports files only, so the IDE kept showing a folder `rm -rf` had removed, and never saw an
 * empty one `mkdir` made.
 */
export function announceFolderChanges(vfs: VirtualFS): void {
  if (foldersPatched.has(vfs)) return;
  foldersPatched.add(vfs);
  const target = vfs as unknown as WriteInternals;
  const mkdir = target.mkdirSync.bind(vfs);
  const rmdir = target.rmdirSync.bind(vfs);
  target.mkdirSync = (path, options) => {
    const normalized = target.normalizePath(path);
    const existed = target.existsSync(normalized);
    mkdir(path, options);
    if (!existed) target.notifyWatchers(normalized, 'rename');
  };
  target.rmdirSync = (path) => {
    rmdir(path);
    target.notifyWatchers(target.normalizePath(path), 'rename');
  };
}
