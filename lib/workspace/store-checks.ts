/** The store's helpers over the model: preconditions (writable, paths, free targets) and what search reads. */
import { decodeContent } from './content';
import type { WorkspaceModel } from './model';
import { MAX_SEARCH_BYTES } from './search';
import { basename, dirname, normalizeWorkspacePath, tryNormalizeWorkspacePath } from './paths';
import { WorkspaceError } from './types';

export function assertWritable(model: WorkspaceModel): void {
  if (!model.readOnly) return;
  const why = model.readOnlyReason ? ` (${model.readOnlyReason})` : '';
  throw new WorkspaceError('read-only', `This workspace is open for writing in another tab${why}: changes here are refused. Take it over to edit here.`);
}

/** Normalizes a path that an operation will create, move or delete: the root itself is off limits. */
export function mutablePath(path: string): string {
  const target = normalizeWorkspacePath(path);
  if (target === '/') throw new WorkspaceError('bad-path', 'The workspace root itself cannot be created, moved or deleted');
  return target;
}

export async function typeOf(model: WorkspaceModel, path: string): Promise<'file' | 'directory' | null> {
  const known = model.index.typeOf(path);
  if (known) return known;
  const entries = await model.runtime.fs.readdir(dirname(path)).catch(() => []);
  return entries.find((entry) => entry.name === basename(path))?.type ?? null;
}

export async function assertFree(model: WorkspaceModel, path: string): Promise<void> {
  if (await typeOf(model, path)) throw new WorkspaceError('exists', `${path} already exists`);
  for (let parent = dirname(path); parent !== '/'; parent = dirname(parent)) {
    if ((await typeOf(model, parent)) === 'file') throw new WorkspaceError('bad-path', `Cannot create ${path}: ${parent} is a file`);
  }
}

export function normalizeAll(paths: readonly string[]): string[] {
  return [...new Set(paths.map(tryNormalizeWorkspacePath).filter((path): path is string => path !== null))];
}

/** What search sees: the editor's text for open tabs (unsaved edits included), else the disk. */
export async function searchableText(model: WorkspaceModel, path: string): Promise<string | null> {
  const tab = model.tab(path);
  if (tab && !tab.binary) return tab.content;
  const bytes = await model.runtime.fs.readFile(path).catch(() => null);
  if (!bytes || bytes.length > MAX_SEARCH_BYTES) return null;
  const decoded = decodeContent(bytes);
  return decoded.binary ? null : decoded.text;
}
