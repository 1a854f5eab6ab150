/**
 * The one IndexedDB database every workspace lives in, and its schema. Files are keyed by
 * [workspaceId, path] so one workspace's files form a contiguous key range: a folder delete is a single
 * range delete, and loading a workspace is one `getAll` on the `byWorkspace` index.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { AuditStores } from '@/lib/agent/audit-entry';
import type { ConversationStores } from '@/lib/chat/conversation-record';
import type { CheckpointStores } from './checkpoints/types';
import type { FileContent, PersistedState } from './types';

export const DB_NAME = 'tabsmith';
/**
 * 2: the agent's `audit` store. 3: `chunks` (large files in pieces) and `journal` (unsaved editor text).
 * 4: checkpoints (`checkpoints`, `checkpointBases`, `blobs`; see lib/workspace/checkpoints).
 * Upgrades only ever add; existing stores are left as they are.
 */
export const DB_VERSION = 4;

/** Where a large file's bytes are: `count` pieces under [workspaceId, path, gen, 0…count-1] in `chunks`. */
export interface ChunkRef {
  gen: number;
  count: number;
  size: number;
}

export interface StoredFile {
  workspaceId: string;
  /** Workspace path ("/src/a.js"). */
  path: string;
  /** The file itself, or '' when `chunked` says where its bytes are. */
  content: FileContent;
  lastModified: number;
  /** Bytes on disk (absent in records written before version 3). */
  size?: number;
  chunked?: ChunkRef;
}

/** An editor buffer with unsaved text, kept so a crash or a reload does not lose it. */
export interface JournalEntry {
  workspaceId: string;
  path: string;
  /** What the editor showed. */
  content: string;
  /** What the file held when the editing started: a restore is offered only against the same base. */
  base: string;
  at: number;
}

/**
 * Every store of the database. Each feature declares its own stores beside its records (conversations, the audit
 * log, checkpoints); the workspace's files, state, chunks and journal are declared here.
 */
export interface TabsmithSchema extends DBSchema, ConversationStores, AuditStores, CheckpointStores {
  files: { key: [string, string]; value: StoredFile; indexes: { byWorkspace: string } };
  state: { key: string; value: PersistedState };
  /** Pieces of large files, keyed [workspaceId, path, gen, index] (see ChunkRef). */
  chunks: { key: [string, string, number, number]; value: Uint8Array };
  journal: { key: [string, string]; value: JournalEntry };
}

export type TabsmithDB = IDBPDatabase<TabsmithSchema>;

/**
 * Opens (and on first use creates) the database. `name` is for tests, which want a fresh database each.
 * A newer version opened in another tab asks us to close so its upgrade is not blocked forever.
 */
export function openDatabase(name: string = DB_NAME): Promise<TabsmithDB> {
  return openDB<TabsmithSchema>(name, DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        const files = db.createObjectStore('files', { keyPath: ['workspaceId', 'path'] });
        files.createIndex('byWorkspace', 'workspaceId');
        db.createObjectStore('state', { keyPath: 'meta.id' });
        const conversations = db.createObjectStore('conversations', { keyPath: ['workspaceId', 'id'] });
        conversations.createIndex('byWorkspace', 'workspaceId');
      }
      if (oldVersion < 2) {
        const audit = db.createObjectStore('audit', { keyPath: 'id', autoIncrement: true });
        audit.createIndex('byWorkspace', 'workspaceId');
      }
      if (oldVersion < 3) {
        db.createObjectStore('chunks');
        db.createObjectStore('journal', { keyPath: ['workspaceId', 'path'] });
      }
      if (oldVersion < 4) {
        db.createObjectStore('checkpoints', { keyPath: ['workspaceId', 'id'] });
        db.createObjectStore('checkpointBases', { keyPath: ['workspaceId', 'id'] });
        db.createObjectStore('blobs');
      }
    },
    blocking(_current, _blocked, event) {
      (event.target as IDBDatabase | null)?.close();
    },
  });
}

/** Key range of one path and everything under it, within one workspace. */
export function subtreeRange(workspaceId: string, path: string): IDBKeyRange {
  const prefix = path.endsWith('/') ? path : `${path}/`;
  // '0' is the character right after '/', so [prefix, prefix-with-'/'-as-'0') is exactly "starts with prefix".
  const upper = `${prefix.slice(0, -1)}0`;
  return IDBKeyRange.bound([workspaceId, prefix], [workspaceId, upper], false, true);
}

/** Every key of one workspace in a store keyed by [workspaceId, …]. */
export function workspaceRange(workspaceId: string): IDBKeyRange {
  // Arrays sort after strings in IndexedDB key order, so [id, []] is above every [id, "<string>"].
  return IDBKeyRange.bound([workspaceId], [workspaceId, []]);
}

/**
 * A Uint8Array view shares its ArrayBuffer; structured clone would store the whole buffer, so store a
 * tight copy when the view does not cover it.
 */
export function tightBytes(content: FileContent): FileContent {
  if (typeof content === 'string') return content;
  if (content.byteOffset === 0 && content.byteLength === content.buffer.byteLength) return content;
  return content.slice();
}
