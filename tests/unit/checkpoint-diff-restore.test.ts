import { afterEach, describe, expect, it } from 'vitest';
import { diffCheckpoints, listCheckpoints, restoreCheckpoint, takeCheckpoint } from '@/lib/workspace/checkpoints';
import { openCheckpointWorkspace, readText, shellWrite, type CheckpointSetup } from './checkpoint-setup';

let setup: CheckpointSetup | null = null;
afterEach(() => {
  setup?.dispose();
  setup = null;
});

const files = {
  '/package.json': '{"name":"app"}\n',
  '/src/a.js': 'one\ntwo\nthree\n',
  '/src/gone.js': 'x\ny\n',
  '/logo.png': new Uint8Array([137, 80, 78, 71, 0, 1, 2]),
};

describe('checkpoint diff', () => {
  it('lists added, modified and deleted files with line counts, binary listed but not diffed', async () => {
    setup = await openCheckpointWorkspace(files);
    const before = await takeCheckpoint(setup.store, { kind: 'turn', label: 'before' });
    await shellWrite(setup, '/src/a.js', 'one\nTWO\nthree\nfour\n');
    await shellWrite(setup, '/src/new.js', 'n1\nn2\nn3\n');
    await setup.runtime.fs.rm('/src/gone.js');
    await shellWrite(setup, '/logo.png', new Uint8Array([137, 80, 78, 71, 0, 9, 9, 9]));
    const after = await takeCheckpoint(setup.store, { kind: 'turn', label: 'after' });
    const changes = await diffCheckpoints(setup.workspaceId, before.id, after.id);
    expect(changes.map(({ path, status, binary, additions, deletions }) => ({ path, status, binary, additions, deletions }))).toEqual([
      { path: '/logo.png', status: 'modified', binary: true, additions: 0, deletions: 0 },
      { path: '/src/a.js', status: 'modified', binary: false, additions: 2, deletions: 1 },
      { path: '/src/gone.js', status: 'deleted', binary: false, additions: 0, deletions: 2 },
      { path: '/src/new.js', status: 'added', binary: false, additions: 3, deletions: 0 },
    ]);
    const a = changes.find((change) => change.path === '/src/a.js');
    expect(a?.before).toBe('one\ntwo\nthree\n');
    expect(a?.after).toBe('one\nTWO\nthree\nfour\n');
    expect(changes.find((change) => change.path === '/logo.png')).toMatchObject({ before: null, after: null });
    expect(changes.find((change) => change.path === '/src/new.js')?.before).toBeNull();
  });

  it('compares a checkpoint with the live workspace, unsaved-to-checkpoint shell changes included', async () => {
    setup = await openCheckpointWorkspace(files);
    const start = await takeCheckpoint(setup.store, { kind: 'turn', label: 'start' });
    expect(await diffCheckpoints(setup.workspaceId, start.id, 'live', setup.store)).toEqual([]);
    await shellWrite(setup, '/package.json', '{"name":"app","dependencies":{"x":"1"}}\n');
    const changes = await diffCheckpoints(setup.workspaceId, start.id, 'live', setup.store);
    expect(changes).toMatchObject([{ path: '/package.json', status: 'modified', additions: 1, deletions: 1 }]);
    await expect(diffCheckpoints(setup.workspaceId, start.id, 'live')).rejects.toThrow(/needs the open workspace/);
  });
});

describe('checkpoint diff and restore of many files', () => {
  it('lists and restores every one of 150 changed files with its own content', async () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < 150; i++) many[`/m/f${i}.txt`] = `file ${i}\n`;
    setup = await openCheckpointWorkspace(many);
    const before = await takeCheckpoint(setup.store, { kind: 'turn', label: 'before' });
    for (let i = 0; i < 150; i++) await setup.runtime.fs.writeFile(`/m/f${i}.txt`, `file ${i}\nedited\n`);
    await setup.store.settle();
    const after = await takeCheckpoint(setup.store, { kind: 'turn', label: 'after' });
    const changes = await diffCheckpoints(setup.workspaceId, before.id, after.id);
    expect(changes).toHaveLength(150);
    for (const change of changes) {
      const i = change.path.slice('/m/f'.length, -'.txt'.length);
      expect(change).toMatchObject({ status: 'modified', additions: 1, deletions: 0, before: `file ${i}\n`, after: `file ${i}\nedited\n` });
    }
    const result = await restoreCheckpoint(setup.store, before.id);
    expect(result.restored).toHaveLength(150);
    expect(await readText(setup, '/m/f77.txt')).toBe('file 77\n');
    expect(await diffCheckpoints(setup.workspaceId, before.id, 'live', setup.store)).toEqual([]);
  });
});

describe('checkpoint restore', () => {
  it('writes changed files back, deletes added ones, and is itself undoable', async () => {
    setup = await openCheckpointWorkspace(files);
    const start = await takeCheckpoint(setup.store, { kind: 'turn', label: 'start' });
    await shellWrite(setup, '/src/a.js', 'agent rewrote this\n');
    await shellWrite(setup, '/src/deep/added.js', 'added\n');
    await setup.store.remove('/src/gone.js');
    const result = await restoreCheckpoint(setup.store, start.id);
    expect(result.restored.sort()).toEqual(['/src/a.js', '/src/gone.js']);
    expect(result.deleted).toEqual(['/src/deep/added.js']);
    expect(result.before.kind).toBe('before-restore');
    expect(await readText(setup, '/src/a.js')).toBe('one\ntwo\nthree\n');
    expect(await readText(setup, '/src/gone.js')).toBe('x\ny\n');
    expect(await setup.runtime.fs.exists('/src/deep')).toBe(false);
    // The store followed: tree and storage show the restored files.
    expect(setup.store.getSnapshot().files).toEqual(['/logo.png', '/package.json', '/src/a.js', '/src/gone.js']);
    expect(await diffCheckpoints(setup.workspaceId, start.id, 'live', setup.store)).toEqual([]);

    // Undo: restoring the 'before-restore' checkpoint brings the agent's state back.
    await restoreCheckpoint(setup.store, result.before.id);
    expect(await readText(setup, '/src/a.js')).toBe('agent rewrote this\n');
    expect(await readText(setup, '/src/deep/added.js')).toBe('added\n');
    expect(await setup.runtime.fs.exists('/src/gone.js')).toBe(false);
    const kinds = (await listCheckpoints(setup.workspaceId)).map((c) => c.kind);
    expect(kinds).toEqual(['before-restore', 'before-restore', 'turn']);
  });

  it('puts a file back where a folder of the same name was made since', async () => {
    setup = await openCheckpointWorkspace(files);
    const start = await takeCheckpoint(setup.store, { kind: 'turn', label: 'start' });
    await setup.store.remove('/src/gone.js');
    await shellWrite(setup, '/src/gone.js/inner.js', 'inner\n');
    const result = await restoreCheckpoint(setup.store, start.id);
    expect(result.failed).toEqual([]);
    expect(await readText(setup, '/src/gone.js')).toBe('x\ny\n');
    expect(setup.store.getSnapshot().files).toContain('/src/gone.js');
    expect(setup.store.getSnapshot().files).not.toContain('/src/gone.js/inner.js');
  });

  it('restores only the given paths and leaves locked files alone', async () => {
    setup = await openCheckpointWorkspace(files);
    const start = await takeCheckpoint(setup.store, { kind: 'turn', label: 'start' });
    await shellWrite(setup, '/src/a.js', 'changed a\n');
    await shellWrite(setup, '/package.json', '{}\n');
    const partial = await restoreCheckpoint(setup.store, start.id, { paths: ['/src/a.js'] });
    expect(partial.restored).toEqual(['/src/a.js']);
    expect(await readText(setup, '/package.json')).toBe('{}\n');
    await shellWrite(setup, '/src/a.js', 'changed again\n');
    setup.store.setLocked('/src/a.js', true);
    const locked = await restoreCheckpoint(setup.store, start.id);
    expect(locked.skipped).toEqual(['/src/a.js']);
    expect(await readText(setup, '/src/a.js')).toBe('changed again\n');
    expect(await readText(setup, '/package.json')).toBe('{"name":"app"}\n');
  });

  it('an open tab with unsaved text gets a conflict instead of being overwritten', async () => {
    setup = await openCheckpointWorkspace(files);
    const start = await takeCheckpoint(setup.store, { kind: 'turn', label: 'start' });
    await shellWrite(setup, '/src/a.js', 'agent\n');
    await setup.store.openFile('/src/a.js');
    setup.store.updateContent('/src/a.js', 'my unsaved text\n');
    await restoreCheckpoint(setup.store, start.id);
    const tab = setup.store.getSnapshot().openFiles.find((t) => t.path === '/src/a.js');
    expect(tab?.content).toBe('my unsaved text\n');
    expect(tab?.conflict).toEqual({ diskContent: 'one\ntwo\nthree\n' });
  });
});
