import { describe, expect, it } from 'vitest';
import { createWorkspaceStore, type PersistedState } from '@/lib/workspace';
import { createMemoryRuntime, RecordingSink } from './fakes/memory-runtime';

const state: PersistedState = {
  meta: { id: 'w1', name: 'Before', createdAt: 1, updatedAt: 1 },
  openPaths: [],
  activePath: null,
  locks: [],
  facts: { lastCommand: null, serverRunning: false, ports: [], installedPackages: [] },
};

async function open(readOnly = false) {
  const sink = new RecordingSink();
  const store = await createWorkspaceStore({ runtime: await createMemoryRuntime({ '/a.txt': 'a' }), persistence: sink, state, readOnly });
  return { store, sink };
}

describe('renaming the open workspace from its store', () => {
  it('shows the new name and stores it, so later state writes keep it', async () => {
    const { store, sink } = await open();
    await store.renameWorkspace('  After  ');
    expect(store.getSnapshot().meta.name).toBe('After');
    expect(sink.lastState?.meta.name).toBe('After');
    expect(sink.flushes).toBeGreaterThan(0);
    await store.openFile('/a.txt');
    expect(sink.lastState?.meta.name).toBe('After');
  });

  it('refuses an empty name and keeps the old one', async () => {
    const { store } = await open();
    await expect(store.renameWorkspace('   ')).rejects.toThrow('Give the workspace a name.');
    expect(store.getSnapshot().meta.name).toBe('Before');
  });

  it('refuses in a tab that only reads the workspace', async () => {
    const { store } = await open(true);
    await expect(store.renameWorkspace('After')).rejects.toThrow(/changes here are refused/);
    expect(store.getSnapshot().meta.name).toBe('Before');
  });
});
