/**
 * Watching the workspace on WebContainer without ever watching a node_modules folder: every folder of the tree
 * gets a watch of its own, none recursive, and no watch is ever placed on node_modules or .git or anything
 * under them, at any depth. (A recursive watch covers whatever appears below it later, a monorepo's
 * `packages/app/node_modules` included, and filtering in the page is too late: the container stays
 * unresponsive for over a minute after an install under such a watch,
 * https://github.com/stackblitz/webcontainer-core/issues/1569.)
 *
 * The real client registers a watch asynchronously and keeps no promise for it, so changes a process makes
 * meanwhile (a folder created and filled at once, a command that ends right away) are not reported. A re-sync
 * closes that gap: it lists the tree, compares it with the last listing and reports what appeared or vanished.
 * It runs once new watches have had time to register, and after every command; it stops at RESYNC_MAX_ENTRIES
 * entries or after RESYNC_MAX_MS, whichever comes first, and lists folders several at a time.
 */
import type { FsEvent, Unsubscribe } from '../port';
import type { WebContainerFsLike } from './api-types';
import { joinWorkspacePath, toWorkdirPath, toWorkspacePath } from './paths';

/** Never watched, listed or reported: installs and git churn are not workspace edits. */
const IGNORED = new Set(['node_modules', '.git']);
/** A re-sync lists at most this many entries; past it, it reports only additions (removals need the whole list). */
const RESYNC_MAX_ENTRIES = 5_000;
/** …and lists for at most this long (each readdir is a round trip to the container); past it, the same. */
export const RESYNC_MAX_MS = 1_000;
/** How many folders a listing reads at once. */
const LISTING_CONCURRENCY = 8;
/** Folders watched at most per watch; deeper ones in a bigger tree are caught by the re-sync after commands. */
const MAX_WATCHED_FOLDERS = 1_000;
/** Renames in a folder within this long are looked at together (a build writing many files at once). */
const RECONCILE_DELAY_MS = 30;
/** How long after new watches a re-sync runs: enough for the registration message to reach the container. */
const REGISTRATION_SETTLE_MS = 300;

const decoder = new TextDecoder();
const isIgnored = (relative: string) => relative.split('/').some((segment) => IGNORED.has(segment));
const childOf = (folder: string, name: string) => (folder ? `${folder}/${name}` : name);
const isWithin = (path: string, folder: string) => folder === '' || path === folder || path.startsWith(`${folder}/`);

type Listing = Map<string, 'file' | 'directory'>;
interface ListingResult {
  listing: Listing;
  /** False when the entry or time limit cut the listing short. */
  complete: boolean;
}

class TreeWatch {
  /** Watched folders, relative to the watched root ('' is the root itself). */
  private readonly folders = new Map<string, { close(): void }>();
  private listing: Listing | null = null;
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  /** Folders that reported a rename and are due a look at their sub-folders. */
  private readonly renamed = new Set<string>();
  private reconcileTimer: ReturnType<typeof setTimeout> | null = null;
  private work: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly fs: WebContainerFsLike,
    private readonly root: string,
    private readonly listener: (event: FsEvent) => void,
  ) {}

  start(): void {
    this.enqueue(() => this.watchTree(''));
    // The first listing is the baseline later re-syncs compare with.
    void this.list().then(({ listing }) => {
      if (this.listing === null) this.listing = listing;
    });
  }

  close(): void {
    this.closed = true;
    if (this.settleTimer !== null) clearTimeout(this.settleTimer);
    if (this.reconcileTimer !== null) clearTimeout(this.reconcileTimer);
    for (const watcher of this.folders.values()) closeQuietly(watcher);
    this.folders.clear();
  }

  /** Lists the tree again and reports what appeared or vanished since the last listing. */
  async resync(): Promise<void> {
    if (this.closed) return;
    const before = this.listing;
    const { listing: after, complete } = await this.list();
    if (this.closed) return;
    this.listing = after;
    if (!before) return;
    for (const path of after.keys()) if (!before.has(path)) this.emit('rename', path);
    if (complete) for (const path of before.keys()) if (!after.has(path)) this.emit('rename', path);
    // Folders the listing found that no watch covers yet (made while their parent's watch was registering).
    const unwatched = [...after].filter(([path, type]) => type === 'directory' && !this.folders.has(path));
    if (unwatched.length > 0) this.enqueue(async () => void (await Promise.all(unwatched.map(([path]) => this.watchTree(path)))));
  }

  private emit(type: FsEvent['type'], relative: string): void {
    if (this.closed || relative === '' || isIgnored(relative)) return;
    this.listener({ type, path: joinWorkspacePath(this.root, relative) });
  }

  /** One change to the set of watches at a time: a burst of events must not watch the same folder twice. */
  private enqueue(task: () => Promise<void>): void {
    this.work = this.work.then(() => (this.closed ? undefined : task())).catch(() => undefined);
  }

  private absolute(relative: string): string {
    return toWorkdirPath(relative ? joinWorkspacePath(this.root, relative) : this.root);
  }

  private async readFolder(relative: string) {
    return this.fs.readdir(this.absolute(relative), { withFileTypes: true });
  }

  private watchFolder(folder: string): boolean {
    if (this.folders.has(folder) || this.folders.size >= MAX_WATCHED_FOLDERS) return false;
    let watcher: { close(): void };
    try {
      watcher = this.fs.watch(this.absolute(folder), { recursive: false }, (event, name) => {
        const child = childOf(folder, typeof name === 'string' ? name : decoder.decode(name));
        this.emit(event, child);
        // A folder may have appeared or vanished here: watch it, or stop.
        if (event === 'rename') this.scheduleReconcile(folder);
      });
    } catch {
      // The container is gone (its client throws once released): nothing left to watch.
      return false;
    }
    this.folders.set(folder, watcher);
    return true;
  }

  /** Watches `folder` and every folder below it that is not ignored, breadth first. */
  private async watchTree(folder: string): Promise<void> {
    const queue = [folder];
    let added = false;
    while (queue.length > 0 && !this.closed) {
      const next = queue.shift() ?? '';
      if (isIgnored(next) || this.folders.has(next)) continue;
      if (!this.watchFolder(next)) break;
      added = true;
      const entries = await this.readFolder(next).catch(() => []);
      for (const entry of entries) if (entry.isDirectory() && !IGNORED.has(entry.name)) queue.push(childOf(next, entry.name));
    }
    if (added) this.scheduleSettle();
  }

  private scheduleReconcile(folder: string): void {
    this.renamed.add(folder);
    if (this.reconcileTimer !== null) return;
    this.reconcileTimer = setTimeout(() => {
      this.reconcileTimer = null;
      const folders = [...this.renamed];
      this.renamed.clear();
      for (const each of folders) this.enqueue(() => this.reconcileFolder(each));
    }, RECONCILE_DELAY_MS);
  }

  /** Brings the watches of `folder`'s direct sub-folders in line with what is there now. */
  private async reconcileFolder(folder: string): Promise<void> {
    const entries = await this.readFolder(folder).catch(() => null);
    if (this.closed) return;
    if (entries === null) {
      if (folder !== '') this.unwatchTree(folder);
      return;
    }
    const present = new Set(entries.filter((e) => e.isDirectory() && !IGNORED.has(e.name)).map((e) => childOf(folder, e.name)));
    for (const watched of [...this.folders.keys()]) {
      const parent = watched.includes('/') ? watched.slice(0, watched.lastIndexOf('/')) : '';
      if (watched !== '' && parent === folder && !present.has(watched)) this.unwatchTree(watched);
    }
    for (const child of present) if (!this.folders.has(child)) await this.watchTree(child);
  }

  private unwatchTree(folder: string): void {
    for (const [path, watcher] of this.folders) {
      if (!isWithin(path, folder)) continue;
      closeQuietly(watcher);
      this.folders.delete(path);
    }
  }

  private scheduleSettle(): void {
    if (this.settleTimer !== null) clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => {
      this.settleTimer = null;
      void this.resync();
    }, REGISTRATION_SETTLE_MS);
  }

  /**
   * Paths relative to the watched folder, level by level, LISTING_CONCURRENCY folders at a time, skipping
   * ignored folders; stops at RESYNC_MAX_ENTRIES entries or RESYNC_MAX_MS.
   */
  private async list(): Promise<ListingResult> {
    const listing: Listing = new Map();
    const deadline = Date.now() + RESYNC_MAX_MS;
    let queue = [''];
    let complete = true;
    while (queue.length > 0) {
      if (listing.size >= RESYNC_MAX_ENTRIES || Date.now() >= deadline || this.closed) {
        complete = false;
        break;
      }
      const batch = queue.slice(0, LISTING_CONCURRENCY);
      queue = queue.slice(LISTING_CONCURRENCY);
      const results = await Promise.all(batch.map((folder) => this.readFolder(folder).catch(() => [])));
      for (const [index, entries] of results.entries()) {
        const folder = batch[index] ?? '';
        for (const entry of entries) {
          if (IGNORED.has(entry.name)) continue;
          if (listing.size >= RESYNC_MAX_ENTRIES) {
            complete = false;
            break;
          }
          const path = childOf(folder, entry.name);
          const type = entry.isDirectory() ? 'directory' : 'file';
          listing.set(path, type);
          if (type === 'directory') queue.push(path);
        }
      }
    }
    return { listing, complete };
  }
}

function closeQuietly(watcher: { close(): void }): void {
  try {
    watcher.close();
  } catch {
    // Closing a watch of a container that is gone: it is gone with it.
  }
}

/** Every live watch of one container, so the runtime can re-sync them all after a command. */
export class WatchHub {
  private readonly watches = new Set<TreeWatch>();
  private closed = false;

  constructor(private readonly fs: WebContainerFsLike) {}

  watch(path: string, listener: (event: FsEvent) => void): Unsubscribe {
    if (this.closed) return () => undefined;
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

  /** The container is going away: every watch ends, and later ones are never made. */
  closeAll(): void {
    this.closed = true;
    for (const watch of this.watches) watch.close();
    this.watches.clear();
  }
}
