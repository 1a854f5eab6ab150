'use client';

import { useCallback, useRef, useState } from 'react';
import { megabytes } from '@/lib/bytes';
import { errorMessage } from '@/lib/files/errors';
import { filesFromDataTransfer, filesFromFileList } from '@/lib/workspace/import-files';
import type { ImportedFile } from '@/lib/workspace/import-rules';
// Light: the unzipper itself (fflate) loads in the import's worker, not with the launcher.
import { CANCELLED_MESSAGE, importZipFile as importZipInWorker } from '@/lib/workspace/zip-import-client';
import type { WorkspaceMeta } from '@/lib/workspace/types';
import type { WorkspaceList } from './useWorkspaceList';

export interface ImportState {
  /** "Importing 42 files…" while work is under way; null when idle. */
  progress: string | null;
  /** True while the archive or folder is read (Cancel stops it); false once the workspace is being created. */
  cancellable: boolean;
  error: string | null;
}

/** "my-app.zip" → "my-app"; the new workspace is named after what was imported. */
export function importName(fileName: string): string {
  const base = fileName.replace(/\.zip$/i, '').trim();
  return base || 'Imported workspace';
}

const isZip = (file: File) => /\.zip$/i.test(file.name) || file.type === 'application/zip' || file.type === 'application/x-zip-compressed';

/**
 * Imports a .zip or a folder into a NEW workspace. All checks (zip-slip, limits, corrupt archives) run
 * before the workspace is created, and creation is one transaction, so a failure creates nothing.
 */
export function useImport(list: WorkspaceList, onImported: (meta: WorkspaceMeta) => void) {
  const [state, setState] = useState<ImportState>({ progress: null, cancellable: false, error: null });
  const running = useRef<AbortController | null>(null);

  const run = useCallback(
    async (name: string, read: (signal: AbortSignal, progress: (text: string) => void) => Promise<ImportedFile[]>) => {
      const controller = new AbortController();
      running.current = controller;
      const { signal } = controller;
      setState({ progress: `Reading ${name}…`, cancellable: true, error: null });
      try {
        const files = await read(signal, (text) => {
          if (!signal.aborted) setState({ progress: text, cancellable: true, error: null });
        });
        // Reading may not stop the moment Cancel is pressed (a folder's files): nothing is created after it.
        if (signal.aborted) throw new Error(CANCELLED_MESSAGE);
        if (files.length === 0) throw new Error(`${name} has no files to import (node_modules folders are skipped).`);
        setState({ progress: `Importing ${files.length.toLocaleString('en')} file${files.length === 1 ? '' : 's'}…`, cancellable: false, error: null });
        const meta = await list.create({ name, files });
        setState({ progress: null, cancellable: false, error: null });
        onImported(meta);
      } catch (error) {
        setState({ progress: null, cancellable: false, error: signal.aborted ? CANCELLED_MESSAGE : errorMessage(error) });
      } finally {
        if (running.current === controller) running.current = null;
      }
    },
    [list, onImported],
  );

  /** Stops the import under way (the zip worker ends at once); nothing is created. */
  const cancel = useCallback(() => running.current?.abort(), []);

  const importZipFile = useCallback(
    (file: File) => {
      const name = importName(file.name);
      return run(name, async (signal, progress) =>
        importZipInWorker(file, { signal, onProgress: (bytes) => progress(`Reading ${name}… ${megabytes(bytes)} inflated`) }),
      );
    },
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

  /** Clones the repository in this page (files and history); the workspace is named after it. */
  const importGit = useCallback(
    async (url: string, branch: string | undefined) => {
      const { cloneToFiles, repositoryName } = await import('@/lib/git/clone-to-files');
      return run(repositoryName(url), (signal, progress) => cloneToFiles({ url, ref: branch, signal, onProgress: progress }));
    },
    [run],
  );

  const clearError = useCallback(() => setState((s) => ({ ...s, error: null })), []);

  return { ...state, importZipFile, importFolderFiles, importDrop, importGit, clearError, cancel };
}
