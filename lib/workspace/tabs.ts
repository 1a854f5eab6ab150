/** Open-tab transitions as pure functions: every change returns a new tab object (snapshots stay immutable). */
import type { DecodedContent } from './content';
import type { OpenFile } from './types';

export function tabFromDisk(path: string, disk: DecodedContent): OpenFile {
  return { path, content: disk.text, savedContent: disk.text, dirty: false, binary: disk.binary, conflict: null };
}

export function withContent(tab: OpenFile, content: string): OpenFile {
  return { ...tab, content, dirty: content !== tab.savedContent };
}

/**
 * The disk changed under an open tab. A clean tab follows the disk; a tab with unsaved edits is never
 * overwritten: if the disk now differs from what the tab last saved or read, the user gets a conflict to
 * resolve. Returns the same object when nothing changes (our own save's echo lands here).
 */
export function applyDisk(tab: OpenFile, disk: DecodedContent): OpenFile {
  if (!tab.dirty) {
    const same = tab.binary === disk.binary && tab.savedContent === disk.text;
    return same ? tab : tabFromDisk(tab.path, disk);
  }
  if (disk.text === tab.savedContent && !disk.binary) return tab.conflict ? { ...tab, conflict: null } : tab;
  if (tab.conflict?.diskContent === disk.text) return tab;
  return { ...tab, conflict: { diskContent: disk.text } };
}

/** The user saved `saved`; the editor may have moved on since the write started. */
export function afterSave(tab: OpenFile, saved: string): OpenFile {
  return { ...tab, savedContent: saved, dirty: tab.content !== saved, conflict: null };
}

/** Keep my edits: the disk version becomes the base, so the tab stays dirty until the user saves. */
export function keepMine(tab: OpenFile, diskContent: string): OpenFile {
  return { ...tab, savedContent: diskContent, dirty: tab.content !== diskContent, conflict: null };
}
