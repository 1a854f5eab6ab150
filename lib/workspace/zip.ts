/**
 * Workspace ↔ .zip (fflate). Import reads the archive's central directory first and checks every entry name
 * and the declared sizes BEFORE decompressing anything, so a hostile or oversized archive fails fast and the
 * caller creates nothing.
 */
import { unzipSync, zipSync, type UnzipFileInfo, type Zippable } from 'fflate';
import {
  checkDuplicates,
  checkEntryName,
  checkLimits,
  DEFAULT_MAX_TOTAL_BYTES,
  stripCommonRoot,
  toContent,
  type ImportedFile,
  type ImportLimits,
} from './import-rules';
import { extension, isNeverPersisted } from './paths';
import { inflateEntries, type InflateProgress } from './zip-inflate';
import { WorkspaceError, type FileContent } from './types';
import { errorMessage } from '../error-message';

/** Already-compressed formats: deflating them again costs time and saves nothing. */
const STORED_EXTENSIONS = new Set([
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'avif',
  'ico',
  'zip',
  'gz',
  'tgz',
  'br',
  'woff',
  'woff2',
  'mp3',
  'mp4',
  'webm',
  'pdf',
  'wasm',
]);

const encoder = new TextEncoder();

/**
 * Paths inside the archive have no leading "/"; node_modules is left out, .git goes with the project.
 * `history`: the workspace's checkpoints as entries under `.tabsmith/history/` (checkpoints/transfer.ts
 * historyEntries), when the user chose to include them; importing the zip brings them back.
 */
export function exportZip(
  files: readonly { path: string; content: FileContent }[],
  options: { history?: readonly { path: string; content: FileContent }[] } = {},
): Uint8Array {
  const entries: Zippable = {};
  for (const { path, content } of [...files, ...(options.history ?? [])]) {
    const name = path.replace(/^\/+/, '');
    if (name === '' || isNeverPersisted(`/${name}`)) continue;
    const bytes = typeof content === 'string' ? encoder.encode(content) : content;
    entries[name] = [bytes, { level: STORED_EXTENSIONS.has(extension(`/${name}`)) ? 0 : 6 }];
  }
  return zipSync(entries);
}

function corrupt(error: unknown): WorkspaceError {
  const detail = errorMessage(error);
  return new WorkspaceError('corrupt', `This file is not a valid zip archive (${detail}). Nothing was imported.`);
}

/**
 * Reads an archive into workspace files. Throws WorkspaceError: `corrupt` (not a zip, truncated, unknown
 * compression), `too-large` (limits), `bad-path` (an entry with ".." or an absolute path, named in the message).
 */
export function importZip(bytes: Uint8Array, limits: ImportLimits = {}, onProgress?: InflateProgress): ImportedFile[] {
  // Pass 1: names and declared sizes only (the filter refuses every entry, so nothing is inflated).
  const listed: UnzipFileInfo[] = [];
  try {
    unzipSync(bytes, {
      filter(info) {
        listed.push(info);
        return false;
      },
    });
  } catch (error) {
    throw corrupt(error);
  }
  const wanted = new Map<string, { path: string; declaredSize: number }>(); // entry name → workspace path
  let declared = 0;
  for (const info of listed) {
    const path = checkEntryName(info.name);
    if (path === null) continue;
    wanted.set(info.name, { path, declaredSize: info.originalSize });
    declared += info.originalSize;
  }
  checkLimits(wanted.size, declared, limits);
  checkDuplicates([...wanted.values()].map((entry) => entry.path));

  // Pass 2: inflate only the wanted entries, stopping as soon as one outgrows its declared size (zip bombs lie).
  let inflated: Map<string, Uint8Array>;
  try {
    inflated = inflateEntries(bytes, wanted, limits.maxTotalBytes ?? DEFAULT_MAX_TOTAL_BYTES, onProgress);
  } catch (error) {
    throw error instanceof WorkspaceError ? error : corrupt(error);
  }
  const unread = [...wanted.keys()].filter((name) => !inflated.has(name));
  if (unread.length > 0) throw corrupt(new Error(`no data found for ${unread.slice(0, 3).join(', ')}${unread.length > 3 ? ', …' : ''}`));
  const files: ImportedFile[] = [];
  for (const [name, data] of inflated) {
    const entry = wanted.get(name);
    if (entry !== undefined) files.push({ path: entry.path, content: toContent(data) });
  }
  return stripCommonRoot(files).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** A file name for the download: the workspace name made safe for every OS, plus ".zip". */
export function zipFileName(workspaceName: string): string {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const safe = workspaceName.replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, '-').replace(/^[.\s-]+|[.\s-]+$/g, '');
  return `${safe || 'workspace'}.zip`;
}
