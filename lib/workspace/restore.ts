/**
 * Puts a workspace's saved files back into a runtime that restarted empty (its engine was replaced after the
 * user's code stopped responding). Pending saves are flushed first, so what the user saved is what comes back.
 */
import type { Runtime } from '@/lib/runtime/port';
import type { TabsmithDB } from './db';
import { mountFiles } from './open';
import { loadWorkspace } from './persistence';
import type { WorkspaceStore } from './types';

interface RestoredWorkspace {
  files: number;
  /** /package.json exists: node_modules went with the old runtime and must be installed again. */
  needsInstall: boolean;
}

export async function restoreIntoRuntime(runtime: Runtime, store: WorkspaceStore, db: TabsmithDB): Promise<RestoredWorkspace> {
  await store.flush().catch(() => undefined);
  const { files } = await loadWorkspace(db, store.getSnapshot().meta.id);
  await mountFiles(runtime, files);
  return { files: files.length, needsInstall: files.some((file) => file.path === '/package.json') };
}
