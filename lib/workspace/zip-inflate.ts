/**
 * Inflates chosen entries of a zip archive with a budget. An archive's headers can lie: entries that declare
 * 100 bytes can inflate to gigabytes, and inflating them whole before counting froze the page for half a
 * minute. Here the archive is fed to fflate's streaming reader in 16 KB slices, so no single step inflates more
 * than a slice's worth (deflate expands at most about 1,000 times: 16 MB), and the work stops as soon as an
 * entry outgrows what the central directory declared for it or the total outgrows the budget.
 */
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { concatBytes, megabytes } from '../bytes';
import { WorkspaceError } from './types';

const SLICE_BYTES = 16 * 1024;

export interface WantedEntry {
  /** Uncompressed size from the central directory. */
  declaredSize: number;
}

/** Told the bytes inflated so far, after each slice of the archive. */
export type InflateProgress = (inflatedBytes: number) => void;

/** Entry name → its bytes, for the entries in `wanted`; throws WorkspaceError when an entry or the total is too big. */
export function inflateEntries(
  bytes: Uint8Array,
  wanted: ReadonlyMap<string, WantedEntry>,
  maxTotalBytes: number,
  onProgress: InflateProgress = () => undefined,
): Map<string, Uint8Array> {
  const parts = new Map<string, { chunks: Uint8Array[]; size: number }>();
  let total = 0;
  let failure: unknown = null;
  const stop = (file: UnzipFile, error: unknown) => {
    failure ??= error;
    file.terminate();
  };
  const reader = new Unzip((file) => {
    const entry = wanted.get(file.name);
    if (!entry || failure) return;
    const part = { chunks: [] as Uint8Array[], size: 0 };
    parts.set(file.name, part);
    file.ondata = (error, data) => {
      if (failure) return;
      if (error) return stop(file, error);
      part.size += data.length;
      total += data.length;
      if (part.size > entry.declaredSize) {
        return stop(
          file,
          new WorkspaceError(
            'corrupt',
            `This zip archive's entry ${file.name} inflates to more than the ${entry.declaredSize.toLocaleString('en')} bytes its header declares. Nothing was imported.`,
          ),
        );
      }
      if (total > maxTotalBytes) {
        return stop(
          file,
          new WorkspaceError('too-large', `Too large: more than ${megabytes(maxTotalBytes)} of files once inflated (the limit). Nothing was imported.`),
        );
      }
      part.chunks.push(data);
    };
    file.start();
  });
  reader.register(UnzipInflate);
  for (let at = 0; at < bytes.length && !failure; at += SLICE_BYTES) {
    reader.push(bytes.subarray(at, at + SLICE_BYTES), at + SLICE_BYTES >= bytes.length);
    onProgress(total);
  }
  if (failure) throw failure;
  const files = new Map<string, Uint8Array>();
  for (const [name, part] of parts) files.set(name, concatBytes(part.chunks, part.size));
  return files;
}
