/**
 * The rules every import follows, whatever it came from (zip, folder picker, drag and drop): entry names go
 * through the workspace path rules with no ".." and no absolute paths (zip-slip), node_modules and
 * folders are skipped (.git is kept: an exported workspace comes back with its history), limits are checked before anything is decoded, a single wrapping top-level folder
 * (GitHub's "repo-main/…") is stripped, and bytes become text when they are UTF-8, or stay bytes.
 */
import { decodeContent } from './content';
import { isNeverPersisted, normalizeWorkspacePath } from './paths';
import { WorkspaceError, type FileContent } from './types';
import { megabytes } from '../bytes';
import { errorMessage } from '../error-message';

export interface ImportLimits {
  /** Sum of the files' uncompressed sizes. Default 100 MB. */
  maxTotalBytes?: number;
  /** Default 10,000. */
  maxFiles?: number;
}

export const DEFAULT_MAX_TOTAL_BYTES = 100 * 1024 * 1024;
const DEFAULT_MAX_FILES = 10_000;

export interface ImportedFile {
  /** Workspace path ("/src/a.js"). */
  path: string;
  content: FileContent;
}

/**
 * Checks one entry name from an archive or a folder. Returns the workspace path, or null for entries that
 * are skipped (folders, node_modules, macOS resource forks). Throws `bad-path` naming the entry for
 * anything that tries to leave the workspace: the caller fails the whole import, it does not skip it.
 */
export function checkEntryName(name: string): string | null {
  const slashed = name.replace(/\\/g, '/');
  if (slashed.endsWith('/')) return null;
  const shown = JSON.stringify(name.length > 120 ? `${name.slice(0, 120)}…` : name);
  if (slashed.startsWith('/') || /^[a-zA-Z]:/.test(slashed)) {
    throw new WorkspaceError('bad-path', `The archive entry ${shown} has an absolute path. Nothing was imported.`);
  }
  if (slashed.split('/').includes('..')) {
    throw new WorkspaceError('bad-path', `The archive entry ${shown} points outside the folder (".."). Nothing was imported.`);
  }
  let path: string;
  try {
    path = normalizeWorkspacePath(slashed);
  } catch (error) {
    const reason = errorMessage(error);
    throw new WorkspaceError('bad-path', `The archive entry ${shown} has an invalid name (${reason}). Nothing was imported.`);
  }
  if (path === '/') return null;
  if (isNeverPersisted(path) || path.startsWith('/__MACOSX/') || path.endsWith('/.DS_Store') || path === '/.DS_Store') return null;
  return path;
}

/** Throws `too-large` when the counted entries exceed the limits (checked before decompressing). */
export function checkLimits(count: number, totalBytes: number, limits: ImportLimits = {}): void {
  const maxFiles = limits.maxFiles ?? DEFAULT_MAX_FILES;
  const maxTotal = limits.maxTotalBytes ?? DEFAULT_MAX_TOTAL_BYTES;
  if (count > maxFiles) {
    throw new WorkspaceError(
      'too-large',
      `Too many files: ${count.toLocaleString('en')} (the limit is ${maxFiles.toLocaleString('en')}). Nothing was imported.`,
    );
  }
  if (totalBytes > maxTotal) {
    throw new WorkspaceError('too-large', `Too large: ${megabytes(totalBytes)} of files (the limit is ${megabytes(maxTotal)}). Nothing was imported.`);
  }
}

/** The single top-level folder every path is inside ("/repo-main"), or null when there is none. */
function commonRootFolder(paths: readonly string[]): string | null {
  let root: string | null = null;
  for (const path of paths) {
    const cut = path.indexOf('/', 1);
    if (cut === -1) return null; // a file at the top level: nothing wraps everything
    const first = path.slice(0, cut);
    if (root === null) root = first;
    else if (root !== first) return null;
  }
  return root;
}

/** Strips the wrapping folder (GitHub-style zips, a picked folder) from every path, if there is one. */
export function stripCommonRoot<T extends { path: string }>(files: readonly T[]): T[] {
  const root = commonRootFolder(files.map((f) => f.path));
  if (root === null) return [...files];
  return files.map((f) => ({ ...f, path: f.path.slice(root.length) }));
}

/** Text when the bytes are UTF-8 (what the editor needs), the bytes themselves otherwise. */
export function toContent(bytes: Uint8Array): FileContent {
  const decoded = decodeContent(bytes);
  return decoded.binary ? bytes : decoded.text;
}

/** Rejects two entries that land on the same path (e.g. "a\\b" and "a/b"): ambiguous, so not guessed. */
export function checkDuplicates(paths: readonly string[]): void {
  const seen = new Set<string>();
  for (const path of paths) {
    if (seen.has(path)) throw new WorkspaceError('corrupt', `The archive contains "${path.slice(1)}" twice. Nothing was imported.`);
    seen.add(path);
  }
}
