/**
 * Unsaved editor text across sessions, on the model: bringing journaled drafts back into tabs when a
 * workspace opens, and throwing them away when the user says so. Also the read-only tab's way of taking in
 * what the writing tab saved.
 */
import type { RuntimeFs } from '@/lib/runtime/port';
import { decodeContent, fingerprint } from './content';
import type { WorkspaceModel } from './model';
import { tryNormalizeWorkspacePath } from './paths';
import { applyDisk, tabFromDisk, withContent } from './tabs';
import type { FileContent, OpenFile } from './types';

async function diskText(fs: RuntimeFs, path: string): Promise<string | null> {
  const bytes = await fs.readFile(path).catch(() => null);
  if (!bytes) return null;
  const decoded = decodeContent(bytes);
  return decoded.binary ? null : decoded.text;
}

/**
 * Puts journaled drafts back into tabs (opening them if needed). A draft equal to the file is dropped (its
 * save landed); a file that changed since the draft's base gets a conflict, so nothing is overwritten silently.
 * Returns the restored paths.
 */
export async function restoreDrafts(model: WorkspaceModel, drafts: readonly { path: string; content: string; base: string }[]): Promise<string[]> {
  const restored: string[] = [];
  for (const draft of drafts) {
    const path = tryNormalizeWorkspacePath(draft.path);
    if (path === null || model.index.typeOf(path) === 'directory') continue;
    const existing = model.tab(path);
    if (existing?.binary) continue;
    const disk = existing ? existing.savedContent : await diskText(model.runtime.fs, path);
    if (draft.content === (disk ?? '')) continue;
    const conflict = disk !== null && disk !== draft.base ? { diskContent: disk } : null;
    if (existing) {
      model.replaceTab(path, (tab) => ({ ...withContent(tab, draft.content), conflict }));
    } else {
      const tab: OpenFile = { path, content: draft.content, savedContent: disk ?? '', dirty: true, binary: false, conflict };
      model.tabs = [...model.tabs, tab];
    }
    restored.push(path);
  }
  if (restored.length > 0 && model.activePath === null) model.activePath = restored[0] ?? null;
  return restored;
}

/** "Discard": restored tabs go back to the files as saved (or close, when there is no such file). */
export async function discardDrafts(model: WorkspaceModel, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    const bytes = await model.runtime.fs.readFile(path).catch(() => null);
    if (bytes) model.replaceTab(path, () => tabFromDisk(path, decodeContent(bytes)));
    else model.closeTabsWhere((tab) => tab.path === path);
  }
}

/** The writing tab saved these files: this read-only tab's runtime and tabs take them as saved, not temporary. */
export async function adoptSaved(model: WorkspaceModel, files: readonly { path: string; content: FileContent | null }[]): Promise<void> {
  const fs = model.runtime.fs;
  for (const { path, content } of files) {
    if (content === null) {
      await fs.rm(path).catch(() => undefined);
      model.pathRemoved(path, false);
      continue;
    }
    await fs.writeFile(path, content);
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    // The fingerprint first, so the watch echo of this write is not taken for a change made in this tab.
    model.known.set(path, fingerprint(bytes));
    model.index.add(path, 'file');
    model.forgetNotSaved(path);
    model.replaceTab(path, (tab) => applyDisk(tab, decodeContent(bytes)));
  }
}
