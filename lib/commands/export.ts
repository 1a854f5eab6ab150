/**
 * "Export workspace as zip" from the palette: the same zip as the Export button (the runtime's files,
 * node_modules left out, unsaved changes saved first), downloaded through a blob URL so nothing leaves the tab.
 */
import type { WorkspaceStore } from '@/lib/workspace/types';
import { exportZip, zipFileName } from '@/lib/workspace/zip';

export async function downloadWorkspaceZip(store: WorkspaceStore): Promise<void> {
  const snapshot = store.getSnapshot();
  if (!snapshot.readOnly) await store.saveAll().catch(() => undefined);
  const files = await store.runtime.export();
  const zip = exportZip(Object.entries(files).map(([path, content]) => ({ path, content })));
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
