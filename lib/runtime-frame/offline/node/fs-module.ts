/**
 * A process's `fs`, put together over almostnode's shim (made first, since the built-ins hold it before
 * Buffer and events exist to complete it): each module makes a part of it behave as Node's (the order matters where one builds on another: descriptors first, since streams,
 * FileHandle and the vectored calls go through them; the argument checks last, in front of everything).
 */
import { VirtualFS } from 'almostnode';
import { extendVfs, type VfsExtra } from '../vfs-extra';
import { completeFs } from './fs-complete';
import { addDescriptors } from './fs-descriptors';
import { addDirCalls } from './fs-dirs';
import { addFileHandle } from './fs-file-handle';
import { addMkdtemp } from './fs-mkdtemp';
import { addModes } from './fs-modes';
import { addStatfs } from './fs-statfs';
import { addStandardStreams } from './fs-standard-streams';
import type { Hold } from './hold';
import { addStatOptions } from './fs-stats';
import { addFsStreams, type BufferClass } from './fs-streams';
import { validateFsArguments } from './fs-validate';
import { addFsVectors } from './fs-vectors';
import { addWatch } from './fs-watch';
import { addWriteChecks } from './fs-write-checks';

export interface FsModuleParts {
  vfs: VirtualFS;
  process: { cwd(): string; umask(): number; emitWarning(...args: string[]): void } & Parameters<typeof addStandardStreams>[1];
  /** Keeps the process alive while a read of its standard input waits. */
  hold?: Hold;
  EventEmitter: unknown;
  stream: Record<string, unknown>;
  Buffer: BufferClass;
}

/** The VirtualFS a process's fs uses: in the page (a process run there, as the unit tests do) the VirtualFS
 * itself, extended; in a worker, the page's reached through the channel, which the page has extended. */
export function processVfs(vfs: VirtualFS): VirtualFS & VfsExtra {
  return (vfs instanceof VirtualFS ? extendVfs(vfs) : vfs) as VirtualFS & VfsExtra;
}

/** Completes `fs`, almostnode's shim over `parts.vfs` (as processVfs gives it). */
export function completeFsModule(fs: Record<string, unknown>, parts: FsModuleParts): void {
  const { process, Buffer } = parts;
  const vfs = parts.vfs as VirtualFS & VfsExtra;
  const cwd = () => process.cwd();
  const warn = (message: string, type?: string, code?: string) =>
    process.emitWarning(...([message, type, code].filter((part) => part !== undefined) as string[]));
  const anyBuffer = Buffer as never;
  addFsStreams(fs, parts.stream, Buffer, (message, type, code) => warn(message, type, code));
  addDescriptors(fs, { vfs, cwd, umask: () => process.umask(), Buffer: anyBuffer });
  addModes(fs, { vfs, cwd, umask: () => process.umask() });
  addMkdtemp(fs, { cwd, warn, Buffer: anyBuffer });
  addStatfs(fs);
  completeFs(fs, Buffer);
  addStandardStreams(fs, process, parts.hold, anyBuffer);
  addStatOptions(fs);
  addWatch(fs, { EventEmitter: parts.EventEmitter as never, Buffer: anyBuffer });
  addDirCalls(fs, { Buffer: anyBuffer, warn: (message, type, code) => warn(message, type, code) });
  addFileHandle(fs, parts.EventEmitter as never, anyBuffer);
  addFsVectors(fs, parts.EventEmitter as never, (message, type, code) => warn(message, type, code));
  validateFsArguments(fs, (name) => (Buffer as unknown as { isEncoding(name: string): boolean }).isEncoding(name));
  addWriteChecks(fs);
}
