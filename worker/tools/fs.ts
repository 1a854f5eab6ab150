/** The file tools: write, read (with a line range and a size cap), list, delete, move. Edits: fs-edit.ts. */
import { dirname, isHiddenFromTree, isInside } from '@/lib/workspace/paths';
import { ToolFailure } from '@/lib/agent/tool-failure';
import { assertUnlocked, assertWritable, displayPath, workspaceEntryPath, workspacePath } from '../guard';
import type { ToolHandler } from './context';
import { pathType, readText } from './fs-read';

/** Past these, a read is cut with a note, so one large file cannot fill the model's context. */
const READ_MAX_CHARS = 100_000;
const READ_MAX_LINES = 2_000;
const LIST_MAX_ENTRIES = 2_000;

export const writeFile: ToolHandler<'fs_writeFile'> = async (args, { runtime, store }) => {
  const path = workspaceEntryPath(args.path);
  assertWritable(store);
  assertUnlocked(store, path, 'overwritten');
  const existing = await pathType(runtime.fs, path);
  if (existing === 'directory') throw new ToolFailure('IsDirectory', `${displayPath(path)} is a folder; choose a file path.`);
  // A file larger than one call is written in parts: each further part is appended to what the last ones wrote.
  const appended = args.append === true && existing === 'file';
  const content = appended ? (await readText(runtime.fs, path)) + args.content : args.content;
  await runtime.fs.writeFile(path, content);
  // The tree and open editors mirror the runtime through its watch events; wait so they show the file now.
  await store.settle();
  return { ok: true, path, bytes: new TextEncoder().encode(content).byteLength, created: existing === null, ...(args.append ? { appended } : {}) };
};

export const readFile: ToolHandler<'fs_readFile'> = async (args, { runtime }) => {
  const path = workspaceEntryPath(args.path);
  const text = await readText(runtime.fs, path);
  // A final newline ends the last line; it does not start another one.
  const lines = (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');
  const totalLines = text === '' ? 0 : lines.length;
  const first = args.startLine ?? 1;
  const last = Math.min(args.endLine ?? totalLines, totalLines);
  if (args.endLine !== undefined && args.endLine < first) {
    throw new ToolFailure('InvalidArguments', `endLine (${args.endLine}) is before startLine (${first}).`);
  }
  if (first > Math.max(totalLines, 1)) {
    return { ok: true, path, content: '', totalLines, truncated: false, note: `${displayPath(path)} has only ${totalLines} lines.` };
  }
  const ranged = args.startLine !== undefined || args.endLine !== undefined;
  let shownLast = Math.min(last, first + READ_MAX_LINES - 1);
  let content = lines.slice(first - 1, shownLast).join('\n');
  if (content.length > READ_MAX_CHARS) {
    content = content.slice(0, READ_MAX_CHARS);
    // Stop at the last whole line so the next read can start cleanly at shownLast + 1.
    const cut = content.lastIndexOf('\n');
    if (cut > 0) content = content.slice(0, cut);
    shownLast = first + content.split('\n').length - 1;
  }
  const truncated = shownLast < last;
  if (!ranged && !truncated) content = text;
  const note = truncated
    ? `Showing lines ${first}–${shownLast} of ${totalLines} (cut at ${READ_MAX_LINES} lines / ${READ_MAX_CHARS / 1000} KB). Read more with startLine: ${shownLast + 1}.`
    : ranged
      ? `Lines ${first}–${last} of ${totalLines}.`
      : undefined;
  return { ok: true, path, content, totalLines, truncated, ...(note ? { note } : {}) };
};

export const listFiles: ToolHandler<'fs_listFiles'> = async (args, { runtime, signal }) => {
  const root = workspacePath(args.dir ?? '/');
  const type = await pathType(runtime.fs, root);
  if (type === null) throw new ToolFailure('NotFound', `${displayPath(root)} does not exist.`);
  if (type === 'file') throw new ToolFailure('IsDirectory', `${displayPath(root)} is a file, not a folder; use fs_readFile.`);
  const entries: { path: string; type: 'file' | 'directory' }[] = [];
  const pending = [root];
  let truncated = false;
  while (pending.length > 0 && !truncated) {
    signal.throwIfAborted();
    const folder = pending.shift() as string;
    const children = await runtime.fs.readdir(folder);
    children.sort((a, b) => (a.type === b.type ? a.name.localeCompare(b.name) : a.type === 'directory' ? -1 : 1));
    for (const child of children) {
      const path = folder === '/' ? `/${child.name}` : `${folder}/${child.name}`;
      if (isHiddenFromTree(path)) continue;
      if (entries.length >= LIST_MAX_ENTRIES) {
        truncated = true;
        break;
      }
      entries.push({ path, type: child.type });
      if (args.recursive && child.type === 'directory') pending.push(path);
    }
  }
  return { ok: true, entries, truncated };
};

export const deletePath: ToolHandler<'fs_deletePath'> = async (args, { runtime, store }) => {
  const path = workspaceEntryPath(args.path);
  assertWritable(store);
  assertUnlocked(store, path, 'deleted');
  if ((await pathType(runtime.fs, path)) === null) throw new ToolFailure('NotFound', `${displayPath(path)} does not exist.`);
  await runtime.fs.rm(path);
  await store.settle();
  return { ok: true, path };
};

export const movePath: ToolHandler<'fs_movePath'> = async (args, { runtime, store }) => {
  const from = workspaceEntryPath(args.from);
  const to = workspaceEntryPath(args.to);
  assertWritable(store);
  if (isInside(to, from)) throw new ToolFailure('BadPath', `Cannot move ${displayPath(from)} into itself (${displayPath(to)}).`);
  assertUnlocked(store, from, 'moved');
  assertUnlocked(store, to, 'replaced');
  if ((await pathType(runtime.fs, from)) === null) throw new ToolFailure('NotFound', `${displayPath(from)} does not exist.`);
  if ((await pathType(runtime.fs, to)) !== null) {
    throw new ToolFailure('AlreadyExists', `${displayPath(to)} already exists; delete it first or pick another name.`);
  }
  await runtime.fs.mkdir(dirname(to));
  await runtime.fs.rename(from, to);
  await store.settle();
  return { ok: true, from, to };
};
