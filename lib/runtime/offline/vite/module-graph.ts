/**
 * Which served module imports which, which ones accept their own updates, and when each was last updated.
 * A saved file's update goes to the nearest modules on its import chains that accept updates; a chain that
 * reaches the page without one means a full reload, as in Vite.
 */
export interface HmrUpdate {
  type: 'js-update';
  path: string;
  acceptedPath: string;
  timestamp: number;
}

export type HmrPropagation = { type: 'update'; updates: HmrUpdate[] } | { type: 'full-reload' } | null;

export class ModuleGraph {
  private readonly importers = new Map<string, Set<string>>();
  private readonly imports = new Map<string, Set<string>>();
  private readonly selfAccepting = new Set<string>();
  private readonly stamps = new Map<string, number>();

  record(path: string, imported: readonly string[], selfAccepts: boolean): void {
    for (const old of this.imports.get(path) ?? []) this.importers.get(old)?.delete(path);
    this.imports.set(path, new Set(imported));
    for (const target of imported) {
      if (!this.importers.has(target)) this.importers.set(target, new Set());
      this.importers.get(target)?.add(path);
    }
    if (selfAccepts) this.selfAccepting.add(path);
    else this.selfAccepting.delete(path);
  }

  has(path: string): boolean {
    return this.imports.has(path);
  }

  lastUpdate(path: string): number | undefined {
    return this.stamps.get(path);
  }

  /** What a change of `path` at `timestamp` means for the pages; null for a file no page loaded. */
  propagate(path: string, timestamp: number): HmrPropagation {
    if (!this.imports.has(path)) return null;
    const boundaries = new Set<string>();
    const visited = new Set<string>();
    const deadEnd = (current: string): boolean => {
      if (visited.has(current)) return false;
      visited.add(current);
      this.stamps.set(current, timestamp);
      if (this.selfAccepting.has(current)) {
        boundaries.add(current);
        return false;
      }
      const importers = this.importers.get(current);
      if (!importers || importers.size === 0) return true;
      for (const importer of importers) if (deadEnd(importer)) return true;
      return false;
    };
    if (deadEnd(path)) return { type: 'full-reload' };
    return { type: 'update', updates: [...boundaries].map((boundary) => ({ type: 'js-update', path: boundary, acceptedPath: boundary, timestamp })) };
  }
}
