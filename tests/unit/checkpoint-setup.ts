/** A real workspace for checkpoint tests: fake IndexedDB, persistence and a store over an in-memory runtime. */
import 'fake-indexeddb/auto';
import { openDatabase, type TabsmithDB } from '@/lib/workspace/db';
import { setCheckpointDatabase } from '@/lib/workspace/checkpoints';
import { createPersistence, loadWorkspace, type WorkspacePersistence } from '@/lib/workspace/persistence';
import { createWorkspaceStore } from '@/lib/workspace/store';
import type { WorkspaceStore } from '@/lib/workspace/types';
import { createWorkspace } from '@/lib/workspace/workspaces';
import { createMemoryRuntime, type MemoryRuntime } from './fakes/memory-runtime';

export interface CheckpointSetup {
  db: TabsmithDB;
  store: WorkspaceStore;
  runtime: MemoryRuntime;
  persistence: WorkspacePersistence;
  workspaceId: string;
  dispose(): void;
}

let counter = 0;

export async function openCheckpointWorkspace(files: Record<string, string | Uint8Array>, name = `checkpoints-${++counter}`): Promise<CheckpointSetup> {
  const db = await openDatabase(`${name}-${Date.now()}`);
  setCheckpointDatabase(db);
  const meta = await createWorkspace(db, { name: 'Checkpoints', files: Object.entries(files).map(([path, content]) => ({ path, content })) });
  const loaded = await loadWorkspace(db, meta.id);
  const runtime = await createMemoryRuntime(Object.fromEntries(loaded.files.map((file) => [file.path, file.content])));
  const persistence = createPersistence(db, meta.id, { debounceMs: 5, maxWaitMs: 20, journal: false });
  const store = await createWorkspaceStore({ runtime, persistence, state: loaded.state });
  return {
    db,
    store,
    runtime,
    persistence,
    workspaceId: meta.id,
    dispose() {
      store.dispose();
      persistence.suspend();
      setCheckpointDatabase(null);
      db.close();
    },
  };
}

/** Writes like a shell would (behind the store's back), then waits for the store's mirror. */
export async function shellWrite(setup: CheckpointSetup, path: string, content: string | Uint8Array): Promise<void> {
  await setup.runtime.fs.writeFile(path, content);
  await setup.store.settle();
}

export async function blobCount(setup: CheckpointSetup): Promise<number> {
  return (await setup.db.getAllKeys('blobs')).filter((key) => key[0] === setup.workspaceId).length;
}

export async function readText(setup: CheckpointSetup, path: string): Promise<string> {
  return new TextDecoder().decode(await setup.runtime.fs.readFile(path));
}
