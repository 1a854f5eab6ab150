/**
 * A read-only tab following the tab that writes the workspace: the writer announces each batch it saved on a
 * BroadcastChannel (persistence.ts); this side reads those paths back from IndexedDB and hands them to the
 * store, so open editors and the tree show the saved files without a reload.
 */
import { z } from 'zod';
import { readChunks } from './chunks';
import type { TabsmithDB } from './db';
import { savedChannelName } from './persistence';
import { tryNormalizeWorkspacePath } from './paths';
import type { FileContent, WorkspaceStore } from './types';

/** What the writer posts after a batch commits. */
const savedMessageSchema = z.object({ paths: z.array(z.string().max(4096)).max(100_000) });

async function readSaved(db: TabsmithDB, workspaceId: string, path: string): Promise<FileContent | null> {
  const record = await db.get('files', [workspaceId, path]);
  if (!record) return null;
  return record.chunked ? readChunks(db, record) : record.content;
}

export function followWriter(db: TabsmithDB, workspaceId: string, store: WorkspaceStore): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(savedChannelName(workspaceId));
  // One update at a time, in the order the writer saved them.
  let chain: Promise<void> = Promise.resolve();
  channel.onmessage = (event: MessageEvent) => {
    const parsed = savedMessageSchema.safeParse(event.data);
    if (!parsed.success) return;
    const paths = parsed.data.paths.map(tryNormalizeWorkspacePath).filter((path): path is string => path !== null && path !== '/');
    chain = chain
      .then(async () => {
        const files = [];
        for (const path of paths) files.push({ path, content: await readSaved(db, workspaceId, path) });
        await store.adoptSaved(files);
      })
      .catch((error: unknown) => console.warn('[workspace] could not follow the writing tab:', error));
  };
  return () => channel.close();
}
