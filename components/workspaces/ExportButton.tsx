'use client';

import { useState } from 'react';
import { errorMessage } from '@/lib/files/errors';
import type { WorkspaceStore } from '@/lib/workspace/types';
import { downloadWorkspaceZip } from '@/lib/commands/export';

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
      await downloadWorkspaceZip(store, { withHistory });
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
