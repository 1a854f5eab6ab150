import { describe, expect, it } from 'vitest';
import { createWorkspaceStore } from '@/lib/workspace';
import { createMemoryRuntime, RecordingSink, type MemoryRuntime } from './fakes/memory-runtime';
import { setupStore as setup, tab, expectError, state } from './fakes/workspace-store-setup';

describe('workspace store: files and folders', () => {
  it('creates files and folders, refusing existing paths and paths under a file', async () => {
    const { store, runtime, sink } = await setup({ '/a.txt': 'a' });
    await store.createFile('src/new.ts', 'export {}');
    await store.createFolder('/empty');
    expect(await runtime.fs.readTextFile('/src/new.ts')).toBe('export {}');
    expect(store.getSnapshot().files).toContain('/src/new.ts');
    expect(store.getSnapshot().tree.map((n) => n.path)).toEqual(['/empty', '/src', '/a.txt']);
    expect(sink.files.get('/src/new.ts')).toBe('export {}');
    await expectError(() => store.createFile('/a.txt'), 'exists', /\/a\.txt already exists/);
    await expectError(() => store.createFolder('/src'), 'exists');
    await expectError(() => store.createFile('/a.txt/child'), 'bad-path', /a\.txt is a file/);
    await expectError(() => store.createFile('/'), 'bad-path', /root/);
    await expectError(() => store.createFile('../../etc/passwd'), 'bad-path');
    store.dispose();
  });

  it('renames a file: the open tab (dirty edits included), the active tab and the lock follow', async () => {
    const { store, runtime, sink } = await setup({ '/a.txt': 'a' });
    await store.openFile('/a.txt');
    store.updateContent('/a.txt', 'edited');
    store.setLocked('/a.txt', true);
    await expectError(() => store.rename('/a.txt', '/b.txt'), 'locked', /a\.txt is locked/);
    store.setLocked('/a.txt', false);
    await store.rename('/a.txt', '/b.txt');
    const snap = store.getSnapshot();
    expect(snap.files).toEqual(['/b.txt']);
    expect(snap.activePath).toBe('/b.txt');
    expect(tab(store, '/b.txt')).toMatchObject({ content: 'edited', dirty: true, conflict: null });
    expect(await runtime.fs.exists('/a.txt')).toBe(false);
    expect(sink.deletes).toContain('/a.txt');
    expect(sink.files.get('/b.txt')).toBe('a');
    await store.settle();
    expect(tab(store, '/b.txt')?.conflict).toBeNull();
    store.dispose();
  });

  it('renames and moves folders: tabs and locks inside follow; into itself is refused', async () => {
    const { store, sink } = await setup({ '/src/a.ts': 'A', '/src/deep/b.ts': 'B', '/lib/keep.ts': '' });
    await store.openFile('/src/deep/b.ts');
    store.setLocked('/src/a.ts', true);
    await store.rename('/src', '/app');
    expect(store.getSnapshot().files).toEqual(['/app/a.ts', '/app/deep/b.ts', '/lib/keep.ts']);
    expect(store.getSnapshot().activePath).toBe('/app/deep/b.ts');
    expect(store.isLocked('/app/a.ts')).toBe(true);
    expect(store.isLocked('/src/a.ts')).toBe(false);
    expect(sink.files.get('/app/deep/b.ts')).toBe('B');
    expect(sink.files.has('/src/a.ts')).toBe(false);

    await store.move('/app', '/lib');
    expect(store.getSnapshot().files).toEqual(['/lib/app/a.ts', '/lib/app/deep/b.ts', '/lib/keep.ts']);
    expect(tab(store, '/lib/app/deep/b.ts')?.content).toBe('B');
    expect(store.isLocked('/lib/app/a.ts')).toBe(true);
    await expectError(() => store.move('/lib', '/lib/app'), 'bad-path', /into itself/);
    await expectError(() => store.rename('/lib', '/lib/inner'), 'bad-path', /into itself/);
    await expectError(() => store.move('/lib/keep.ts', '/nowhere'), 'not-found', /nowhere/);
    await expectError(() => store.rename('/missing', '/x'), 'not-found');
    await expectError(() => store.rename('/lib/keep.ts', '/lib/app/a.ts'), 'exists');
    store.dispose();
  });

  it('removes files and folders, closing their tabs; refuses locked files and folders holding them', async () => {
    const { store, runtime, sink } = await setup({ '/src/a.ts': '', '/src/b.ts': '', '/c.ts': '' });
    await store.openFile('/src/a.ts');
    store.updateContent('/src/a.ts', 'unsaved');
    store.setLocked('/c.ts', true);
    await expectError(() => store.remove('/c.ts'), 'locked', /\/c\.ts is locked/);
    store.setLocked('/src/b.ts', true);
    await expectError(() => store.remove('/src'), 'locked', /\/src\/b\.ts is locked: unlock it to delete \/src/);
    store.setLocked('/src/b.ts', false);
    await store.remove('/src');
    expect(store.getSnapshot().files).toEqual(['/c.ts']);
    expect(store.getSnapshot().openFiles).toEqual([]);
    expect(await runtime.fs.exists('/src')).toBe(false);
    expect(sink.deletes).toContain('/src');
    await expectError(() => store.remove('/src'), 'not-found');
    store.dispose();
  });

  it('refuses to save a locked file, and persists locks', async () => {
    const { store, runtime, sink } = await setup({ '/a.txt': 'a' });
    await store.openFile('/a.txt');
    store.updateContent('/a.txt', 'b');
    store.setLocked('/a.txt', true);
    expect(store.isLocked('a.txt')).toBe(true);
    expect(sink.lastState?.locks).toEqual(['/a.txt']);
    await expectError(() => store.save('/a.txt'), 'locked', /^\/a\.txt is locked: unlock it to save$/);
    await expectError(() => store.saveAll(), 'locked');
    expect(await runtime.fs.readTextFile('/a.txt')).toBe('a');
    await expectError(() => store.setLocked('/nope', true), 'not-found');
    store.dispose();
  });

  it('a locked folder locks everything below it', async () => {
    const { store } = await setup({ '/src/a.ts': '' });
    store.setLocked('/src', true);
    expect(store.isLocked('/src/a.ts')).toBe(true);
    await expectError(() => store.rename('/src/a.ts', '/src/b.ts'), 'locked');
    store.dispose();
  });

  it('refuses every write when read-only, with a clear message', async () => {
    const { store, runtime, sink } = await setup({ '/a.txt': 'a' }, {}, true);
    await store.openFile('/a.txt');
    const refused = /open for writing in another tab/;
    await expectError(() => store.updateContent('/a.txt', 'x'), 'read-only', refused);
    await expectError(() => store.save('/a.txt'), 'read-only', refused);
    await expectError(() => store.saveAll(), 'read-only', refused);
    await expectError(() => store.createFile('/b.txt'), 'read-only', refused);
    await expectError(() => store.createFolder('/d'), 'read-only', refused);
    await expectError(() => store.rename('/a.txt', '/c.txt'), 'read-only', refused);
    await expectError(() => store.move('/a.txt', '/'), 'read-only', refused);
    await expectError(() => store.remove('/a.txt'), 'read-only', refused);
    await expectError(() => store.setLocked('/a.txt', true), 'read-only', refused);
    // The runtime may still change (a shell in this tab): mirrored, but never persisted from a read-only tab.
    await runtime.fs.writeFile('/shell.txt', 'x');
    await store.settle();
    expect(store.getSnapshot().files).toContain('/shell.txt');
    expect(sink.puts).toEqual([]);
    expect(sink.states).toEqual([]);
    expect(store.getSnapshot().readOnly).toBe(true);

    store.setReadOnly(false);
    expect(store.getSnapshot().readOnly).toBe(false);
    await store.createFile('/b.txt', 'ok');
    expect(sink.files.get('/b.txt')).toBe('ok');
    store.setReadOnly(true, 'taken over');
    await expectError(() => store.createFile('/c.txt'), 'read-only', /taken over/);
    store.dispose();
  });
});

describe('workspace store: mirroring the runtime', () => {
  it('picks up files, folders and deletions made behind its back; persists them except node_modules/.git', async () => {
    const { store, runtime, sink } = await setup({ '/a.txt': 'a' });
    await runtime.fs.writeFile('/made-by-echo.txt', 'hello');
    await runtime.fs.writeFile('/node_modules/left-pad/index.js', 'module.exports = 1');
    await runtime.fs.writeFile('/.git/HEAD', 'ref: main');
    await runtime.fs.mkdir('/src/deep');
    await runtime.fs.rm('/a.txt');
    await store.settle();
    const snap = store.getSnapshot();
    expect(snap.files).toEqual(['/made-by-echo.txt']);
    expect(snap.tree.map((n) => n.path)).toEqual(['/src', '/made-by-echo.txt']);
    expect(sink.files.get('/made-by-echo.txt')).toBe('hello');
    expect(sink.deletes).toContain('/a.txt');
    expect([...sink.puts, ...sink.deletes].filter((p) => p.includes('node_modules') || p.includes('.git'))).toEqual([]);
    store.dispose();
  });

  it('sees a folder renamed by the shell (only the folder name is reported)', async () => {
    const { store, runtime, sink } = await setup({ '/src/a.ts': 'A', '/src/sub/b.ts': 'B' });
    await store.openFile('/src/a.ts');
    await runtime.memory.rename('src', 'app');
    await store.settle();
    expect(store.getSnapshot().files).toEqual(['/app/a.ts', '/app/sub/b.ts']);
    expect(sink.files.get('/app/sub/b.ts')).toBe('B');
    expect(sink.deletes).toContain('/src');
    // A clean tab whose file vanished closes.
    expect(store.getSnapshot().openFiles).toEqual([]);
    store.dispose();
  });

  it('keeps a dirty tab whose file was deleted (the edits can still be saved)', async () => {
    const { store, runtime } = await setup({ '/a.txt': 'a' });
    await store.openFile('/a.txt');
    store.updateContent('/a.txt', 'precious');
    await runtime.fs.rm('/a.txt');
    await store.settle();
    expect(tab(store, '/a.txt')?.content).toBe('precious');
    await store.save('/a.txt');
    expect(await runtime.fs.readTextFile('/a.txt')).toBe('precious');
    expect(store.getSnapshot().files).toEqual(['/a.txt']);
    store.dispose();
  });

  it('batches a burst of events into a few snapshots', async () => {
    const { store, runtime } = await setup({});
    let snapshots = 0;
    store.subscribe(() => snapshots++);
    for (let i = 0; i < 200; i++) await runtime.fs.writeFile(`/gen/f${i}.txt`, String(i));
    await store.settle();
    expect(store.getSnapshot().files).toHaveLength(200);
    expect(snapshots).toBeLessThan(5);
    store.dispose();
  });

  it('does not re-persist the echo of its own writes', async () => {
    const { store, sink } = await setup({});
    await store.createFile('/a.txt', 'a');
    await store.settle();
    expect(sink.puts.filter((p) => p === '/a.txt')).toHaveLength(1);
    store.dispose();
  });

  it('stops mirroring after dispose', async () => {
    const { store, runtime } = await setup({});
    store.dispose();
    await runtime.fs.writeFile('/late.txt', '');
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(store.getSnapshot().files).toEqual([]);
  });
});

describe('workspace store: refresh', () => {
  it('re-reads the runtime when its watch reported nothing', async () => {
    const runtime = await createMemoryRuntime({ '/a.txt': 'a', '/gone.txt': '' });
    const deaf: MemoryRuntime = { ...runtime, fs: { ...runtime.fs, watch: () => () => undefined } };
    const store = await createWorkspaceStore({ runtime: deaf, persistence: new RecordingSink(), state: state() });
    await store.openFile('/a.txt');
    await runtime.fs.writeFile('/src/new.ts', 'x');
    await runtime.fs.writeFile('/a.txt', 'changed');
    await runtime.fs.rm('/gone.txt');
    await store.settle();
    expect(store.getSnapshot().files).toEqual(['/a.txt', '/gone.txt']);
    await store.refresh();
    expect(store.getSnapshot().files).toEqual(['/a.txt', '/src/new.ts']);
    expect(tab(store, '/a.txt')?.content).toBe('changed');
    store.dispose();
  });

  it('lists each file a program makes under a name the workspace cannot keep, until it is renamed, and keeps mirroring the rest', async () => {
    const { store, runtime, sink } = await setup({ '/a.txt': 'a' });
    const long = `/${'n'.repeat(300)}.txt`;
    await runtime.fs.writeFile(long, 'made by node -e');
    await runtime.fs.writeFile('/fine.txt', 'kept');
    // The machine's folders are not the workspace's: a temporary file there is neither kept nor reported.
    await runtime.fs.writeFile('/tmp/cache/x.json', '{}');
    await store.settle();
    expect(store.getSnapshot().files).toEqual(['/a.txt', '/fine.txt']);
    // The user hears which file and why, not a silent loss at the next reload.
    expect([...store.getSnapshot().unkept]).toEqual([[long, 'A name is longer than 255 characters']]);
    expect(store.getSnapshot().persistenceError).toMatch(
      /^1 file made by a program in the runtime has a name browser storage cannot keep: not saved.*gone after a reload/,
    );
    store.dismissPersistenceError();
    await runtime.fs.writeFile('/line\nbreak.txt', 'x');
    await store.settle();
    expect(store.getSnapshot().unkept.get('/line\nbreak.txt')).toBe('The path contains a NUL or other control character');
    expect(store.getSnapshot().persistenceError).toMatch(/^2 files made by a program/);
    store.dismissPersistenceError();
    await runtime.fs.writeFile(long, 'written again');
    await store.settle();
    expect(store.getSnapshot().persistenceError, 'each file is reported once while it exists').toBeNull();
    // Renamed to a name that can be kept: off the list, in the tree, saved.
    await runtime.fs.rename('/line\nbreak.txt', '/line-break.txt');
    await store.settle();
    expect([...store.getSnapshot().unkept.keys()]).toEqual([long]);
    expect(store.getSnapshot().files).toContain('/line-break.txt');
    await store.flush();
    expect(sink.files.get('/line-break.txt')).toBe('x');
    // The saved state carries the list, so the next session can say what a reload lost.
    expect(sink.states.at(-1)?.unkept).toEqual([{ path: long, reason: 'A name is longer than 255 characters' }]);
    store.dispose();
  });

  it('after a reload, says which files of the last session could not be kept, once', async () => {
    const lost = [{ path: '/new\nline.txt', reason: 'The path contains a NUL or other control character' }];
    const { store, sink } = await setup({ '/a.txt': 'a' }, { unkept: lost });
    expect(store.getSnapshot().lostLastSession).toEqual(lost);
    expect(store.getSnapshot().persistenceError).toBe(
      '1 file made by a program was not saved in your last session (its name could not be stored) and is gone.',
    );
    await store.flush();
    expect(sink.states.at(-1)?.unkept, 'told once: the next session does not repeat it').toEqual([]);
    store.dismissPersistenceError();
    expect(store.getSnapshot().lostLastSession).toEqual([]);
    store.dispose();
  });
});
