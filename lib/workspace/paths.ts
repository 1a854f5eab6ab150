/**
 * The one set of path rules for the workspace: the store, the file tree, zip import and the agent's tools all
 * pass user- or model-supplied paths through `normalizeWorkspacePath` before touching anything.
 *
 * A workspace path is "/"-rooted POSIX ("/src/a.js"; the root is "/"), with no "." or ".." segments and no
 * duplicate or trailing slashes.
 *
 * Decisions (tested in tests/unit/workspace-paths.test.ts):
 * - Percent escapes are NOT decoded: "%2e%2e" is a literal, legal file name, never "..". Paths are not URLs,
 *   and decoding in one place but not another is how traversal bugs happen.
 * - Unicode is kept as given (no NFC/NFD folding): the runtime's file system is the truth, and a name
 *   rewritten here would no longer match the file it names.
 * - Absolute paths are read as workspace-absolute ("/src" is the workspace's src), except the WebContainer
 *   workdir prefix "/home/project", which is stripped, and well-known system folders ("/etc", "/tmp", …),
 *   which are refused because a caller naming them means the real machine, not the workspace. A workspace
 *   folder with such a name is still reachable through a relative path ("tmp/x").
 */
import { WorkspaceError } from './types';
import { isInNodeModules } from '@/lib/runtime/port';

export const MAX_PATH_LENGTH = 1024;
export const MAX_SEGMENT_LENGTH = 255;

/** Where WebContainer mounts the workspace; tools and stack traces often print paths under it. */
const WORKDIR_SEGMENTS = ['home', 'project'];

/** First segments of absolute paths that clearly mean the host system rather than the workspace. */
// Deliberately short: "/lib", "/src", "/public" and "/bin" (Node CLIs) are everyday workspace folders.
const SYSTEM_FOLDERS = new Set(['etc', 'usr', 'proc', 'root', 'home', 'tmp', 'var', 'dev', 'sys']);

/** Installed again from package.json: never mirrored, persisted, exported or shown. */
const NEVER_KEPT_SEGMENT = 'node_modules';

/** Kept with the workspace (persisted, exported) but left out of the tree by default and out of search. */
const HIDDEN_SEGMENTS = new Set([NEVER_KEPT_SEGMENT, '.git']);

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

function refuse(input: string, reason: string): never {
  // Show the path without its control characters so the message itself stays printable.
  const shown = JSON.stringify(input.length > 120 ? `${input.slice(0, 120)}…` : input);
  throw new WorkspaceError('bad-path', `Invalid path ${shown}: ${reason}`);
}

/** The segments of `path` with "." and ".." resolved from "/" as POSIX does: ".." at the root stays there. */
export function rootedSegments(path: string): string[] {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') out.pop();
    else if (part !== '' && part !== '.') out.push(part);
  }
  return out;
}

/** Resolves "." and ".." over `segments`; returns null when ".." would climb above the start. */
function resolveSegments(parts: readonly string[]): string[] | null {
  const out: string[] = [];
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else {
      out.push(part);
    }
  }
  return out;
}

/**
 * Turns any path a user, a tool, a zip entry or a stack trace may give into a workspace path, or throws
 * `WorkspaceError('bad-path')` saying why not.
 */
export function normalizeWorkspacePath(input: string): string {
  if (typeof input !== 'string') refuse(String(input), 'a path must be a string');
  if (input.trim() === '') refuse(input, 'the path is empty');
  if (input.length > MAX_PATH_LENGTH) refuse(input, `the path is longer than ${MAX_PATH_LENGTH} characters`);
  if (CONTROL_CHARACTERS.test(input)) refuse(input, 'the path contains a NUL or other control character');
  if (/^[a-zA-Z]:/.test(input)) refuse(input, 'Windows drive paths are outside the workspace');
  if (input.startsWith('~')) refuse(input, 'home-folder paths (~) are outside the workspace');

  const slashed = input.replace(/\\/g, '/');
  const absolute = slashed.startsWith('/');
  const resolved = resolveSegments(slashed.split('/'));
  if (resolved === null) refuse(input, '".." climbs above the workspace root');

  let segments = resolved;
  if (absolute && segments.length > 0) {
    // Absolute paths were resolved against the machine's root, so "/home/project/../x" is "/home/x": outside.
    if (WORKDIR_SEGMENTS.every((name, i) => segments[i] === name)) {
      segments = segments.slice(WORKDIR_SEGMENTS.length);
    } else if (SYSTEM_FOLDERS.has(segments[0] ?? '')) {
      refuse(input, `/${segments[0]} is a system folder outside the workspace`);
    }
  }

  const tooLong = segments.find((segment) => segment.length > MAX_SEGMENT_LENGTH);
  if (tooLong !== undefined) refuse(input, `a name is longer than ${MAX_SEGMENT_LENGTH} characters`);
  return '/' + segments.join('/');
}

/**
 * Whether an absolute path names one of the machine's folders ("/tmp/x", "/usr/local/bin/node") rather than the
 * workspace: programs in the runtime write there (temporary files, caches), and none of it belongs to the project.
 */
export function isSystemFolderPath(input: string): boolean {
  if (!input.startsWith('/')) return false;
  const first = input.slice(1).split('/', 1)[0] ?? '';
  return SYSTEM_FOLDERS.has(first);
}

/** Like `normalizeWorkspacePath`, but returns null instead of throwing (for filtering lists). */
export function tryNormalizeWorkspacePath(input: string): string | null {
  try {
    return normalizeWorkspacePath(input);
  } catch {
    return null;
  }
}

// The helpers below take normalized workspace paths (they do not validate).

/** "/a/b.js" → "/a"; "/a" → "/"; "/" → "/". */
export function dirname(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
}

/** "/a/b.js" → "b.js"; "/" → "". */
export function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Joins and normalizes, so the result obeys the same rules (throws `bad-path` like normalize). */
export function joinPath(...parts: string[]): string {
  return normalizeWorkspacePath(parts.filter((part) => part !== '').join('/') || '/');
}

/** True when `path` is `folder` itself or anywhere below it. */
export function isInside(path: string, folder: string): boolean {
  if (folder === '/') return true;
  return path === folder || path.startsWith(`${folder}/`);
}

/** Lower-case extension without the dot ("ts" for "/a/b.test.TS"); "" for none and for dotfiles. */
export function extension(path: string): string {
  const name = basename(path);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** node_modules and .git, anywhere in the path: not in the tree (unless hidden folders are shown), not searched. */
export function isHiddenFromTree(path: string): boolean {
  return path.split('/').some((segment) => HIDDEN_SEGMENTS.has(segment));
}

/**
 * node_modules, anywhere in the path: never mirrored from the runtime, persisted or exported. `.git` is kept:
 * the repository is part of the project, so `git log` still works after a reload and in an exported zip.
 */
export function isNeverPersisted(path: string): boolean {
  return isInNodeModules(path);
}

/** Rebases `path` from under `from` to under `to` ("/a/x", "/a", "/b" → "/b/x"). */
export function rebase(path: string, from: string, to: string): string {
  if (path === from) return to;
  return to === '/' ? path.slice(from.length) : to + path.slice(from.length);
}
