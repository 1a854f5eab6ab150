/**
 * The workspace's public contract: what the UI (editor, file tree, quick open, search, workspace list) and,
 * later, the agent's executor may rely on. Implementations live beside this file; everything else imports
 * from `@/lib/workspace`.
 *
 * Paths are workspace paths as produced by `normalizeWorkspacePath` (paths.ts): "/"-rooted, POSIX, no "..".
 */
import type { ApprovalSettings } from '@/lib/agent/approvals/policy';
import type { Runtime } from '@/lib/runtime/port';
import type { UnkeptFile } from './unkept';

export type FileContent = string | Uint8Array;

/** One file or folder in the tree. `node_modules` never appears; `.git` does (the tree view hides it by default). */
export interface TreeNode {
  path: string;
  name: string;
  type: 'file' | 'directory';
  /** Folders only, sorted: folders first, then files, by name. */
  children?: TreeNode[];
}

/** An open editor tab. */
export interface OpenFile {
  path: string;
  /** What the editor shows; for binary files, empty (the editor shows a read-only notice). */
  content: string;
  /** Content as last saved to (or read from) the runtime. `dirty` is `content !== savedContent`. */
  savedContent: string;
  dirty: boolean;
  binary: boolean;
  /**
   * Set when the file changed on disk (shell, npm, agent) while the tab had unsaved edits: the user chooses
   * `resolveConflict(path, 'keep-mine' | 'take-theirs')`. Never resolved silently.
   */
  conflict: { diskContent: string } | null;
}

export interface WorkspaceMeta {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  /** Template it was created from, if any (for display). */
  template?: string;
  /** When the agent asks before a command, and the commands always allowed here (read with readApprovalSettings). */
  approvals?: ApprovalSettings;
}

/** Runtime facts the agent's system prompt summarizes. */
export interface RuntimeFacts {
  lastCommand: string | null;
  /**
   * The long-running command (a dev server) that was running when the workspace was last open: started again
   * when it opens, after its install. Null or absent when nothing was running.
   */
  startCommand?: string | null;
  serverRunning: boolean;
  ports: number[];
  installedPackages: string[];
}

export interface WorkspaceSnapshot {
  meta: WorkspaceMeta;
  tree: TreeNode[];
  /** Every file path in the workspace, sorted (for quick open and search). */
  files: string[];
  openFiles: OpenFile[];
  activePath: string | null;
  locks: ReadonlySet<string>;
  facts: RuntimeFacts;
  /** True when another tab holds this workspace for writing: every write is refused. */
  readOnly: boolean;
  /** A problem the user must see (quota exceeded, persistence failure); null when all is well. */
  persistenceError: string | null;
  /**
   * Files the runtime has but browser storage does not (refused, failed, or changed in a read-only tab), with
   * the reason in words. Their tabs count as unsaved; the tree marks them.
   */
  notSaved: ReadonlyMap<string, NotSaved>;
  /** Editor tabs whose unsaved text was brought back from the journal when the workspace opened. */
  restoredDrafts: readonly string[];
  /** Files the runtime holds under names storage cannot keep (path → reason): not in the tree, not saved. */
  unkept: ReadonlyMap<string, string>;
  /** Such files of the last session, which the reload could not bring back. */
  lostLastSession: readonly UnkeptFile[];
}

/** Why a file is not in browser storage. `temporary`: changed in a tab that only reads this workspace. */
export interface NotSaved {
  code: 'too-large' | 'quota' | 'failed' | 'temporary';
  reason: string;
}

export interface FileFailure extends NotSaved {
  path: string;
}

/** What one batch of writes did, per path. */
export interface FileStatusUpdate {
  saved: string[];
  failed: FileFailure[];
}

/** The unsaved-editor-text journal as the store drives it (journal.ts). */
export interface DraftJournalPort {
  /** The tabs now: dirty ones are journaled (debounced), the others' entries dropped. */
  update(tabs: readonly OpenFile[]): void;
  /** Writes what is pending now. */
  flush(): Promise<void>;
  /** Entries left by an earlier session of this workspace. */
  load(): Promise<{ path: string; content: string; base: string }[]>;
}

/** A named, user-actionable error (bad path, locked file, missing file, read-only workspace). */
export class WorkspaceError extends Error {
  constructor(
    public readonly code: 'bad-path' | 'locked' | 'not-found' | 'exists' | 'read-only' | 'too-large' | 'corrupt' | 'quota',
    message: string,
  ) {
    super(message);
    this.name = 'WorkspaceError';
  }
}

/**
 * The live workspace of this tab. The runtime's file system is the truth during a session; this store mirrors
 * it (runtime fs watch, batched) and writes through to it and to IndexedDB.
 */
export interface WorkspaceStore {
  readonly runtime: Runtime;
  /** For useSyncExternalStore: a new snapshot object after every change. */
  subscribe(listener: () => void): () => void;
  getSnapshot(): WorkspaceSnapshot;

  openFile(path: string): Promise<void>;
  closeFile(path: string): void;
  setActive(path: string): void;
  /** Editor changes; marks the tab dirty. */
  updateContent(path: string, content: string): void;
  /** Writes the tab's content to the runtime (and so to IndexedDB). Refuses locked files. */
  save(path: string): Promise<void>;
  saveAll(): Promise<void>;
  resolveConflict(path: string, choice: 'keep-mine' | 'take-theirs'): Promise<void>;

  createFile(path: string, content?: FileContent): Promise<void>;
  createFolder(path: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  /** Moves a file or folder into another folder (drag and drop). */
  move(path: string, intoFolder: string): Promise<void>;
  remove(path: string): Promise<void>;
  setLocked(path: string, locked: boolean): void;
  isLocked(path: string): boolean;

  readFile(path: string): Promise<Uint8Array>;
  /** Text search across workspace files (binary and node_modules skipped); bounded result count. */
  search(query: string, options?: { caseSensitive?: boolean; maxResults?: number }): Promise<SearchHit[]>;

  recordCommand(command: string): void;
  /** The dev server now serving the workspace, or null once it ended (kept for the next open). */
  recordStartCommand(command: string | null): void;
  /** Another tab took the workspace over: refuse writes from now on (and say so). */
  setReadOnly(readOnly: boolean, reason?: string): void;
  /** Persists everything pending now (pagehide / visibilitychange). */
  flush(): Promise<void>;
  /**
   * Added by the store (additive): resolves once pending fs watch events are applied and queued operations
   * have finished, so the snapshot reflects the runtime now (tests; the executor after a shell command).
   */
  settle(): Promise<void>;
  /**
   * Added by the store (additive): re-reads a folder (default: the whole workspace) from the runtime, for
   * a "refresh" action or after work whose fs events a runtime may not report.
   */
  refresh(path?: string): Promise<void>;
  /** Added by the store (additive): the user has seen `persistenceError`; clear it. */
  dismissPersistenceError(): void;
  /** Renames the workspace (its list entry and title), durably; refuses an empty or over-long name and a read-only tab. */
  renameWorkspace(name: string): Promise<void>;
  /** Stores the workspace's approval policy and allowed commands (durably, like a rename). */
  setApprovals(settings: ApprovalSettings): Promise<void>;
  /** Restored unsaved text: keep it (hide the notice) or discard it (tabs go back to the saved files). */
  dismissRestored(): void;
  discardRestored(): Promise<void>;
  /**
   * A read-only tab following the writer: the writer saved these paths (content null: deleted). Puts them into
   * this tab's runtime as saved files, not as temporary changes.
   */
  adoptSaved(files: readonly { path: string; content: FileContent | null }[]): Promise<void>;
  dispose(): void;
}

export interface SearchHit {
  path: string;
  /** 1-based line number. */
  line: number;
  /** 1-based column of the match. */
  column: number;
  /** The line's text, trimmed to a sane length around the match. */
  preview: string;
}

/** What survives a reload besides the files (IndexedDB store `state`). */
export interface PersistedState {
  meta: WorkspaceMeta;
  openPaths: string[];
  activePath: string | null;
  locks: string[];
  facts: RuntimeFacts;
  /** Files of this session under names storage cannot keep (see WorkspaceSnapshot.unkept); absent in old states. */
  unkept?: UnkeptFile[];
}

/**
 * Where the store sends what must survive a reload. Calls are queued, debounced and written in one
 * IndexedDB transaction per batch; `flush` writes everything queued now.
 */
export interface PersistenceSink {
  putFile(path: string, content: FileContent): void;
  /** Deletes the path and everything under it. */
  deletePath(path: string): void;
  putState(state: PersistedState): void;
  flush(): Promise<void>;
  /** Quota and other write failures, worded for the user. */
  onError(listener: (message: string) => void): () => void;
  /** Per-file outcome of each batch: what was saved, what failed and why. */
  onFileStatus?(listener: (update: FileStatusUpdate) => void): () => void;
  /** Where unsaved editor text is kept across a crash (absent: not journaled, e.g. read-only tabs). */
  journal?: DraftJournalPort;
}

/** Options for `createWorkspaceStore` (store.ts). */
export interface CreateStoreOptions {
  runtime: Runtime;
  persistence: PersistenceSink;
  /** Restored state (tabs, locks, facts); the files themselves are already in the runtime. */
  state: PersistedState;
  readOnly?: boolean;
}
