import { describe, expect, it } from 'vitest';
import { setupStore as setup } from './fakes/workspace-store-setup';

const pkg = (deps: Record<string, string>, dev: Record<string, string> = {}) => JSON.stringify({ name: 'x', dependencies: deps, devDependencies: dev });

describe('workspace store: facts', () => {
  it('records the last command and persists it', async () => {
    const { store, sink } = await setup({}, { facts: { lastCommand: 'npm test', serverRunning: true, ports: [3000], installedPackages: [] } });
    // The previous session's servers are gone with its runtime.
    expect(store.getSnapshot().facts).toMatchObject({ lastCommand: 'npm test', serverRunning: false, ports: [] });
    store.recordCommand('npm run dev');
    expect(store.getSnapshot().facts.lastCommand).toBe('npm run dev');
    expect(sink.lastState?.facts.lastCommand).toBe('npm run dev');
    store.dispose();
  });

  it('tracks ports and whether a server runs', async () => {
    const { store, runtime } = await setup({});
    runtime.emitPort({ port: 5173, type: 'open', url: 'http://x' });
    runtime.emitServerReady(3000, 'http://y');
    expect(store.getSnapshot().facts).toMatchObject({ ports: [3000, 5173], serverRunning: true });
    runtime.emitPort({ port: 5173, type: 'close', url: '' });
    runtime.emitPort({ port: 3000, type: 'close', url: '' });
    expect(store.getSnapshot().facts).toMatchObject({ ports: [], serverRunning: false });
    store.dispose();
  });

  it('lists installed packages from package.json and follows its changes (malformed JSON keeps the list)', async () => {
    const { store, runtime } = await setup({ '/package.json': pkg({ react: '^19' }, { vitest: '^4' }) });
    expect(store.getSnapshot().facts.installedPackages).toEqual(['react', 'vitest']);
    await runtime.fs.writeFile('/package.json', pkg({ react: '^19', zod: '^4' }));
    await store.settle();
    expect(store.getSnapshot().facts.installedPackages).toEqual(['react', 'zod']);
    await runtime.fs.writeFile('/package.json', '{ "dependencies": {');
    await store.settle();
    expect(store.getSnapshot().facts.installedPackages).toEqual(['react', 'zod']);
    await store.openFile('/package.json');
    store.updateContent('/package.json', pkg({ fflate: '1' }));
    await store.save('/package.json');
    expect(store.getSnapshot().facts.installedPackages).toEqual(['fflate']);
    await store.remove('/package.json');
    expect(store.getSnapshot().facts.installedPackages).toEqual([]);
    store.dispose();
  });

  it('persists tabs, the active tab and bumps updatedAt on file changes', async () => {
    const { store, sink } = await setup({ '/a': 'a', '/b': 'b' });
    await store.openFile('/a');
    await store.openFile('/b');
    expect(sink.lastState).toMatchObject({ openPaths: ['/a', '/b'], activePath: '/b' });
    store.setActive('/a');
    expect(sink.lastState?.activePath).toBe('/a');
    await store.createFile('/c', 'c');
    expect(store.getSnapshot().meta.updatedAt).toBeGreaterThan(1);
    store.dispose();
  });

  it('shows persistence errors until dismissed; flush flushes the sink', async () => {
    const { store, sink } = await setup({});
    sink.fail('Storage is full: free some space.');
    expect(store.getSnapshot().persistenceError).toBe('Storage is full: free some space.');
    store.dismissPersistenceError();
    expect(store.getSnapshot().persistenceError).toBeNull();
    await store.flush();
    expect(sink.flushes).toBe(1);
    store.dispose();
  });
});
