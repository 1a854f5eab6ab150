/**
 * The workspace list: create (from a template, an import, or empty), rename, duplicate, delete. Each
 * operation that touches several records does so in one transaction, so a crash never leaves half a
 * workspace behind (an import that fails creates nothing).
 */
import { asBytes, byteLength, CHUNK_BYTES, CHUNK_FROM_BYTES, MAX_STORED_FILE_BYTES, tooLargeMessage } from './chunks';
import { tightBytes, workspaceRange, type StoredFile, type TabsmithDB } from './db';
import { forgetWorkspace } from './checkpoints/session';
import type { ImportedHistory, writeHistory as writeHistoryType } from './checkpoints/transfer';
import { isPersistablePath } from './persistence';
import { getTemplate, type TemplateId } from './templates';
import { WorkspaceError, type FileContent, type PersistedState, type WorkspaceMeta } from './types';
import { conversationChatId, summaryCache } from '@/lib/agent/context/summary-cache';

export { openDatabase, type TabsmithDB } from './db';

export const MAX_NAME_LENGTH = 80;

export function validateWorkspaceName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0) throw new WorkspaceError('bad-path', 'Give the workspace a name.');
  if (trimmed.length > MAX_NAME_LENGTH) {
    throw new WorkspaceError('bad-path', `Workspace names can be at most ${MAX_NAME_LENGTH} characters (this one has ${trimmed.length}).`);
  }
  return trimmed;
}

function emptyFacts(): PersistedState['facts'] {
  return { lastCommand: null, serverRunning: false, ports: [], installedPackages: [] };
}

/** Newest first: the one worked on last is the one most likely wanted. */
export async function listWorkspaces(db: TabsmithDB): Promise<WorkspaceMeta[]> {
  const states = await db.getAll('state');
  return states.map((s) => s.meta).sort((a, b) => b.updatedAt - a.updatedAt || a.name.localeCompare(b.name));
}

export async function getWorkspace(db: TabsmithDB, id: string): Promise<WorkspaceMeta | null> {
  return (await db.get('state', id))?.meta ?? null;
}

export interface CreateWorkspaceInput {
  name: string;
  template?: TemplateId | null;
  /**
   * Imported files (zip or folder), already checked by zip.ts / import-files.ts. Added after the template's.
   * A checkpoint history among them (an export with "include history") becomes the workspace's checkpoints.
   */
  files?: { path: string; content: FileContent }[];
}

/** Leading "/" so every stored path is a workspace path, whatever the caller passed. */
function rooted(path: string): string {
  return path.startsWith('/') ? path : `/${path}`;
}

const HISTORY_INDEX = '/.tabsmith/history/checkpoints.json';

/**
 * Checkpoint history among imported files, taken out and checked. The checkpoint code loads only when there
 * is some, so the launcher, which creates workspaces, does not carry it.
 */
async function takeHistory(files: { path: string; content: FileContent }[]) {
  if (!files.some((file) => file.path === HISTORY_INDEX))
    return { files, history: null as ImportedHistory | null, write: null as typeof writeHistoryType | null };
  const { splitHistory, writeHistory } = await import('./checkpoints/transfer');
  return { ...(await splitHistory(files)), write: writeHistory };
}

export async function createWorkspace(db: TabsmithDB, input: CreateWorkspaceInput): Promise<WorkspaceMeta> {
  const name = validateWorkspaceName(input.name);
  const template = input.template ? getTemplate(input.template) : null;
  if (input.template && !template) throw new WorkspaceError('not-found', `There is no template called "${input.template}".`);
  const now = Date.now();
  const meta: WorkspaceMeta = { id: crypto.randomUUID(), name, createdAt: now, updatedAt: now, ...(template ? { template: template.id } : {}) };
  const imported = await takeHistory((input.files ?? []).map((file) => ({ path: rooted(file.path), content: file.content })));
  const files = new Map<string, FileContent>();
  for (const file of template?.files ?? []) files.set(rooted(file.path), file.content);
  for (const file of imported.files) files.set(file.path, file.content);
  const openPaths = (template?.open ?? []).map(rooted).filter((p) => files.has(p));
  const state: PersistedState = { meta, openPaths, activePath: openPaths[0] ?? null, locks: [], facts: emptyFacts() };

  for (const [path, content] of files) {
    const size = byteLength(content);
    if (size > MAX_STORED_FILE_BYTES) throw new WorkspaceError('too-large', tooLargeMessage(path, size));
  }

  const tx = db.transaction(['files', 'state', 'chunks', 'checkpoints', 'checkpointBases', 'blobs'], 'readwrite');
  const writes: Promise<unknown>[] = [tx.objectStore('state').add(state)];
  if (imported.history && imported.write) writes.push(...imported.write(tx, meta.id, imported.history));
  for (const [path, content] of files) {
    if (!isPersistablePath(path)) continue;
    const size = byteLength(content);
    if (size < CHUNK_FROM_BYTES) {
      writes.push(tx.objectStore('files').put({ workspaceId: meta.id, path, content: tightBytes(content), lastModified: now, size }));
      continue;
    }
    // Large imported files in pieces (no single value near the browser's limit), in the same transaction.
    const bytes = asBytes(content);
    const count = Math.ceil(size / CHUNK_BYTES);
    for (let index = 0; index < count; index++) {
      writes.push(tx.objectStore('chunks').put(bytes.slice(index * CHUNK_BYTES, (index + 1) * CHUNK_BYTES), [meta.id, path, 1, index]));
    }
    const record: StoredFile = { workspaceId: meta.id, path, content: '', lastModified: now, size, chunked: { gen: 1, count, size } };
    writes.push(tx.objectStore('files').put(record));
  }
  await Promise.all([...writes, tx.done]);
  return meta;
}

export async function renameWorkspace(db: TabsmithDB, id: string, name: string): Promise<WorkspaceMeta> {
  const valid = validateWorkspaceName(name);
  const tx = db.transaction('state', 'readwrite');
  const state = await tx.store.get(id);
  if (!state) throw new WorkspaceError('not-found', 'This workspace no longer exists.');
  const meta = { ...state.meta, name: valid, updatedAt: Date.now() };
  await Promise.all([tx.store.put({ ...state, meta }), tx.done]);
  return meta;
}

/** The copy's name: "<name> copy", shortened so it stays a valid name. */
export function copyName(name: string): string {
  const suffix = ' copy';
  return `${name.slice(0, MAX_NAME_LENGTH - suffix.length).trimEnd()}${suffix}`;
}

/** A new workspace with the same files and tabs (not the conversations: those belong to the original). */
export async function duplicateWorkspace(db: TabsmithDB, id: string): Promise<WorkspaceMeta> {
  const tx = db.transaction(['files', 'state', 'chunks'], 'readwrite');
  const state = await tx.objectStore('state').get(id);
  if (!state) throw new WorkspaceError('not-found', 'This workspace no longer exists.');
  const records = await tx.objectStore('files').getAll(workspaceRange(id));
  const chunkKeys = await tx.objectStore('chunks').getAllKeys(workspaceRange(id));
  const now = Date.now();
  const meta: WorkspaceMeta = { ...state.meta, id: crypto.randomUUID(), name: copyName(state.meta.name), createdAt: now, updatedAt: now };
  const writes: Promise<unknown>[] = [tx.objectStore('state').add({ ...state, meta })];
  for (const record of records) {
    const copy: StoredFile = { ...record, workspaceId: meta.id };
    writes.push(tx.objectStore('files').put(copy));
  }
  // Large files' pieces, one at a time so the copy never holds the whole workspace in memory.
  for (const [, path, gen, index] of chunkKeys) {
    const piece = await tx.objectStore('chunks').get([id, path, gen, index]);
    if (piece) writes.push(tx.objectStore('chunks').put(piece, [meta.id, path, gen, index]));
  }
  await Promise.all([...writes, tx.done]);
  return meta;
}

/** Deletes the workspace, its files, its conversations and its checkpoints, all or nothing. */
export async function deleteWorkspace(db: TabsmithDB, id: string): Promise<void> {
  const tx = db.transaction(['files', 'state', 'conversations', 'audit', 'chunks', 'journal', 'checkpoints', 'checkpointBases', 'blobs'], 'readwrite');
  // The audit log is keyed by an autoincrement id: its entries for this workspace come from the index.
  const auditKeys = await tx.objectStore('audit').index('byWorkspace').getAllKeys(id);
  await Promise.all([
    tx.objectStore('state').delete(id),
    tx.objectStore('files').delete(workspaceRange(id)),
    tx.objectStore('conversations').delete(workspaceRange(id)),
    tx.objectStore('chunks').delete(workspaceRange(id)),
    tx.objectStore('journal').delete(workspaceRange(id)),
    tx.objectStore('checkpoints').delete(workspaceRange(id)),
    tx.objectStore('checkpointBases').delete(workspaceRange(id)),
    tx.objectStore('blobs').delete(workspaceRange(id)),
    ...auditKeys.map((key) => tx.objectStore('audit').delete(key)),
    tx.done,
  ]);
  forgetWorkspace(id);
  summaryCache.forget(conversationChatId(id));
}
