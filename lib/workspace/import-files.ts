/**
 * Folder import: from a directory picker (`<input webkitdirectory>` → File objects with webkitRelativePath),
 * from drag and drop (DataTransfer → FileSystemEntry tree), or from any list of { path, content }. Same rules
 * and limits as a zip import (import-rules.ts); sizes are checked before any file is read.
 */
import { checkDuplicates, checkEntryName, checkLimits, stripCommonRoot, toContent, type ImportedFile, type ImportLimits } from './import-rules';
import type { FileContent } from './types';

const encoder = new TextEncoder();

/** Checks names, limits and duplicates of an in-memory list, strips a wrapping folder, keeps content as is. */
export function importFiles(list: readonly { path: string; content: FileContent }[], limits: ImportLimits = {}): ImportedFile[] {
  const kept: ImportedFile[] = [];
  let total = 0;
  for (const item of list) {
    const path = checkEntryName(item.path.replace(/^\/+/, ''));
    if (path === null) continue;
    total += typeof item.content === 'string' ? encoder.encode(item.content).length : item.content.length;
    kept.push({ path, content: item.content });
  }
  checkLimits(kept.length, total, limits);
  checkDuplicates(kept.map((f) => f.path));
  return stripCommonRoot(kept);
}

interface PendingFile {
  name: string;
  size: number;
  read(): Promise<Uint8Array>;
}

async function readAll(pending: readonly PendingFile[], limits: ImportLimits): Promise<ImportedFile[]> {
  const kept: { path: string; file: PendingFile }[] = [];
  let total = 0;
  for (const file of pending) {
    const path = checkEntryName(file.name);
    if (path === null) continue;
    kept.push({ path, file });
    total += file.size;
  }
  // Everything is checked before the first byte is read.
  checkLimits(kept.length, total, limits);
  checkDuplicates(kept.map((k) => k.path));
  const files = await Promise.all(kept.map(async ({ path, file }) => ({ path, content: toContent(await file.read()) })));
  return stripCommonRoot(files);
}

function fromFile(file: File, name: string): PendingFile {
  return { name, size: file.size, read: async () => new Uint8Array(await file.arrayBuffer()) };
}

/** Files from `<input type="file" webkitdirectory>` (or multiple plain files): the picked folder is stripped. */
export function filesFromFileList(list: FileList | readonly File[], limits: ImportLimits = {}): Promise<ImportedFile[]> {
  const files = Array.from(list as ArrayLike<File>);
  return readAll(
    files.map((file) => fromFile(file, file.webkitRelativePath || file.name)),
    limits,
  );
}

function readEntries(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

function entryFile(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/** Walks a dropped folder; node_modules is not even entered (it can hold 100,000 files). .git is kept. */
async function walk(entry: FileSystemEntry, prefix: string, out: PendingFile[]): Promise<void> {
  const name = prefix ? `${prefix}/${entry.name}` : entry.name;
  if (entry.isFile) {
    const file = await entryFile(entry as FileSystemFileEntry);
    out.push(fromFile(file, name));
    return;
  }
  if (!entry.isDirectory || entry.name === 'node_modules') return;
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries returns at most ~100 entries per call: keep calling until it returns none.
  for (;;) {
    const batch = await readEntries(reader);
    if (batch.length === 0) break;
    for (const child of batch) await walk(child, name, out);
  }
}

/**
 * Files from a drop. Call it synchronously inside the `drop` handler (before any await): the browser empties
 * `dataTransfer.items` once the event has been handled. Dropping one folder imports its contents.
 */
export function filesFromDataTransfer(transfer: DataTransfer, limits: ImportLimits = {}): Promise<ImportedFile[]> {
  const entries: FileSystemEntry[] = [];
  const loose: File[] = [];
  for (const item of Array.from(transfer.items)) {
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry?.();
    if (entry) entries.push(entry);
    else {
      const file = item.getAsFile();
      if (file) loose.push(file);
    }
  }
  return (async () => {
    const pending: PendingFile[] = loose.map((file) => fromFile(file, file.name));
    for (const entry of entries) await walk(entry, '', pending);
    return readAll(pending, limits);
  })();
}
