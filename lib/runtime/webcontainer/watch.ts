/**
 * Watching the workspace on WebContainer without watching node_modules: one non-recursive watch of the
 * watched folder itself plus one recursive watch per sub-folder, never node_modules or .git. (A recursive
 * watch of the root includes node_modules, and filtering in the page is too late: an upstream report says
 * the container stays unresponsive for over a minute after an install with such a watch.)
 *
 * The real client registers a watch asynchronously and keeps no promise for it, so changes a process makes
 * meanwhile (a folder created and filled at once, a command that ends right away) are not reported. A bounded
 * re-sync closes that gap: it lists the tree, compares it with the last listing and reports what appeared
 * or vanished. It runs once new watches have had time to register, and after every command.
 */
import type { FsEvent, Unsubscribe } from '../port';
import type { WebContainerFsLike } from './api-types';
import { joinWorkspacePath, toWorkdirPath, toWorkspacePath } from './paths';

/** Never watched, listed or reported: installs and git churn are not workspace edits. */
const IGNORED = new Set(['node_modules', '.git']);
/** A re-sync lists at most this many entries; past it, it reports only additions (removals need the whole list). */
export const RESYNC_MAX_ENTRIES = 5_000;
/** How long after new watches a re-sync runs: enough for the registration message to reach the container. */
export const REGISTRATION_SETTLE_MS = 300;

const decoder = new TextDecoder();
const isIgnored = (relative: string) => relative.split('/').some((segment) => IGNORED.has(segment));

type Listing = Map<string, 'file' | 'directory'>;

class TreeWatch {
  private readonly folders = new Map<string, { close(): void }>();
  private rootWatcher: { close(): void } | null = null;
  private listing: Listing | null = null;
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  private reconciling: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly fs: WebContainerFsLike,
    private readonly root: string,
    private readonly listener: (event: FsEvent) => void,
  ) {}

  start(): void {
    this.rootWatcher = this.fs.watch(toWorkdirPath(this.root), { recursive: false }, (event, name) => {
      const child = typeof name === 'string' ? name : decoder.decode(name);
      this.emit(event, child);
      // A folder appeared or vanished at the top: watch it, or stop.
      if (event === 'rename') this.reconcileFolders();
    });
    this.reconcileFolders();
    // The first listing is the baseline later re-syncs compare with.
    void this.list().then((listing) => {
      if (this.listing === null) this.listing = listing;
    });
  }

  close(): void {
    this.closed = true;
    if (this.settleTimer !== null) clearTimeout(this.settleTimer);
    this.rootWatcher?.close();
    for (const watcher of this.folders.values()) watcher.close();
    this.folders.clear();
  }

  /** Lists the tree again and reports what appeared or vanished since the last listing. */
  async resync(): Promise<void> {
    if (this.closed) return;
    const before = this.listing;
    const after = await this.list();
    if (this.closed) return;
    this.listing = after;
    if (!before) return;
    for (const path of after.keys()) if (!before.has(path)) this.emit('rename', path);
    if (after.size < RESYNC_MAX_ENTRIES) for (const path of before.keys()) if (!after.has(path)) this.emit('rename', path);
  }

  private emit(type: FsEvent['type'], relative: string): void {
    if (this.closed || relative === '' || isIgnored(relative)) return;
    this.listener({ type, path: joinWorkspacePath(this.root, relative) });
  }

  /** One pass at a time: a burst of root events must not register the same folder twice. */
  private reconcileFolders(): void {
    this.reconciling = this.reconciling.then(() => this.reconcileOnce()).catch(() => undefined);
  }

  private async reconcileOnce(): Promise<void> {
    if (this.closed) return;
    const entries = await this.fs.readdir(toWorkdirPath(this.root), { withFileTypes: true }).catch(() => []);
    if (this.closed) return;
    const present = new Set(entries.filter((e) => e.isDirectory() && !IGNORED.has(e.name)).map((e) => e.name));
    for (const [name, watcher] of this.folders) {
      if (present.has(name)) continue;
      watcher.close();
      this.folders.delete(name);
    }
    let added = false;
    for (const name of present) {
      if (this.folders.has(name)) continue;
      const folder = joinWorkspacePath(this.root, name);
      const watcher = this.fs.watch(toWorkdirPath(folder), { recursive: true }, (event, filename) => {
        const inside = typeof filename === 'string' ? filename : decoder.decode(filename);
        this.emit(event, `${name}/${inside}`);
      });
      this.folders.set(name, watcher);
      added = true;
    }
    if (added) this.scheduleSettle();
  }

  private scheduleSettle(): void {
    if (this.settleTimer !== null) clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => {
      this.settleTimer = null;
      void this.resync();
    }, REGISTRATION_SETTLE_MS);
  }

  /** Paths relative to the watched folder, breadth first, skipping ignored folders, at most RESYNC_MAX_ENTRIES. */
  private async list(): Promise<Listing> {
    const listing: Listing = new Map();
    const queue = [''];
    while (queue.length > 0 && listing.size < RESYNC_MAX_ENTRIES) {
      const relative = queue.shift() ?? '';
      const folder = relative ? joinWorkspacePath(this.root, relative) : this.root;
      const entries = await this.fs.readdir(toWorkdirPath(folder), { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (IGNORED.has(entry.name) || listing.size >= RESYNC_MAX_ENTRIES) continue;
        const path = relative ? `${relative}/${entry.name}` : entry.name;
        const type = entry.isDirectory() ? 'directory' : 'file';
        listing.set(path, type);
        if (type === 'directory') queue.push(path);
      }
    }
    return listing;
  }
}

/** Every live watch of one container, so the runtime can re-sync them all after a command. */
export class WatchHub {
  private readonly watches = new Set<TreeWatch>();

  constructor(private readonly fs: WebContainerFsLike) {}

  watch(path: string, listener: (event: FsEvent) => void): Unsubscribe {
    const watch = new TreeWatch(this.fs, toWorkspacePath(path), listener);
    this.watches.add(watch);
    watch.start();
    return () => {
      watch.close();
      this.watches.delete(watch);
    };
  }

  async resync(): Promise<void> {
    await Promise.all([...this.watches].map((watch) => watch.resync()));
  }
}
