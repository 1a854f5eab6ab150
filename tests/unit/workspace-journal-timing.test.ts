import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type TabsmithDB } from '@/lib/workspace/db';
import { createPersistence, loadWorkspace } from '@/lib/workspace/persistence';
import { createWorkspaceStore } from '@/lib/workspace/store';
import type { WorkspaceStore } from '@/lib/workspace/types';
import { createWorkspace } from '@/lib/workspace/workspaces';
import { createMemoryRuntime } from './fakes/memory-runtime';

let db: TabsmithDB;
let counter = 0;
const stores: WorkspaceStore[] = [];

beforeEach(async () => {
  db = await openDatabase(`journal-timing-test-${++counter}`);
});
afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
  db.close();
  vi.restoreAllMocks();
});

async function open(files: Record<string, string>): Promise<{ store: WorkspaceStore; id: string }> {
  const { id } = await createWorkspace(db, { name: 'timing', files: Object.entries(files).map(([path, content]) => ({ path, content })) });
  const { state } = await loadWorkspace(db, id);
  const store = await createWorkspaceStore({ runtime: await createMemoryRuntime(files), persistence: createPersistence(db, id), state });
  stores.push(store);
  return { store, id };
}

async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  let value = await read();
  while (!accept(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 2));
    value = await read();
  }
  return value;
}

const journaled = (path: string) => async () => (await db.getAll('journal')).find((entry) => entry.path === path)?.content ?? null;

describe('the unsaved-text journal', () => {
  it('holds typed text right away, without waiting for typing to stop', async () => {
    const { store } = await open({ '/a.txt': 'saved' });
    await store.openFile('/a.txt');
    store.updateContent('/a.txt', 'saved + t');
    store.updateContent('/a.txt', 'saved + ty');
    // The old journal waited 300 ms after the last change; now the text is written as it comes.
    expect(await eventually(journaled('/a.txt'), (text) => text === 'saved + ty', 60)).toBe('saved + ty');
    store.updateContent('/a.txt', 'saved + typed');
    expect(await eventually(journaled('/a.txt'), (text) => text === 'saved + typed', 60)).toBe('saved + typed');
  });
});

describe('a save', () => {
  it('shows the tab saved, and lets the journal drop its draft, only after the file has committed', async () => {
    const { store } = await open({ '/a.txt': 'v1', '/b.txt': 'b' });
    await store.openFile('/b.txt');
    await store.openFile('/a.txt');
    store.updateContent('/a.txt', 'v2');
    await store.flush();

    const events: string[] = [];
    const realTransaction = db.transaction.bind(db);
    vi.spyOn(db, 'transaction').mockImplementation(((...args: Parameters<typeof db.transaction>) => {
      const tx = realTransaction(...args);
      const scope = typeof args[0] === 'string' ? [args[0]] : Array.from(args[0]);
      if (scope.includes('files')) {
        void tx.done.then(() => events.push('file committed'));
        // Something else publishes while the save's write is in flight (another tab's edit here).
        queueMicrotask(() => store.updateContent('/b.txt', 'b edited'));
      }
      if (scope.includes('journal')) {
        void tx.done.then(async () => events.push((await journaled('/a.txt')()) === null ? 'draft dropped' : 'draft kept')).catch(() => undefined);
      }
      return tx;
    }) as unknown as typeof db.transaction);
    const unsubscribe = store.subscribe(() => {
      const tab = store.getSnapshot().openFiles.find((t) => t.path === '/a.txt');
      if (tab && !tab.dirty && !events.includes('shown saved')) events.push('shown saved');
    });

    await store.save('/a.txt');
    await store.flush();
    await eventually(journaled('/a.txt'), (text) => text === null, 200);
    unsubscribe();
    vi.restoreAllMocks();
    expect(events.indexOf('file committed')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('shown saved')).toBeGreaterThan(events.indexOf('file committed'));
    expect(events.indexOf('draft dropped')).toBeGreaterThan(events.indexOf('file committed'));
  });
});
