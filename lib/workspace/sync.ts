/**
 * Mirrors the runtime's file system into the model. Watch events only say "something happened at this
 * path", so each path is re-stated from the runtime: gone, a folder (walked: a renamed folder reports only
 * its own name), or a file (read once, compared by fingerprint, fed to open tabs and IndexedDB).
 */
import type { DirEntry, RuntimeFs } from '@/lib/runtime/port';
import { basename, dirname, isInside, isNeverPersisted } from './paths';
import type { WorkspaceModel } from './model';
import { walk, type EntryType } from './tree';

/** What the runtime says is at `path` now, from a listing of its parent (the port has no stat). */
async function statPath(fs: RuntimeFs, path: string, listings: Map<string, Promise<DirEntry[] | null>>): Promise<EntryType | null> {
  if (path === '/') return 'directory';
  const parent = dirname(path);
  let listing = listings.get(parent);
  if (!listing) {
    listing = fs.readdir(parent).catch(() => null);
    listings.set(parent, listing);
  }
  return (await listing)?.find((entry) => entry.name === basename(path))?.type ?? null;
}

/** Reads a file, or null when it vanished in the meantime (deleted between event and read). */
async function readIfPresent(fs: RuntimeFs, path: string): Promise<Uint8Array | null> {
  try {
    return await fs.readFile(path);
  } catch {
    return (await fs.exists(path).catch(() => false)) ? fs.readFile(path) : null;
  }
}

/** Brings the model in line with the runtime at `paths` (and below them, for folders). */
export async function syncPaths(model: WorkspaceModel, paths: readonly string[]): Promise<void> {
  const fs = model.runtime.fs;
  const listings = new Map<string, Promise<DirEntry[] | null>>();
  // Parents first, so a folder walk happens before its children's own events (then mostly no-ops).
  const ordered = [...new Set(paths)].filter((path) => !isNeverPersisted(path)).sort();
  for (const path of ordered) {
    if (model.disposed) return;
    const type = await statPath(fs, path, listings);
    if (type === null) model.pathRemoved(path, false);
    else if (type === 'directory') await syncFolder(model, path);
    else await syncFile(model, path);
  }
}

export async function syncFile(model: WorkspaceModel, path: string): Promise<void> {
  if (model.index.typeOf(path) === 'directory') model.pathRemoved(path, false);
  const bytes = await readIfPresent(model.runtime.fs, path);
  if (bytes === null) model.pathRemoved(path, false);
  else model.fileChanged(path, bytes);
}

/**
 * Walks a folder and reconciles it: entries that appeared are added (new files read and persisted), entries
 * that disappeared are removed. Files we already knew are not re-read: their own change events cover edits.
 */
export async function syncFolder(model: WorkspaceModel, folder: string): Promise<void> {
  const { index } = model;
  if (index.typeOf(folder) === 'file') model.pathRemoved(folder, false);
  index.add(folder, 'directory');
  const entries = await walk(model.runtime.fs, folder).catch(() => null);
  if (entries === null) return;
  const seen = new Set(entries.map((entry) => entry.path));
  // Drop what is no longer there (deepest first is not needed: removing a folder removes its subtree).
  for (const file of index.filesUnder(folder)) if (!seen.has(file)) model.pathRemoved(file, false);
  removeVanishedFolders(model, folder, seen);
  const newFiles: string[] = [];
  for (const entry of entries) {
    const known = index.typeOf(entry.path);
    if (known === entry.type) continue;
    if (known && known !== entry.type) model.pathRemoved(entry.path, false);
    if (entry.type === 'directory') index.add(entry.path, 'directory');
    else newFiles.push(entry.path);
  }
  await readInChunks(model, newFiles);
}

function removeVanishedFolders(model: WorkspaceModel, folder: string, seen: ReadonlySet<string>): void {
  const stack = [folder];
  while (stack.length > 0) {
    const current = stack.pop() ?? '/';
    for (const [name, type] of model.index.children(current)) {
      const path = current === '/' ? `/${name}` : `${current}/${name}`;
      if (!isInside(path, folder)) continue;
      if (!seen.has(path)) model.pathRemoved(path, false);
      else if (type === 'directory') stack.push(path);
    }
  }
}

/** Reads files a few at a time: parallel enough to be quick, bounded so a big import does not flood. */
async function readInChunks(model: WorkspaceModel, files: readonly string[], chunk = 16): Promise<void> {
  for (let i = 0; i < files.length; i += chunk) {
    if (model.disposed) return;
    await Promise.all(files.slice(i, i + chunk).map((file) => syncFile(model, file)));
  }
}
