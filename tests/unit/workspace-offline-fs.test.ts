/**
 * The store against the offline runtime's real fs adapter (almostnode's VirtualFS): its watch reports the
 * shell's writes, renames and deletions the way the store expects.
 */
import { describe, expect, it } from 'vitest';
import { VirtualFS } from 'almostnode';
import { createWorkspaceStore } from '@/lib/workspace';
import { RecordingSink } from './fakes/memory-runtime';
import { offlineRuntime } from './fakes/offline-vfs-runtime';

describe('workspace store on the offline runtime fs', () => {
  it('mirrors writes, folder renames and deletions made directly on the VFS', async () => {
    const vfs = new VirtualFS();
    vfs.mkdirSync('/home/project/src', { recursive: true });
    vfs.writeFileSync('/home/project/src/a.js', 'one');
    const sink = new RecordingSink();
    const store = await createWorkspaceStore({
      runtime: offlineRuntime(vfs),
      persistence: sink,
      state: {
        meta: { id: 'w', name: 'w', createdAt: 0, updatedAt: 0 },
        openPaths: ['/src/a.js'],
        activePath: '/src/a.js',
        locks: [],
        facts: { lastCommand: null, serverRunning: false, ports: [], installedPackages: [] },
      },
    });
    expect(store.getSnapshot().files).toEqual(['/src/a.js']);

    vfs.writeFileSync('/home/project/f.txt', 'made by echo');
    vfs.writeFileSync('/home/project/src/a.js', 'two');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await store.settle();
    expect(store.getSnapshot().files).toEqual(['/f.txt', '/src/a.js']);
    expect(store.getSnapshot().openFiles[0]?.content).toBe('two');

    vfs.renameSync('/home/project/src', '/home/project/app');
    vfs.unlinkSync('/home/project/f.txt');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await store.settle();
    expect(store.getSnapshot().files).toEqual(['/app/a.js']);
    expect(sink.files.get('/app/a.js')).toBe('two');
    expect(sink.deletes).toEqual(expect.arrayContaining(['/f.txt', '/src']));
    store.dispose();
  });
});
