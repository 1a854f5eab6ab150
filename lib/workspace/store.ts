/**
 * The live workspace of this tab (see `WorkspaceStore` in types.ts). The runtime's fs is the truth: every
 * write goes to it first, then to IndexedDB; everything else that touches files (shell, npm, the agent) is
 * picked up through the batched fs watch. Operations and watch batches run one at a time through a task
 * queue, so a save never interleaves with a rename or with the mirror re-reading the same file.
 */
import { approvalSettingsSchema, type ApprovalSettings } from '@/lib/agent/approvals/policy';
import { decodeContent, encodeText, fingerprint } from './content';
import { adoptSaved, discardDrafts } from './drafts';
import { WatchBatcher } from './mirror';
import { WorkspaceModel } from './model';
import { basename, isInside, joinPath, normalizeWorkspacePath, rebase, tryNormalizeWorkspacePath } from './paths';
import { assertFree, assertWritable, mutablePath, searchableText, typeOf } from './store-checks';
import { searchFiles } from './search';
import { syncFile, syncFolder, syncPaths } from './sync';
import { afterSave, keepMine, tabFromDisk, withContent } from './tabs';
import { unkeptMessage } from './unkept';
import { followRuntime, loadInitialState, restoreSession } from './store-init';
import { validateWorkspaceName } from './workspaces';
import { WorkspaceError, type CreateStoreOptions, type FileContent, type SearchHit, type WorkspaceSnapshot, type WorkspaceStore } from './types';

class LiveWorkspaceStore implements WorkspaceStore {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly batcher: WatchBatcher;
  private readonly stops: Array<() => void> = [];

  constructor(private readonly model: WorkspaceModel) {
    this.batcher = new WatchBatcher(
      (paths) => this.run(() => this.applyBatch(paths)),
      undefined,
      (path, reason) => void this.run(() => this.noteUnkept(path, reason)),
    );
  }

  get runtime() {
    return this.model.runtime;
  }

  private get fs() {
    return this.model.runtime.fs;
  }

  /** Loads the tree, tabs, locks and facts, then starts mirroring the runtime. */
  async init(openPaths: readonly string[], activePath: string | null, locks: readonly string[]): Promise<void> {
    // Watch first: a change that lands while we walk is then caught by the next batch, not lost.
    this.batcher.start(this.fs);
    await loadInitialState(this.model, openPaths, activePath, locks);
    this.stops.push(...followRuntime(this.model));
    await restoreSession(this.model);
  }

  /**
   * An event at a path storage cannot keep: while the file exists it is listed (and the alert raised when it
   * first appears); once renamed or removed it is forgotten. The list is saved with the state for the next session.
   */
  private async noteUnkept(path: string, reason: string): Promise<void> {
    const { model } = this;
    const present = await this.fs.exists(path).catch(() => false);
    if (present === model.unkept.has(path)) return;
    model.setUnkept(path, present ? reason : null);
    if (present) model.persistenceError = unkeptMessage(model.unkept.size);
    model.commit(true);
  }

  subscribe = (listener: () => void) => this.model.subscribe(listener);
  getSnapshot = (): WorkspaceSnapshot => this.model.getSnapshot();

  // ── tabs ─────────────────────────────────────────────────────────────────────────────────────────

  openFile(path: string): Promise<void> {
    const target = normalizeWorkspacePath(path);
    return this.run(async () => {
      const { model } = this;
      if (!model.tab(target)) {
        if (model.index.typeOf(target) === 'directory') throw new WorkspaceError('bad-path', `${target} is a folder, not a file`);
        const bytes = await this.fs.readFile(target).catch(() => null);
        if (!bytes) throw new WorkspaceError('not-found', `${target} does not exist`);
        model.index.add(target, 'file');
        model.tabs = [...model.tabs, tabFromDisk(target, decodeContent(bytes))];
      }
      model.activePath = target;
      model.commit(true);
    });
  }

  closeFile(path: string): void {
    const target = tryNormalizeWorkspacePath(path);
    if (target === null || !this.model.tab(target)) return;
    this.model.closeTabsWhere((tab) => tab.path === target);
    this.model.commit(true);
  }

  setActive(path: string): void {
    const target = tryNormalizeWorkspacePath(path);
    if (target === null || !this.model.tab(target) || this.model.activePath === target) return;
    this.model.activePath = target;
    this.model.commit(true);
  }

  updateContent(path: string, content: string): void {
    assertWritable(this.model);
    const target = normalizeWorkspacePath(path);
    const tab = this.model.tab(target);
    // Binary tabs have no editable text; a tab closed while the editor was still dispatching is ignored.
    if (!tab || tab.binary || tab.content === content) return;
    this.model.replaceTab(target, (current) => withContent(current, content));
    this.model.commit(false);
  }

  save(path: string): Promise<void> {
    assertWritable(this.model);
    const target = normalizeWorkspacePath(path);
    // What the editor shows when the user presses save is what gets written, even if typing goes on.
    const content = this.model.tab(target)?.content;
    return this.run(() => this.saveNow(target, content));
  }

  async saveAll(): Promise<void> {
    assertWritable(this.model);
    const dirty = this.model.tabs.filter((tab) => tab.dirty && !tab.binary);
    const locked = dirty.map((tab) => tab.path).filter((path) => this.isLocked(path));
    for (const { path, content } of dirty) if (!locked.includes(path)) await this.run(() => this.saveNow(path, content));
    if (locked.length > 0) {
      throw new WorkspaceError('locked', `${locked.join(', ')} ${locked.length === 1 ? 'is' : 'are'} locked: unlock to save`);
    }
  }

  private async saveNow(path: string, snapshotContent: string | undefined): Promise<void> {
    const { model } = this;
    const tab = model.tab(path);
    if (!tab) throw new WorkspaceError('not-found', `${path} is not open in the editor`);
    if (tab.binary) return; // Binary files are shown as a notice, never written back from the editor.
    if (this.isLocked(path)) throw new WorkspaceError('locked', `${path} is locked: unlock it to save`);
    const content = snapshotContent ?? tab.content;
    // The journal first: text typed right before the save is on disk even if the tab dies mid-save.
    const journaled = model.persistence.journal?.flush().catch(() => undefined);
    await this.fs.writeFile(path, content);
    const bytes = encodeText(content);
    // Record our own bytes first so the watch echo of this write is recognised and not re-persisted.
    model.known.set(path, fingerprint(bytes));
    model.index.add(path, 'file');
    model.persistFile(path, content);
    if (path === '/package.json') model.updatePackages(content);
    await journaled;
    // The tab turns clean only once the file's transaction has committed: until then anything else that
    // publishes still shows it unsaved, and the journal keeps its draft (dropping the draft first would leave
    // a moment where a crash loses the text from both).
    await model.persistDurably();
    model.replaceTab(path, (current) => afterSave(current, content));
    model.commit(false);
    this.assertStored(path);
  }

  /** After a durable commit: the file is in browser storage, or the caller learns why not. */
  private assertStored(path: string): void {
    const failure = this.model.notSaved.get(path);
    if (failure) throw new WorkspaceError(failure.code === 'quota' ? 'quota' : failure.code === 'too-large' ? 'too-large' : 'corrupt', failure.reason);
  }

  resolveConflict(path: string, choice: 'keep-mine' | 'take-theirs'): Promise<void> {
    const target = normalizeWorkspacePath(path);
    return this.run(async () => {
      const tab = this.model.tab(target);
      if (!tab?.conflict) return;
      if (choice === 'keep-mine') {
        this.model.replaceTab(target, (current) => keepMine(current, tab.conflict?.diskContent ?? current.savedContent));
      } else {
        // Take the disk as it is now (it may have changed again since the conflict was raised).
        const bytes = await this.fs.readFile(target).catch(() => null);
        const disk = bytes ? decodeContent(bytes) : { binary: false, text: tab.conflict.diskContent };
        this.model.replaceTab(target, () => tabFromDisk(target, disk));
      }
      this.model.commit(false);
    });
  }

  // ── files and folders ────────────────────────────────────────────────────────────────────────────

  createFile(path: string, content: FileContent = ''): Promise<void> {
    assertWritable(this.model);
    const target = mutablePath(path);
    return this.run(async () => {
      await assertFree(this.model, target);
      await this.fs.writeFile(target, content);
      const bytes = typeof content === 'string' ? encodeText(content) : content;
      this.model.fileChanged(target, bytes);
      await this.model.commitDurably();
      this.assertStored(target);
    });
  }

  createFolder(path: string): Promise<void> {
    assertWritable(this.model);
    const target = mutablePath(path);
    return this.run(async () => {
      await assertFree(this.model, target);
      await this.fs.mkdir(target);
      this.model.index.add(target, 'directory');
      this.model.commit(false);
    });
  }

  rename(from: string, to: string): Promise<void> {
    assertWritable(this.model);
    const source = mutablePath(from);
    const target = mutablePath(to);
    return this.run(() => this.renameNow(source, target));
  }

  move(path: string, intoFolder: string): Promise<void> {
    assertWritable(this.model);
    const source = mutablePath(path);
    const folder = normalizeWorkspacePath(intoFolder);
    return this.run(async () => {
      if (isInside(folder, source)) {
        throw new WorkspaceError('bad-path', `Cannot move ${source} into itself (${folder})`);
      }
      if ((await typeOf(this.model, folder)) !== 'directory') throw new WorkspaceError('not-found', `Folder ${folder} does not exist`);
      const target = joinPath(folder, basename(source));
      if (target !== source) await this.renameNow(source, target);
    });
  }

  private async renameNow(source: string, target: string): Promise<void> {
    const { model } = this;
    if (source === target) return;
    const type = await typeOf(this.model, source);
    if (!type) throw new WorkspaceError('not-found', `${source} does not exist`);
    if (isInside(target, source)) throw new WorkspaceError('bad-path', `Cannot move ${source} into itself (${target})`);
    // A case-only rename ("a.js" → "A.js") names the same entry on case-insensitive systems: not a clash.
    if (target.toLowerCase() !== source.toLowerCase()) await assertFree(this.model, target);
    // The locked file itself keeps its name; a folder holding locked files may move, and the locks follow.
    if (this.isLocked(source)) throw new WorkspaceError('locked', `${source} is locked: unlock it to rename or move it`);
    // A dirty tab can outlive its deleted file; landing another file on it would give two tabs one path.
    const stranded = model.tabs.find((tab) => isInside(tab.path, target));
    if (stranded) throw new WorkspaceError('exists', `${stranded.path} is open with unsaved changes: save or close it first`);
    await this.fs.rename(source, target);
    // Tabs, the active tab and locks follow first, so dropping the old paths below closes nothing.
    model.tabs = model.tabs.map((tab) => (isInside(tab.path, source) ? { ...tab, path: rebase(tab.path, source, target) } : tab));
    model.activePath = model.activePath !== null && isInside(model.activePath, source) ? rebase(model.activePath, source, target) : model.activePath;
    model.locks = new Set([...model.locks].map((lock) => (isInside(lock, source) ? rebase(lock, source, target) : lock)));
    model.pathRemoved(source, true);
    if (type === 'directory') await syncFolder(model, target);
    else await syncFile(model, target);
    await model.commitDurably();
  }

  remove(path: string): Promise<void> {
    assertWritable(this.model);
    const target = mutablePath(path);
    return this.run(async () => {
      const { model } = this;
      if (!(await typeOf(this.model, target))) throw new WorkspaceError('not-found', `${target} does not exist`);
      const locked = [...model.locks].find((lock) => isInside(lock, target)) ?? (this.isLocked(target) ? target : undefined);
      if (locked) throw new WorkspaceError('locked', `${locked} is locked: unlock it to delete ${locked === target ? 'it' : target}`);
      await this.fs.rm(target);
      model.pathRemoved(target, true);
      await model.commitDurably();
    });
  }

  setLocked(path: string, locked: boolean): void {
    assertWritable(this.model);
    const target = normalizeWorkspacePath(path);
    const { model } = this;
    if (model.locks.has(target) === locked) return;
    if (locked && !model.index.typeOf(target)) throw new WorkspaceError('not-found', `${target} does not exist`);
    const next = new Set(model.locks);
    if (locked) next.add(target);
    else next.delete(target);
    model.locks = next;
    model.commit(true);
  }

  /** A path is locked when it, or a folder above it, is locked. */
  isLocked(path: string): boolean {
    const target = tryNormalizeWorkspacePath(path);
    if (target === null) return false;
    for (const lock of this.model.locks) if (isInside(target, lock)) return true;
    return false;
  }

  async readFile(path: string): Promise<Uint8Array> {
    const target = normalizeWorkspacePath(path);
    try {
      return await this.fs.readFile(target);
    } catch {
      throw new WorkspaceError('not-found', `${target} does not exist or cannot be read`);
    }
  }

  search(query: string, options: { caseSensitive?: boolean; maxResults?: number } = {}): Promise<SearchHit[]> {
    return searchFiles(this.model.index.files(), (path) => searchableText(this.model, path), query, options);
  }

  // ── facts, modes, lifecycle ──────────────────────────────────────────────────────────────────────

  recordCommand(command: string): void {
    this.model.setFacts({ ...this.model.facts, lastCommand: command });
    this.model.commit(true);
  }

  recordStartCommand(command: string | null): void {
    if ((this.model.facts.startCommand ?? null) === command) return;
    this.model.setFacts({ ...this.model.facts, startCommand: command });
    this.model.commit(true);
  }

  setReadOnly(readOnly: boolean, reason?: string): void {
    const { model } = this;
    if (model.readOnly === readOnly && model.readOnlyReason === reason) return;
    model.readOnly = readOnly;
    model.readOnlyReason = reason;
    // Taking the workspace (back) over: write our view of tabs and locks once.
    model.commit(!readOnly);
  }

  dismissRestored(): void {
    if (this.model.restoredDrafts.length === 0) return;
    this.model.restoredDrafts = [];
    this.model.commit(false);
  }

  discardRestored(): Promise<void> {
    return this.run(async () => {
      await discardDrafts(this.model, this.model.restoredDrafts);
      this.model.restoredDrafts = [];
      this.model.commit(true);
    });
  }

  adoptSaved(files: readonly { path: string; content: FileContent | null }[]): Promise<void> {
    return this.run(async () => {
      await adoptSaved(this.model, files);
      this.model.commit(false);
    });
  }

  renameWorkspace(name: string): Promise<void> {
    return this.run(async () => {
      assertWritable(this.model);
      // The store's copy of the metadata is what it writes back, so the new name must go through it.
      this.model.meta = { ...this.model.meta, name: validateWorkspaceName(name), updatedAt: Date.now() };
      await this.model.commitDurably();
    });
  }

  setApprovals(settings: ApprovalSettings): Promise<void> {
    return this.run(async () => {
      assertWritable(this.model);
      this.model.meta = { ...this.model.meta, approvals: approvalSettingsSchema.parse(settings), updatedAt: Date.now() };
      await this.model.commitDurably();
    });
  }

  dismissPersistenceError(): void {
    if (this.model.persistenceError === null) return;
    this.model.persistenceError = null;
    // Told once: the last session's losses are not listed again under a later, unrelated alert.
    this.model.lostLastSession = [];
    this.model.commit(false);
  }

  refresh(path = '/'): Promise<void> {
    const target = normalizeWorkspacePath(path);
    return this.run(async () => {
      // Known files are not re-read by a folder walk; open tabs are, since they show content.
      const open = this.model.tabs.map((tab) => tab.path).filter((tabPath) => isInside(tabPath, target));
      await syncPaths(this.model, [target, ...open]);
      this.model.commit(true);
    });
  }

  async settle(): Promise<void> {
    await this.batcher.drain();
    await this.run(async () => undefined);
  }

  async flush(): Promise<void> {
    await this.settle();
    await this.model.persistence.flush();
  }

  dispose(): void {
    this.model.disposed = true;
    this.batcher.dispose();
    for (const stop of this.stops.splice(0)) stop();
  }

  // ── internals ────────────────────────────────────────────────────────────────────────────────────

  private async applyBatch(paths: string[]): Promise<void> {
    if (this.model.disposed) return;
    await syncPaths(this.model, paths);
    this.model.commit(true);
  }

  /** Queues a task behind every running one; a failed task does not stop the queue. */
  private run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.queue.then(task);
    this.queue = result.catch(() => undefined);
    return result;
  }
}

/** Builds the store for a workspace whose files are already in the runtime (see CreateStoreOptions). */
export async function createWorkspaceStore(options: CreateStoreOptions): Promise<WorkspaceStore> {
  const model = new WorkspaceModel(options.runtime, options.persistence, options.state, options.readOnly ?? false);
  const store = new LiveWorkspaceStore(model);
  try {
    await store.init(options.state.openPaths, options.state.activePath, options.state.locks);
  } catch (error) {
    store.dispose();
    throw error;
  }
  return store;
}
