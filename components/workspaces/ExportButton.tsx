'use client';

import { useState } from 'react';
import { errorMessage } from '@/components/files/errors';
import type { WorkspaceStore } from '@/lib/workspace/types';
import { exportZip, zipFileName } from '@/lib/workspace/zip';

/**
 * "Export as zip": the runtime's files (the live truth; node_modules left out) zipped in the tab and saved
 * through a blob URL, so nothing leaves the browser. Unsaved editor changes are saved first, because a
 * user exporting expects what they see.
 */
export function ExportButton({
  store,
  className,
  onError,
  historyOption = false,
}: {
  store: WorkspaceStore;
  className?: string;
  onError: (message: string | null) => void;
  /** Offers "Include history": the workspace's checkpoints go into the zip, and come back on import. */
  historyOption?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [withHistory, setWithHistory] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const snapshot = store.getSnapshot();
      // Read-only tabs cannot save; they export what is on disk.
      if (!snapshot.readOnly) await store.saveAll().catch(() => undefined);
      const files = await store.runtime.export();
      // Loaded on demand: the checkpoint code is not needed to export files alone.
      const history = withHistory ? await (await import('@/lib/workspace/checkpoints')).exportHistory(snapshot.meta.id) : [];
      const zip = exportZip(
        Object.entries(files).map(([path, content]) => ({ path, content })),
        { history },
      );
      const url = URL.createObjectURL(new Blob([zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = zipFileName(snapshot.meta.name);
      document.body.append(link);
      link.click();
      link.remove();
      // Revoking at once can cancel the download in some browsers; a minute is plenty.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      onError(null);
    } catch (error) {
      onError(`Export failed: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className={className} disabled={busy} onClick={() => void run()}>
        {busy ? 'Exporting…' : 'Export as zip'}
      </button>
      {historyOption && (
        <label>
          <input type="checkbox" checked={withHistory} onChange={(event) => setWithHistory(event.target.checked)} /> Include history
        </label>
      )}
    </>
  );
}
