import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  configureCheckpoints,
  DEFAULT_LIMITS,
  deleteCheckpoint,
  diffCheckpoints,
  listCheckpoints,
  renameCheckpoint,
  subscribeCheckpoints,
  takeCheckpoint,
} from '@/lib/workspace/checkpoints';
import { checkpointFootprint } from '@/lib/workspace/checkpoints/footprint';
import { blobCount, openCheckpointWorkspace, shellWrite, type CheckpointSetup } from './checkpoint-setup';

let setup: CheckpointSetup | null = null;
afterEach(() => {
  setup?.dispose();
  setup = null;
  configureCheckpoints(DEFAULT_LIMITS);
});

const files = { '/package.json': '{"name":"app"}\n', '/src/a.js': 'a\n', '/src/b.js': 'b\n', '/logo.png': new Uint8Array([137, 80, 78, 71, 0, 1, 2]) };

describe('checkpoint store', () => {
  it('stores each distinct content once: an unchanged file costs no new blob', async () => {
    setup = await openCheckpointWorkspace(files);
    const first = await takeCheckpoint(setup.store, { kind: 'turn', label: 'Turn 1', conversationId: 'c1', messageId: 'm1' });
    expect(first).toMatchObject({ kind: 'turn', label: 'Turn 1', conversationId: 'c1', messageId: 'm1', fileCount: 4 });
    expect(await blobCount(setup)).toBe(4);
    await takeCheckpoint(setup.store, { kind: 'auto', label: 'Nothing changed' });
    expect(await blobCount(setup)).toBe(4);
    await shellWrite(setup, '/src/a.js', 'a changed\n');
    const third = await takeCheckpoint(setup.store, { kind: 'auto', label: 'One change' });
    expect(await blobCount(setup)).toBe(5);
    expect(third.fileCount).toBe(4);
    // A file with the same content as another is the same blob.
    await shellWrite(setup, '/src/copy.js', 'b\n');
    await takeCheckpoint(setup.store, { kind: 'auto', label: 'Copy' });
    expect(await blobCount(setup)).toBe(5);
  });

  it('tells listeners of the workspace when its checkpoints change', async () => {
    setup = await openCheckpointWorkspace(files);
    const heard = vi.fn();
    const other = vi.fn();
    const stop = subscribeCheckpoints(setup.workspaceId, heard);
    subscribeCheckpoints('another-workspace', other);
    const meta = await takeCheckpoint(setup.store, { kind: 'named', label: 'x' });
    await renameCheckpoint(setup.workspaceId, meta.id, 'y');
    await deleteCheckpoint(setup.workspaceId, meta.id);
    expect(heard).toHaveBeenCalledTimes(3);
    stop();
    await takeCheckpoint(setup.store, { kind: 'named', label: 'z' });
    expect(heard).toHaveBeenCalledTimes(3);
    expect(other).not.toHaveBeenCalled();
  });

  it('never checkpoints node_modules', async () => {
    setup = await openCheckpointWorkspace(files);
    await shellWrite(setup, '/node_modules/x/index.js', 'x');
    const meta = await takeCheckpoint(setup.store, { kind: 'auto', label: 'x' });
    expect(meta.fileCount).toBe(4);
  });

  it('lists newest first, renames, and deletes with garbage collection of contents no checkpoint needs', async () => {
    setup = await openCheckpointWorkspace(files);
    const one = await takeCheckpoint(setup.store, { kind: 'named', label: 'One' });
    await shellWrite(setup, '/src/only-in-two.js', 'two only\n');
    const two = await takeCheckpoint(setup.store, { kind: 'auto', label: 'Two' });
    await setup.store.remove('/src/only-in-two.js');
    const three = await takeCheckpoint(setup.store, { kind: 'auto', label: 'Three' });
    expect((await listCheckpoints(setup.workspaceId)).map((c) => c.id)).toEqual([three.id, two.id, one.id]);
    expect((await renameCheckpoint(setup.workspaceId, one.id, '  Known good ')).label).toBe('Known good');
    expect(await blobCount(setup)).toBe(5);
    await deleteCheckpoint(setup.workspaceId, two.id);
    expect(await blobCount(setup)).toBe(4);
    expect((await listCheckpoints(setup.workspaceId)).map((c) => c.label)).toEqual(['Three', 'Known good']);
  });

  it('deleting a checkpoint in the middle leaves the ones built on it whole', async () => {
    setup = await openCheckpointWorkspace(files);
    const one = await takeCheckpoint(setup.store, { kind: 'auto', label: 'One' });
    await shellWrite(setup, '/src/a.js', 'a2\n');
    const two = await takeCheckpoint(setup.store, { kind: 'auto', label: 'Two' });
    await shellWrite(setup, '/src/b.js', 'b3\n');
    const three = await takeCheckpoint(setup.store, { kind: 'auto', label: 'Three' });
    await deleteCheckpoint(setup.workspaceId, two.id);
    expect(await diffCheckpoints(setup.workspaceId, three.id, 'live', setup.store)).toEqual([]);
    const changes = await diffCheckpoints(setup.workspaceId, one.id, three.id);
    expect(changes.map((change) => [change.path, change.after])).toEqual([
      ['/src/a.js', 'a2\n'],
      ['/src/b.js', 'b3\n'],
    ]);
  });

  it('sees a file rewritten at the same size within the millisecond it was last checkpointed in', async () => {
    // The clock stands still: every write and read below happens in one millisecond, as quick tool calls can.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    try {
      setup = await openCheckpointWorkspace(files);
      await shellWrite(setup, '/src/a.js', 'version 1\n');
      const one = await takeCheckpoint(setup.store, { kind: 'turn', label: 'Turn 1' });
      await shellWrite(setup, '/src/a.js', 'version 2\n');
      const two = await takeCheckpoint(setup.store, { kind: 'turn', label: 'Turn 2' });
      const changes = await diffCheckpoints(setup.workspaceId, one.id, two.id);
      expect(changes.map((change) => [change.path, change.before, change.after])).toEqual([['/src/a.js', 'version 1\n', 'version 2\n']]);
      expect(await diffCheckpoints(setup.workspaceId, two.id, 'live', setup.store)).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('over the count cap drops the oldest automatic checkpoints first and keeps named ones', async () => {
    setup = await openCheckpointWorkspace(files);
    configureCheckpoints({ maxCount: 3 });
    const named = await takeCheckpoint(setup.store, { kind: 'named', label: 'Mine' });
    for (let i = 1; i <= 4; i++) {
      await shellWrite(setup, '/src/a.js', `version ${i}\n`);
      await takeCheckpoint(setup.store, { kind: 'turn', label: `Turn ${i}` });
    }
    const left = await listCheckpoints(setup.workspaceId);
    expect(left.map((c) => c.label)).toEqual(['Turn 4', 'Turn 3', 'Mine']);
    expect(left.at(-1)?.id).toBe(named.id);
    // Versions 1 and 2 of a.js are gone with their checkpoints; the named one's original stays.
    expect(await blobCount(setup)).toBe(4 + 2);
  });

  it('over the size cap drops automatic checkpoints but never a named one or the newest', async () => {
    setup = await openCheckpointWorkspace(files);
    configureCheckpoints({ maxBytes: 1 });
    await takeCheckpoint(setup.store, { kind: 'named', label: 'Mine' });
    await shellWrite(setup, '/src/a.js', 'big '.repeat(100));
    await takeCheckpoint(setup.store, { kind: 'auto', label: 'Auto 1' });
    await shellWrite(setup, '/src/a.js', 'bigger '.repeat(100));
    await takeCheckpoint(setup.store, { kind: 'auto', label: 'Auto 2' });
    expect((await listCheckpoints(setup.workspaceId)).map((c) => c.label)).toEqual(['Auto 2', 'Mine']);
  });
});

describe('checkpoint cost', () => {
  it('with 1,000 files and one changed, hashes only that file and stores under 1 KB besides its content', async () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < 1000; i++) many[`/src/dir${i % 20}/file${i}.ts`] = `export const value${i} = ${i};\n`.repeat(20);
    setup = await openCheckpointWorkspace(many);
    await takeCheckpoint(setup.store, { kind: 'auto', label: 'first' });
    const before = await checkpointFootprint(setup.db, setup.workspaceId);
    const changed = 'export const changed = true;\n';
    await shellWrite(setup, '/src/dir3/file3.ts', changed);
    const digest = vi.spyOn(crypto.subtle, 'digest');
    const meta = await takeCheckpoint(setup.store, { kind: 'turn', label: 'one change' });
    expect(digest).toHaveBeenCalledTimes(1);
    digest.mockRestore();
    expect(meta.fileCount).toBe(1000);
    const after = await checkpointFootprint(setup.db, setup.workspaceId);
    expect(after.blobs - before.blobs).toBe(changed.length);
    expect(after.total - before.total - changed.length).toBeLessThan(1024);
  });
});

describe('checkpoints when storage is full', () => {
  /** The browser refuses checkpoint records `times` times, as a full origin does. */
  function refuseCheckpointWrites(times: number) {
    const put = IDBObjectStore.prototype.put;
    let refused = 0;
    return vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.name === 'checkpoints' && refused < times) {
        refused++;
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      return put.apply(this, args);
    });
  }

  it('drops the oldest automatic checkpoints to make room, keeps named ones, and saves the new one', async () => {
    setup = await openCheckpointWorkspace(files);
    await takeCheckpoint(setup.store, { kind: 'named', label: 'Mine' });
    for (let i = 1; i <= 3; i++) {
      await shellWrite(setup, '/src/a.js', `version ${i} `.repeat(50));
      await takeCheckpoint(setup.store, { kind: 'auto', label: `Auto ${i}` });
    }
    await shellWrite(setup, '/src/a.js', 'latest\n');
    const spy = refuseCheckpointWrites(1);
    const meta = await takeCheckpoint(setup.store, { kind: 'turn', label: 'After full' });
    spy.mockRestore();
    const labels = (await listCheckpoints(setup.workspaceId)).map((c) => c.label);
    expect(labels[0]).toBe('After full');
    expect(labels).toContain('Mine');
    expect(labels).not.toContain('Auto 1');
    expect(await diffCheckpoints(setup.workspaceId, meta.id, 'live', setup.store)).toEqual([]);
  });

  it('says so when even that does not make room', async () => {
    setup = await openCheckpointWorkspace(files);
    await takeCheckpoint(setup.store, { kind: 'named', label: 'Mine' });
    const spy = refuseCheckpointWrites(2);
    await expect(takeCheckpoint(setup.store, { kind: 'turn', label: 'x' })).rejects.toMatchObject({ code: 'quota', message: /Browser storage is full/ });
    spy.mockRestore();
    expect((await listCheckpoints(setup.workspaceId)).map((c) => c.label)).toEqual(['Mine']);
  });
});
