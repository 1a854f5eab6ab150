/**
 * The workspace's file and folder index: a flat map from folder to its entries, turned into the sorted
 * `TreeNode[]` and `files` list the snapshot exposes. Flat because watch events name single paths, and
 * adding or dropping one entry must not mean rebuilding nested objects by hand.
 */
import type { RuntimeFs } from '@/lib/runtime/port';
import { basename, dirname, isHiddenFromTree, isInside, isNeverPersisted } from './paths';
import type { TreeNode } from './types';

export type EntryType = 'file' | 'directory';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compareNames(a: string, b: string): number {
  // Collator for humans ("file2" before "file10"); code-unit order breaks ties so the order is total.
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

export class FileIndex {
  /** Folder path → (child name → type). The root "/" is always present. */
  private readonly folders = new Map<string, Map<string, EntryType>>([['/', new Map()]]);
  private cachedTree: TreeNode[] | null = null;
  private cachedFiles: string[] | null = null;
  private cachedVisible: string[] | null = null;

  typeOf(path: string): EntryType | undefined {
    if (path === '/') return 'directory';
    return this.folders.get(dirname(path))?.get(basename(path));
  }

  /** Adds a file or folder, creating missing parent folders. node_modules is ignored. */
  add(path: string, type: EntryType): void {
    if (path === '/' || isNeverPersisted(path)) return;
    const existing = this.typeOf(path);
    if (existing === type) return;
    if (existing) this.remove(path);
    const parent = dirname(path);
    if (parent !== '/' && this.typeOf(parent) !== 'directory') this.add(parent, 'directory');
    this.folders.get(parent)?.set(basename(path), type);
    if (type === 'directory') this.folders.set(path, new Map());
    this.invalidate();
  }

  /** Removes a path and, for a folder, everything below it. Returns the files that were removed. */
  remove(path: string): string[] {
    if (path === '/') return [];
    const type = this.typeOf(path);
    if (!type) return [];
    this.folders.get(dirname(path))?.delete(basename(path));
    const removed = type === 'file' ? [path] : this.filesUnder(path);
    if (type === 'directory') {
      for (const folder of [...this.folders.keys()]) if (isInside(folder, path)) this.folders.delete(folder);
    }
    this.invalidate();
    return removed;
  }

  /** Every file at or below `folder`, hidden ones (.git) included. */
  filesUnder(folder: string): string[] {
    return this.allFiles().filter((file) => isInside(file, folder));
  }

  /** Names directly inside a folder (for diffing a re-read folder against what we knew). */
  children(folder: string): ReadonlyMap<string, EntryType> {
    return this.folders.get(folder) ?? new Map();
  }

  /** The files quick open, search and the agent see: hidden folders (.git) left out. */
  files(): string[] {
    this.cachedVisible ??= this.allFiles().filter((file) => !isHiddenFromTree(file));
    return this.cachedVisible;
  }

  allFiles(): string[] {
    if (!this.cachedFiles) {
      const out: string[] = [];
      for (const [folder, entries] of this.folders) {
        for (const [name, type] of entries) if (type === 'file') out.push(folder === '/' ? `/${name}` : `${folder}/${name}`);
      }
      this.cachedFiles = out.sort();
    }
    return this.cachedFiles;
  }

  /** The nested tree, .git included (the tree view hides it unless asked); the same array identity until something changes. */
  tree(): TreeNode[] {
    if (!this.cachedTree) this.cachedTree = this.build('/');
    return this.cachedTree;
  }

  private build(folder: string): TreeNode[] {
    const entries = [...(this.folders.get(folder) ?? [])].sort(([nameA, typeA], [nameB, typeB]) =>
      typeA === typeB ? compareNames(nameA, nameB) : typeA === 'directory' ? -1 : 1,
    );
    return entries.map(([name, type]) => {
      const path = folder === '/' ? `/${name}` : `${folder}/${name}`;
      return type === 'directory' ? { path, name, type, children: this.build(path) } : { path, name, type };
    });
  }

  private invalidate(): void {
    this.cachedTree = null;
    this.cachedFiles = null;
    this.cachedVisible = null;
  }
}

/**
 * Lists a folder recursively from the runtime (node_modules skipped), folders read in parallel.
 * Returns every entry found, the folder itself excluded.
 */
export async function walk(fs: RuntimeFs, folder: string): Promise<Array<{ path: string; type: EntryType }>> {
  const found: Array<{ path: string; type: EntryType }> = [];
  const visit = async (dir: string): Promise<void> => {
    const entries = await fs.readdir(dir);
    const subfolders: string[] = [];
    for (const entry of entries) {
      const path = dir === '/' ? `/${entry.name}` : `${dir}/${entry.name}`;
      if (isNeverPersisted(path)) continue;
      found.push({ path, type: entry.type });
      if (entry.type === 'directory') subfolders.push(path);
    }
    await Promise.all(subfolders.map(visit));
  };
  await visit(folder);
  return found;
}
