/**
 * The store's mutable core: file index, tabs, locks, facts, and the snapshot built from them. The store
 * (store.ts) decides *when* things change; the mirror (sync.ts) applies what the runtime's fs says; this
 * class owns the state and the rules both share: persistence (never node_modules, never while
 * read-only) and snapshot publishing.
 */
import { Listeners } from '@/lib/runtime/listeners';
import type { Runtime } from '@/lib/runtime/port';
import { MAX_STORED_FILE_BYTES } from './chunks';
import { decodeContent, fingerprint, type DecodedContent } from './content';
import { packageNames, sameList } from './facts';
import { isInside, isNeverPersisted } from './paths';
import { applyDisk } from './tabs';
import { MAX_UNKEPT_REMEMBERED, readUnkept, type UnkeptFile } from './unkept';
import { FileIndex } from './tree';
import type { FileStatusUpdate, NotSaved, OpenFile, PersistedState, PersistenceSink, RuntimeFacts, WorkspaceMeta, WorkspaceSnapshot } from './types';

/** Files too large to store are never editable either: skip decoding hundreds of MB into a string. */
function decodeLarge(bytes: Uint8Array): DecodedContent {
  return bytes.byteLength > MAX_STORED_FILE_BYTES ? { binary: true, text: '' } : decodeContent(bytes);
}

const TEMPORARY: NotSaved = {
  code: 'temporary',
  reason: 'changed in a tab that only reads this workspace: the change stays in this tab and is not saved',
};

export class WorkspaceModel {
  readonly index = new FileIndex();
  /** path → fingerprint of the bytes last seen or written, to skip re-persisting unchanged files. */
  readonly known = new Map<string, string>();
  tabs: readonly OpenFile[] = [];
  activePath: string | null = null;
  locks: ReadonlySet<string> = new Set();
  facts: RuntimeFacts;
  meta: WorkspaceMeta;
  readOnly: boolean;
  readOnlyReason: string | undefined;
  persistenceError: string | null = null;
  /** Files the runtime holds that browser storage does not, and why (see WorkspaceSnapshot.notSaved). */
  notSaved: ReadonlyMap<string, NotSaved> = new Map();
  restoredDrafts: readonly string[] = [];
  /** See WorkspaceSnapshot.unkept and lostLastSession. */
  unkept: ReadonlyMap<string, string> = new Map();
  lostLastSession: readonly UnkeptFile[];
  disposed = false;

  private snapshot: WorkspaceSnapshot;
  private readonly listeners = new Listeners<[]>();

  constructor(
    readonly runtime: Runtime,
    readonly persistence: PersistenceSink,
    state: PersistedState,
    readOnly: boolean,
  ) {
    this.meta = state.meta;
    // Ports and servers belong to the previous session's runtime; this one starts with none.
    this.facts = { ...state.facts, ports: [], serverRunning: false };
    this.readOnly = readOnly;
    this.lostLastSession = readUnkept(state.unkept);
    this.snapshot = this.buildSnapshot();
  }

  subscribe(listener: () => void): () => void {
    return this.listeners.add(listener);
  }

  getSnapshot(): WorkspaceSnapshot {
    return this.snapshot;
  }

  /** Publishes a new snapshot; `persistState` also queues the tabs/locks/facts for IndexedDB. */
  commit(persistState: boolean): void {
    if (this.disposed) return;
    this.snapshot = this.buildSnapshot();
    if (persistState) this.putState();
    if (!this.readOnly) this.persistence.journal?.update(this.tabs);
    this.listeners.emit();
  }

  /**
   * For what the user did on purpose (save, create, rename, move, delete): writes the files and the state to
   * IndexedDB at once, then publishes. "Saved" is shown only once it is durable, so closing or reloading the
   * tab right after cannot lose it; changes seen by the watcher (shell, npm) keep the debounced path.
   */
  async commitDurably(): Promise<void> {
    await this.persistDurably();
    this.commit(false);
  }

  /** Writes the queued files and the state with 'strict' durability and waits for the commit. */
  async persistDurably(): Promise<void> {
    this.putState();
    await this.persistence.flush();
  }

  putState(): void {
    if (this.readOnly || this.disposed) return;
    this.persistence.putState({
      meta: this.meta,
      openPaths: this.tabs.map((tab) => tab.path),
      activePath: this.activePath,
      locks: [...this.locks],
      facts: this.facts,
      unkept: [...this.unkept].slice(0, MAX_UNKEPT_REMEMBERED).map(([path, reason]) => ({ path, reason })),
    });
  }

  /** Records (reason) or forgets (null) a file the runtime holds under a name storage cannot keep. */
  setUnkept(path: string, reason: string | null): void {
    const next = new Map(this.unkept);
    if (reason === null) next.delete(path);
    else next.set(path, reason);
    this.unkept = next;
  }

  // ── files ────────────────────────────────────────────────────────────────────────────────────────

  /** Records new bytes for a file: index, fingerprint, IndexedDB (if they changed), open tab, facts. */
  fileChanged(path: string, bytes: Uint8Array, decoded: DecodedContent = decodeLarge(bytes)): void {
    this.index.add(path, 'file');
    const print = fingerprint(bytes);
    if (this.known.get(path) !== print) {
      this.known.set(path, print);
      this.persistFile(path, decoded.binary ? bytes : decoded.text);
      this.touch();
    }
    this.replaceTab(path, (tab) => applyDisk(tab, decoded));
    if (path === '/package.json') this.updatePackages(decoded.binary ? null : decoded.text);
  }

  /** A file or folder is gone: index, fingerprints, IndexedDB; clean tabs close, dirty ones stay. */
  pathRemoved(path: string, closeDirtyTabs: boolean): void {
    const wasKnown = this.index.typeOf(path) !== undefined;
    this.index.remove(path);
    for (const file of [...this.known.keys()]) if (isInside(file, path)) this.known.delete(file);
    if (wasKnown) {
      this.persistDelete(path);
      this.touch();
    }
    this.closeTabsWhere((tab) => isInside(tab.path, path) && (closeDirtyTabs || !tab.dirty));
    if (isInside('/package.json', path)) this.updatePackages('');
  }

  persistFile(path: string, content: string | Uint8Array): void {
    if (this.disposed || isNeverPersisted(path)) return;
    if (this.readOnly) {
      // Only the writing tab stores files; a change made here (shell, runtime) lives only in this tab.
      this.markNotSaved([path], TEMPORARY);
      return;
    }
    this.persistence.putFile(path, content);
  }

  persistDelete(path: string): void {
    this.forgetNotSaved(path);
    if (this.readOnly || this.disposed || isNeverPersisted(path)) return;
    this.persistence.deletePath(path);
  }

  /** A batch's outcome from the persistence sink: saved paths clear their mark, failed ones get it. */
  applyFileStatus(update: FileStatusUpdate): void {
    if (update.saved.length === 0 && update.failed.length === 0) return;
    const next = new Map(this.notSaved);
    for (const path of update.saved) next.delete(path);
    for (const { path, code, reason } of update.failed) if (this.index.typeOf(path) === 'file') next.set(path, { code, reason });
    this.notSaved = next;
  }

  markNotSaved(paths: readonly string[], why: NotSaved): void {
    const next = new Map(this.notSaved);
    for (const path of paths) next.set(path, why);
    this.notSaved = next;
  }

  forgetNotSaved(path: string): void {
    if (![...this.notSaved.keys()].some((file) => isInside(file, path))) return;
    this.notSaved = new Map([...this.notSaved].filter(([file]) => !isInside(file, path)));
  }

  // ── tabs ─────────────────────────────────────────────────────────────────────────────────────────

  tab(path: string): OpenFile | undefined {
    return this.tabs.find((tab) => tab.path === path);
  }

  replaceTab(path: string, change: (tab: OpenFile) => OpenFile): void {
    const index = this.tabs.findIndex((tab) => tab.path === path);
    const current = this.tabs[index];
    if (!current) return;
    const next = change(current);
    if (next !== current) this.tabs = this.tabs.map((tab, i) => (i === index ? next : tab));
  }

  closeTabsWhere(predicate: (tab: OpenFile) => boolean): void {
    const closing = this.tabs.filter(predicate);
    if (closing.length === 0) return;
    const activeIndex = this.tabs.findIndex((tab) => tab.path === this.activePath);
    this.tabs = this.tabs.filter((tab) => !predicate(tab));
    if (this.activePath !== null && !this.tab(this.activePath)) {
      // The neighbour that slid into the closed tab's place, as editors do.
      const neighbour = this.tabs[Math.min(Math.max(activeIndex, 0), this.tabs.length - 1)];
      this.activePath = neighbour?.path ?? null;
    }
  }

  // ── facts ────────────────────────────────────────────────────────────────────────────────────────

  /** `text` '' or null: no or unreadable package.json. Malformed JSON keeps the last good list. */
  updatePackages(text: string | null): void {
    const names = text === null ? null : packageNames(text === '' ? null : text);
    if (names === null || sameList(names, this.facts.installedPackages)) return;
    this.facts = { ...this.facts, installedPackages: names };
  }

  setFacts(facts: RuntimeFacts): void {
    this.facts = facts;
  }

  /** The workspace changed: bump updatedAt (shown in the workspace list). */
  private touch(): void {
    this.meta = { ...this.meta, updatedAt: Date.now() };
  }

  private buildSnapshot(): WorkspaceSnapshot {
    return {
      meta: this.meta,
      tree: this.index.tree(),
      files: this.index.files(),
      // A tab whose file storage refused counts as unsaved: closing it asks, and saving tries again.
      openFiles: (this.notSaved.size === 0
        ? this.tabs
        : this.tabs.map((tab) => (this.notSaved.has(tab.path) && !tab.dirty ? { ...tab, dirty: true } : tab))) as OpenFile[],
      activePath: this.activePath,
      locks: this.locks,
      facts: this.facts,
      readOnly: this.readOnly,
      persistenceError: this.persistenceError,
      notSaved: this.notSaved,
      restoredDrafts: this.restoredDrafts,
      unkept: this.unkept,
      lostLastSession: this.lostLastSession,
    };
  }
}
