/**
 * Opening a workspace in this tab: take the write lock (or not), mount its files from IndexedDB into the
 * runtime, and build the store on top. Installing dependencies is left to the UI, which runs `npm install`
 * in a terminal so the user sees the progress (`needsInstall` says when).
 */
import type { Runtime } from '@/lib/runtime/port';
import type { TabsmithDB } from './db';
import { acquireWorkspaceLock, type WorkspaceLock } from './locks';
import { createNullPersistence, createPersistence, installFlushOnHide, loadWorkspace, type WorkspacePersistence } from './persistence';
import { createWorkspaceStore } from './store';
import { WorkspaceError, type FileContent, type WorkspaceStore } from './types';

export type OpenMode = 'write' | 'read-only' | 'take-over';

interface OpenWorkspaceOptions {
  runtime: Runtime;
  db: TabsmithDB;
  id: string;
  mode: OpenMode;
}

export interface OpenedWorkspace {
  store: WorkspaceStore;
  /** /package.json exists: the UI should run `npm install` (node_modules is never persisted). */
  needsInstall: boolean;
  /** The persistence sink (null in read-only mode), e.g. to show "saved" or subscribe to errors. */
  persistence: WorkspacePersistence | null;
  /** Flushes pending writes, disposes the store, then lets another tab have the workspace. */
  release(): void;
}

const OPEN_ELSEWHERE_MESSAGE = 'This workspace is open in another tab.';
export const TAKEN_OVER_MESSAGE = 'Another tab took over this workspace.';

const WRITE_CHUNK = 64;

/**
 * Empties the runtime (the previous workspace's files and node_modules), then writes the files: folders
 * first, then files in parallel chunks (each write is async but cheap; thousands at once would just queue).
 */
export async function mountFiles(runtime: Runtime, files: readonly { path: string; content: FileContent }[]): Promise<void> {
  for (const entry of await runtime.fs.readdir('/')) await runtime.fs.rm(`/${entry.name}`);
  if (runtime.mount) {
    // One round trip for the whole workspace where the runtime can take a tree.
    await runtime.mount(Object.fromEntries(files.map((file) => [file.path, file.content])));
    return;
  }
  const folders = new Set<string>();
  for (const { path } of files) {
    const cut = path.lastIndexOf('/');
    if (cut > 0) folders.add(path.slice(0, cut));
  }
  // Deepest folders only would do (mkdir is recursive), but sorted all-folders is simple and still cheap.
  for (const folder of [...folders].sort()) await runtime.fs.mkdir(folder);
  for (let i = 0; i < files.length; i += WRITE_CHUNK) {
    await Promise.all(files.slice(i, i + WRITE_CHUNK).map((file) => runtime.fs.writeFile(file.path, file.content)));
  }
}

async function lockFor(id: string, mode: OpenMode): Promise<WorkspaceLock | null> {
  if (mode === 'read-only') return null;
  const lock = await acquireWorkspaceLock(id, { steal: mode === 'take-over' });
  if (!lock) throw new WorkspaceError('read-only', OPEN_ELSEWHERE_MESSAGE);
  return lock;
}

/**
 * Throws WorkspaceError('read-only', OPEN_ELSEWHERE_MESSAGE) in write mode when another tab holds the
 * workspace (offer "Open read-only" / "Take over"), and 'not-found' when it no longer exists.
 */
export async function openWorkspace({ runtime, db, id, mode }: OpenWorkspaceOptions): Promise<OpenedWorkspace> {
  const lock = await lockFor(id, mode);
  let persistence: WorkspacePersistence | null = null;
  let removeFlushOnHide: () => void = () => undefined;
  try {
    const { state, files } = await loadWorkspace(db, id);
    await mountFiles(runtime, files);
    // A read-only tab gets a sink that writes nothing: the tab that owns the workspace is the only writer.
    persistence = lock ? createPersistence(db, id) : null;
    const store = await createWorkspaceStore({ runtime, persistence: persistence ?? createNullPersistence(), state, readOnly: !lock });
    if (persistence) removeFlushOnHide = installFlushOnHide(persistence);

    let released = false;
    void lock?.lost.then(() => {
      if (released) return;
      // The other tab now owns IndexedDB for this workspace: stop writing at once (no interleaving) and say so.
      persistence?.suspend();
      removeFlushOnHide();
      store.setReadOnly(true, TAKEN_OVER_MESSAGE);
    });

    return {
      store,
      needsInstall: files.some((file) => file.path === '/package.json'),
      persistence,
      release() {
        if (released) return;
        released = true;
        removeFlushOnHide();
        // Flush before letting go of the lock, so the next tab to open it reads everything.
        const flushed = persistence ? store.flush() : Promise.resolve();
        void flushed
          .catch(() => undefined)
          .finally(() => {
            store.dispose();
            lock?.release();
          });
      },
    };
  } catch (error) {
    removeFlushOnHide();
    persistence?.suspend();
    lock?.release();
    throw error;
  }
}
