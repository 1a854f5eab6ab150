/**
 * What the agent's workspace summary needs beyond the store's names and facts: the editor's open files and
 * the root package.json's scripts and dependencies (read here, in the tab; only the facts are sent).
 */
import { manifestFromPackageJson, type PackageManifest } from '@/lib/agent/context/manifest';
import type { WorkspaceStore } from '@/lib/workspace/types';

export async function readManifest(store: WorkspaceStore): Promise<PackageManifest | null> {
  if (!store.getSnapshot().files.includes('/package.json')) return null;
  try {
    return manifestFromPackageJson(new TextDecoder().decode(await store.readFile('/package.json')));
  } catch {
    return null;
  }
}

export const openFilePaths = (store: WorkspaceStore): string[] =>
  store
    .getSnapshot()
    .openFiles.map((file) => file.path.replace(/^\/+/, ''))
    .slice(0, 50);
