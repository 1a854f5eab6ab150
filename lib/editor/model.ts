/** What the editor chrome (tabs, banners) shows, derived from the snapshot without any file contents. */
import type { WorkspaceSnapshot } from '@/lib/workspace';
import { displayName } from '@/lib/workspace/display-name';

export interface TabInfo {
  path: string;
  name: string;
  dirty: boolean;
  binary: boolean;
  conflict: boolean;
  locked: boolean;
  /** Browser storage does not hold this file (see WorkspaceSnapshot.notSaved). */
  notSaved: boolean;
}

interface EditorChrome {
  tabs: TabInfo[];
  activePath: string | null;
  readOnly: boolean;
}

export const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1) || path;

export function selectChrome(snapshot: WorkspaceSnapshot): EditorChrome {
  return {
    tabs: snapshot.openFiles.map((file) => ({
      path: file.path,
      name: baseName(file.path),
      dirty: file.dirty,
      binary: file.binary,
      conflict: file.conflict !== null,
      locked: snapshot.locks.has(file.path),
      notSaved: snapshot.notSaved.has(file.path),
    })),
    activePath: snapshot.activePath,
    readOnly: snapshot.readOnly,
  };
}

const sameTab = (a: TabInfo, b: TabInfo) =>
  a.path === b.path && a.dirty === b.dirty && a.binary === b.binary && a.conflict === b.conflict && a.locked === b.locked && a.notSaved === b.notSaved;

export function sameChrome(a: EditorChrome, b: EditorChrome): boolean {
  return (
    a.activePath === b.activePath &&
    a.readOnly === b.readOnly &&
    a.tabs.length === b.tabs.length &&
    a.tabs.every((tab, i) => {
      const other = b.tabs[i];
      return other !== undefined && sameTab(tab, other);
    })
  );
}

/** The tab's accessible name: the file name plus what a sighted user reads from its markers. */
export function tabLabel(tab: TabInfo): string {
  const notes = [tab.dirty && 'unsaved changes', tab.notSaved && 'not saved', tab.conflict && 'changed on disk', tab.locked && 'locked'].filter(Boolean);
  const name = displayName(tab.name);
  return notes.length ? `${name}, ${notes.join(', ')}` : name;
}
