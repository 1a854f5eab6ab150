/**
 * Files a program in the runtime made under names browser storage cannot keep (a name over 255 characters,
 * control characters, a line break). The runtime holds them for the session; the workspace cannot store, show
 * or export them. The user is told which, by name and reason, while they exist; and because a reload rebuilds
 * the runtime from storage, the list goes into the workspace's saved state, so the next session says which
 * files did not survive instead of losing them without a word.
 */
import { displayName } from './display-name';

export interface UnkeptFile {
  /** As the runtime names it (a workspace path that the path rules refuse). */
  path: string;
  reason: string;
}

/** At most this many names are carried into the saved state (a program making thousands needs no full list). */
export const MAX_UNKEPT_REMEMBERED = 50;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The alert while such files exist; the list under it names each with its reason. */
export function unkeptMessage(count: number): string {
  return `${plural(count, 'file', 'files')} made by a program in the runtime ${count === 1 ? 'has a name' : 'have names'} browser storage cannot keep: not saved, not shown in the tree and not exported, and gone after a reload. Rename ${count === 1 ? 'it' : 'them'} in the terminal (mv) to keep ${count === 1 ? 'it' : 'them'}.`;
}

/** The alert after a reload, for the files of the last session that could not be kept. */
export function lostMessage(files: readonly UnkeptFile[]): string {
  return `${plural(files.length, 'file', 'files')} made by a program ${files.length === 1 ? 'was' : 'were'} not saved in your last session (${files.length === 1 ? 'its name' : 'their names'} could not be stored) and ${files.length === 1 ? 'is' : 'are'} gone.`;
}

/** The reason a path was refused, without the path itself (the list shows the path next to it). */
export function refusalReason(message: string): string {
  const reason = /^Invalid path "(?:[^"\\]|\\.)*…?": (.*)$/s.exec(message)?.[1] ?? message;
  return reason.charAt(0).toUpperCase() + reason.slice(1);
}

/** A path as the alert shows it: characters that are invisible or reorder text are spelled out. */
export const shownPath = (path: string): string => displayName(path);

/** The saved state's form of the list; anything malformed in an old state is dropped. */
export function readUnkept(value: unknown): UnkeptFile[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is UnkeptFile => typeof item === 'object' && item !== null && typeof item.path === 'string' && typeof item.reason === 'string')
    .slice(0, MAX_UNKEPT_REMEMBERED);
}
