'use client';

import { useCallback, useState } from 'react';
import { errorMessage } from '@/components/files/errors';
import { filesFromDataTransfer, filesFromFileList } from '@/lib/workspace/import-files';
import type { ImportedFile } from '@/lib/workspace/import-rules';
import type { WorkspaceMeta } from '@/lib/workspace/types';
import type { WorkspaceList } from './useWorkspaceList';

export interface ImportState {
  /** "Importing 42 files…" while work is under way; null when idle. */
  progress: string | null;
  error: string | null;
}

/** "my-app.zip" → "my-app"; the new workspace is named after what was imported. */
export function importName(fileName: string): string {
  const base = fileName.replace(/\.zip$/i, '').trim();
  return base || 'Imported workspace';
}

/** The unzipper is only needed once the user imports a .zip: loaded then, not with the launcher. */
const zip = () => import('@/lib/workspace/zip');

const isZip = (file: File) => /\.zip$/i.test(file.name) || file.type === 'application/zip' || file.type === 'application/x-zip-compressed';

/**
 * Imports a .zip or a folder into a NEW workspace. All checks (zip-slip, limits, corrupt archives) run
 * before the workspace is created, and creation is one transaction, so a failure creates nothing.
 */
export function useImport(list: WorkspaceList, onImported: (meta: WorkspaceMeta) => void) {
  const [state, setState] = useState<ImportState>({ progress: null, error: null });

  const run = useCallback(
    async (name: string, read: () => Promise<ImportedFile[]>) => {
      setState({ progress: `Reading ${name}…`, error: null });
      try {
        const files = await read();
        if (files.length === 0) throw new Error(`${name} has no files to import (node_modules and .git are skipped).`);
        setState({ progress: `Importing ${files.length.toLocaleString('en')} file${files.length === 1 ? '' : 's'}…`, error: null });
        const meta = await list.create({ name, files });
        setState({ progress: null, error: null });
        onImported(meta);
      } catch (error) {
        setState({ progress: null, error: errorMessage(error) });
      }
    },
    [list, onImported],
  );

  const importZipFile = useCallback(
    (file: File) => run(importName(file.name), async () => (await zip()).importZip(new Uint8Array(await file.arrayBuffer()))),
    [run],
  );

  /** From `<input webkitdirectory>`: every file's relative path starts with the picked folder's name. */
  const importFolderFiles = useCallback(
    (files: FileList) => {
      const first = files[0];
      const folder = first?.webkitRelativePath.split('/')[0] || 'Imported folder';
      return run(folder, () => filesFromFileList(files));
    },
    [run],
  );

  /** Must be called synchronously in the drop handler: the browser clears the DataTransfer afterwards. */
  const importDrop = useCallback(
    (transfer: DataTransfer) => {
      const files = Array.from(transfer.files);
      const only = files.length === 1 ? files[0] : undefined;
      const entry = transfer.items[0]?.webkitGetAsEntry?.() ?? null;
      if (only && isZip(only) && !entry?.isDirectory) return importZipFile(only);
      const name = files.length === 1 && only ? only.name : entry?.isDirectory ? entry.name : 'Imported files';
      return run(name, () => filesFromDataTransfer(transfer));
    },
    [importZipFile, run],
  );

  const clearError = useCallback(() => setState((s) => ({ ...s, error: null })), []);

  return { ...state, importZipFile, importFolderFiles, importDrop, clearError };
}
