import 'fake-indexeddb/auto';
import { unwrap } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type TabsmithDB } from '@/lib/workspace/db';
import { createNullPersistence, createPersistence, loadWorkspace } from '@/lib/workspace/persistence';
import { createWorkspaceStore } from '@/lib/workspace/store';
import { WorkspaceError, type WorkspaceStore } from '@/lib/workspace/types';
import { createWorkspace } from '@/lib/workspace/workspaces';
import { createMemoryRuntime, type MemoryRuntime } from './fakes/memory-runtime';

let db: TabsmithDB;
let counter = 0;
const stores: WorkspaceStore[] = [];

beforeEach(async () => {
  db = await openDatabase(`drafts-test-${++counter}`);
});
afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
  db.close();
  vi.restoreAllMocks();
});

async function open(id: string, runtime: MemoryRuntime, readOnly = false): Promise<WorkspaceStore> {
  const { state } = await loadWorkspace(db, id);
  const persistence = readOnly ? createNullPersistence() : createPersistence(db, id);
  const store = await createWorkspaceStore({ runtime, persistence, state, readOnly });
  stores.push(store);
  return store;
}

const tab = (store: WorkspaceStore, path: string) => store.getSnapshot().openFiles.find((t) => t.path === path);

describe('a save that storage refuses', () => {
  it('fails with the reason, keeps the tab unsaved and marks the file; the next save clears it', async () => {
    const { id } = await createWorkspace(db, { name: 'refused', files: [{ path: '/a.txt', content: 'one' }] });
    const store = await open(id, await createMemoryRuntime({ '/a.txt': 'one' }));
    await store.openFile('/a.txt');
    store.updateContent('/a.txt', 'two');
    const realTransaction = db.transaction.bind(db);
    const spy = vi.spyOn(db, 'transaction').mockImplementation(((...args: Parameters<typeof db.transaction>) => {
      const raw = unwrap(realTransaction(...args));
      const realObjectStore = raw.objectStore.bind(raw);
      raw.objectStore = (name: string) => {
        const objectStore = realObjectStore(name);
        if (name === 'files') {
          objectStore.put = () => {
            raw.abort();
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          };
        }
        return objectStore;
      };
      return raw;
    }) as unknown as typeof db.transaction);

    await expect(store.save('/a.txt')).rejects.toMatchObject({ code: 'quota', message: 'browser storage is full' });
    expect(tab(store, '/a.txt')?.dirty).toBe(true);
    expect(store.getSnapshot().notSaved.get('/a.txt')?.code).toBe('quota');
    expect(store.getSnapshot().persistenceError).toMatch(/Browser storage is full/);

    spy.mockRestore();
    await store.save('/a.txt');
    expect(tab(store, '/a.txt')?.dirty).toBe(false);
    expect(store.getSnapshot().notSaved.size).toBe(0);
    expect((await loadWorkspace(db, id)).files).toContainEqual({ path: '/a.txt', content: 'two' });
  });
});

describe('unsaved text across sessions', () => {
  it('comes back after the tab is gone, with a notice, and Discard returns to the saved file', async () => {
    const { id } = await createWorkspace(db, { name: 'journal', files: [{ path: '/a.txt', content: 'saved' }] });
    const runtime = await createMemoryRuntime({ '/a.txt': 'saved' });
    const first = await open(id, runtime);
    await first.openFile('/a.txt');
    first.updateContent('/a.txt', 'saved + typed');
    await first.flush(); // what the journal's debounce does a moment after typing stops
    first.dispose(); // the tab dies: no save

    const second = await open(id, runtime);
    expect(second.getSnapshot().restoredDrafts).toEqual(['/a.txt']);
    expect(tab(second, '/a.txt')).toMatchObject({ content: 'saved + typed', savedContent: 'saved', dirty: true, conflict: null });

    await second.discardRestored();
    expect(second.getSnapshot().restoredDrafts).toEqual([]);
    expect(tab(second, '/a.txt')).toMatchObject({ content: 'saved', dirty: false });
    await second.flush();
    expect(await db.count('journal')).toBe(0);
  });

  it('drops the entry once the text is saved, and offers nothing the next time', async () => {
    const { id } = await createWorkspace(db, { name: 'saved', files: [{ path: '/a.txt', content: 'v1' }] });
    const runtime = await createMemoryRuntime({ '/a.txt': 'v1' });
    const first = await open(id, runtime);
    await first.openFile('/a.txt');
    first.updateContent('/a.txt', 'v2');
    await first.flush();
    expect(await db.count('journal')).toBe(1);
    await first.save('/a.txt');
    await first.flush();
    expect(await db.count('journal')).toBe(0);
    first.dispose();
    expect((await open(id, runtime)).getSnapshot().restoredDrafts).toEqual([]);
  });
});

describe('a read-only tab', () => {
  it('marks what its shell changed as temporary, and takes the writer’s saves as saved', async () => {
    const { id } = await createWorkspace(db, { name: 'reader', files: [{ path: '/a.txt', content: 'v1' }] });
    const runtime = await createMemoryRuntime({ '/a.txt': 'v1' });
    const store = await open(id, runtime, true);
    await store.openFile('/a.txt');

    await runtime.memory.writeFile('scratch.txt', 'made here'); // behind the store's back, as the shell does
    await store.settle();
    expect(store.getSnapshot().notSaved.get('/scratch.txt')?.code).toBe('temporary');

    await store.adoptSaved([
      { path: '/a.txt', content: 'v2 from the writer' },
      { path: '/new.txt', content: 'new' },
    ]);
    await store.settle();
    expect(tab(store, '/a.txt')).toMatchObject({ content: 'v2 from the writer', dirty: false });
    expect(store.getSnapshot().files).toContain('/new.txt');
    expect(store.getSnapshot().notSaved.has('/a.txt')).toBe(false);
    expect(store.getSnapshot().notSaved.has('/new.txt')).toBe(false);
    expect(() => store.updateContent('/a.txt', 'x')).toThrow(WorkspaceError);
  });
});
