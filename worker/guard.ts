/**
 * The checks every tool makes before touching the workspace: the path rules (the one module,
 * lib/workspace/paths.ts), the user's file locks and the read-only state. Model-supplied input never reaches
 * the runtime without passing here.
 */
import { isInside, normalizeWorkspacePath } from '@/lib/workspace/paths';
import { WorkspaceError, type WorkspaceStore } from '@/lib/workspace/types';
import { ToolFailure } from '@/lib/agent/tool-failure';

/** A model-supplied path → a workspace path ("/src/a.js"), or BadPath saying why not. */
export function workspacePath(input: string): string {
  try {
    return normalizeWorkspacePath(input);
  } catch (error) {
    const reason = error instanceof WorkspaceError ? error.message : String(error);
    throw new ToolFailure('BadPath', `${reason}. Use a path inside the workspace, e.g. "src/App.jsx".`);
  }
}

/** Like workspacePath, but the root itself is refused (deleting or overwriting "/" is never what was meant). */
export function workspaceEntryPath(input: string): string {
  const path = workspacePath(input);
  if (path === '/') throw new ToolFailure('BadPath', `"${input}" is the workspace root; name a file or folder inside it.`);
  return path;
}

/** Paths without the leading "/" read the way the model wrote them ("src/a.js"). */
export function displayPath(path: string): string {
  return path === '/' ? '/' : path.slice(1);
}

export function assertWritable(store: WorkspaceStore): void {
  if (store.getSnapshot().readOnly) {
    throw new ToolFailure('ReadOnly', 'The workspace is read-only in this tab (another tab holds it for writing). Ask the user to take it over, then retry.');
  }
}

/**
 * Refuses `path` when it, a folder above it, or (for folders being moved/deleted) anything below it is locked
 * by the user. `action` completes "…so it cannot be <action>".
 */
export function assertUnlocked(store: WorkspaceStore, path: string, action: string): void {
  const below = [...store.getSnapshot().locks].find((lock) => lock !== path && isInside(lock, path));
  const locked = store.isLocked(path) ? path : below;
  if (locked === undefined) return;
  const what = locked === path ? displayPath(path) : `${displayPath(locked)} (inside ${displayPath(path)})`;
  throw new ToolFailure('FileLocked', `${what} is locked by the user, so it cannot be ${action}. Leave it unchanged, or ask the user to unlock it.`);
}
