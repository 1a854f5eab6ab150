/** The store's preconditions: writable workspace, paths an operation may touch, free targets. */
import type { WorkspaceModel } from './model';
import { basename, dirname, normalizeWorkspacePath, tryNormalizeWorkspacePath } from './paths';
import { WorkspaceError } from './types';

export function assertWritable(model: WorkspaceModel): void {
  if (!model.readOnly) return;
  const why = model.readOnlyReason ? ` (${model.readOnlyReason})` : '';
  throw new WorkspaceError(
    'read-only',
    `This workspace is open for writing in another tab${why}: changes here are refused. Take it over to edit here.`,
  );
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
