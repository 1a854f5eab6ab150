/**
 * The workspace as a zip download, for the Export button and the palette: the runtime's files (node_modules
 * left out), unsaved changes saved first, checkpoint history when asked, downloaded through a blob URL so
 * nothing leaves the tab.
 */
import type { WorkspaceStore } from '@/lib/workspace/types';
import { exportZip, zipFileName } from '@/lib/workspace/zip';

export async function downloadWorkspaceZip(store: WorkspaceStore, options: { withHistory?: boolean } = {}): Promise<void> {
  const snapshot = store.getSnapshot();
  // Read-only tabs cannot save; they export what is on disk.
  if (!snapshot.readOnly) await store.saveAll().catch(() => undefined);
  const files = await store.runtime.export();
  // Loaded on demand: the checkpoint code is not needed to export files alone.
  const history = options.withHistory ? await (await import('@/lib/workspace/checkpoints')).exportHistory(snapshot.meta.id) : [];
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
}
