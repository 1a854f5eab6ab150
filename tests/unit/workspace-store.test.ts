import { describe, expect, it } from 'vitest';
import { setupStore as setup, tab, expectError } from './fakes/workspace-store-setup';

describe('workspace store: tree', () => {
  it('builds a sorted tree (folders first, by name) without node_modules, and a file list without .git either', async () => {
    const { store } = await setup({
      '/b.txt': 'b',
      '/A.md': 'a',
      '/src/z.ts': '',
      '/src/lib/x.ts': '',
      '/assets/logo.png': new Uint8Array([1, 2]),
      '/node_modules/react/index.js': '',
      '/.git/HEAD': 'ref',
      '/file10.js': '',
      '/file2.js': '',
    });
    const snap = store.getSnapshot();
    // .git is in the tree (the tree view hides it unless asked) but not in the list quick open and search use.
    expect(snap.tree.map((n) => n.name)).toEqual(['.git', 'assets', 'src', 'A.md', 'b.txt', 'file2.js', 'file10.js']);
    const src = snap.tree.find((n) => n.name === 'src');
    expect(src?.children?.map((n) => `${n.type}:${n.path}`)).toEqual(['directory:/src/lib', 'file:/src/z.ts']);
    expect(snap.files).toEqual(['/A.md', '/assets/logo.png', '/b.txt', '/file10.js', '/file2.js', '/src/lib/x.ts', '/src/z.ts']);
    store.dispose();
  });

  it('gives a new snapshot identity after a change and keeps it otherwise', async () => {
    const { store } = await setup({ '/a.txt': 'a' });
    const before = store.getSnapshot();
    expect(store.getSnapshot()).toBe(before);
    let calls = 0;
    const off = store.subscribe(() => calls++);
    await store.createFile('/b.txt', 'b');
    expect(store.getSnapshot()).not.toBe(before);
    expect(calls).toBeGreaterThan(0);
    off();
    store.dispose();
  });

  it('restores open tabs that still exist, the active tab and locks', async () => {
    const { store } = await setup(
      { '/a.txt': 'A', '/b.txt': 'B' },
      { openPaths: ['/a.txt', '/gone.txt', 'b.txt'], activePath: '/b.txt', locks: ['/a.txt', '/gone.txt'] },
    );
    const snap = store.getSnapshot();
    expect(snap.openFiles.map((t) => [t.path, t.content])).toEqual([
      ['/a.txt', 'A'],
      ['/b.txt', 'B'],
    ]);
    expect(snap.activePath).toBe('/b.txt');
    expect([...snap.locks]).toEqual(['/a.txt']);
    store.dispose();
  });
});

describe('workspace store: editing and saving', () => {
  it('opens, edits (dirty), saves through to the runtime and persistence', async () => {
    const { store, runtime, sink } = await setup({ '/src/a.js': 'one' });
    await store.openFile('src/a.js');
    expect(store.getSnapshot().activePath).toBe('/src/a.js');
    store.updateContent('/src/a.js', 'two');
    expect(tab(store, '/src/a.js')).toMatchObject({ content: 'two', savedContent: 'one', dirty: true });
    await store.save('/src/a.js');
    expect(tab(store, '/src/a.js')).toMatchObject({ content: 'two', savedContent: 'two', dirty: false, conflict: null });
    expect(await runtime.fs.readTextFile('/src/a.js')).toBe('two');
    expect(sink.files.get('/src/a.js')).toBe('two');
    await store.settle();
    expect(tab(store, '/src/a.js')?.conflict).toBeNull();
    store.dispose();
  });

  it('shows a save as done only once it is in IndexedDB, tabs included (reload right after loses nothing)', async () => {
    const { store, sink } = await setup({ '/notes.md': '' });
    await store.openFile('/notes.md');
    store.updateContent('/notes.md', 'remember the milk');
    let releaseFlush = () => {};
    const durable: string[] = [];
    sink.flush = () => {
      durable.push(String(sink.files.get('/notes.md')));
      return new Promise<void>((resolve) => (releaseFlush = resolve));
    };
    const saving = store.save('/notes.md');
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Written to the sink and being flushed, but the editor still says "unsaved" until the flush commits.
    expect(durable).toEqual(['remember the milk']);
    expect(sink.lastState?.openPaths).toEqual(['/notes.md']);
    expect(tab(store, '/notes.md')?.dirty).toBe(true);
    releaseFlush();
    await saving;
    expect(tab(store, '/notes.md')?.dirty).toBe(false);
    store.dispose();
  });

  it('flushes created, renamed and removed files at once', async () => {
    const { store, sink } = await setup({});
    const before = sink.flushes;
    await store.createFile('/a.txt', 'x');
    await store.rename('/a.txt', '/b.txt');
    await store.remove('/b.txt');
    expect(sink.flushes - before).toBe(3);
    expect(sink.files.has('/b.txt')).toBe(false);
    store.dispose();
  });

  it('refreshes a clean tab when the file changes on disk', async () => {
    const { store, runtime } = await setup({ '/a.txt': 'old' });
    await store.openFile('/a.txt');
    await runtime.fs.writeFile('/a.txt', 'from the shell');
    await store.settle();
    expect(tab(store, '/a.txt')).toMatchObject({ content: 'from the shell', dirty: false, conflict: null });
    store.dispose();
  });

  it('never overwrites unsaved edits: an external change to a dirty tab is a conflict', async () => {
    const { store, runtime } = await setup({ '/a.txt': 'base' });
    await store.openFile('/a.txt');
    store.updateContent('/a.txt', 'mine');
    await runtime.fs.writeFile('/a.txt', 'theirs');
    await store.settle();
    expect(tab(store, '/a.txt')).toMatchObject({ content: 'mine', dirty: true, conflict: { diskContent: 'theirs' } });
    store.dispose();
  });

  it('does not raise a conflict for the echo of its own save, even if the user typed on', async () => {
    const { store } = await setup({ '/a.txt': 'base' });
    await store.openFile('/a.txt');
    store.updateContent('/a.txt', 'saved');
    const saving = store.save('/a.txt');
    store.updateContent('/a.txt', 'saved and more');
    await saving;
    await store.settle();
    expect(tab(store, '/a.txt')).toMatchObject({ content: 'saved and more', savedContent: 'saved', dirty: true, conflict: null });
    store.dispose();
  });

  it('resolves a conflict by keeping mine (still dirty) or taking theirs', async () => {
    const { store, runtime } = await setup({ '/a.txt': 'base', '/b.txt': 'base' });
    for (const path of ['/a.txt', '/b.txt']) {
      await store.openFile(path);
      store.updateContent(path, 'mine');
      await runtime.fs.writeFile(path, 'theirs');
    }
    await store.settle();
    await store.resolveConflict('/a.txt', 'keep-mine');
    expect(tab(store, '/a.txt')).toMatchObject({ content: 'mine', savedContent: 'theirs', dirty: true, conflict: null });
    await store.resolveConflict('/b.txt', 'take-theirs');
    expect(tab(store, '/b.txt')).toMatchObject({ content: 'theirs', savedContent: 'theirs', dirty: false, conflict: null });
    store.dispose();
  });

  it('opens binary files as binary with no content and does not save them', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]);
    const { store, runtime } = await setup({ '/logo.png': png, '/latin1.txt': new Uint8Array([0x63, 0x61, 0x66, 0xe9]) });
    await store.openFile('/logo.png');
    await store.openFile('/latin1.txt');
    expect(tab(store, '/logo.png')).toMatchObject({ binary: true, content: '' });
    expect(tab(store, '/latin1.txt')).toMatchObject({ binary: true, content: '' });
    store.updateContent('/logo.png', 'garbage');
    await store.save('/logo.png');
    expect(await runtime.fs.readFile('/logo.png')).toEqual(png);
    store.dispose();
  });

  it('opens a 5 MB file quickly', async () => {
    const big = 'x'.repeat(99) + '\n';
    const { store } = await setup({ '/big.txt': big.repeat(50_000) });
    const started = performance.now();
    await store.openFile('/big.txt');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(tab(store, '/big.txt')?.content.length).toBe(5_000_000);
    store.dispose();
  });

  it('closes tabs and picks a neighbour as active', async () => {
    const { store } = await setup({ '/a': '', '/b': '', '/c': '' });
    for (const path of ['/a', '/b', '/c']) await store.openFile(path);
    store.setActive('/b');
    store.closeFile('/b');
    expect(store.getSnapshot().activePath).toBe('/c');
    store.closeFile('/c');
    expect(store.getSnapshot().activePath).toBe('/a');
    store.closeFile('/a');
    expect(store.getSnapshot().activePath).toBeNull();
    store.dispose();
  });

  it('reports a missing file and a folder on open', async () => {
    const { store } = await setup({ '/src/a.js': '' });
    await expectError(store.openFile('/nope.js'), 'not-found', /\/nope\.js does not exist/);
    await expectError(store.openFile('/src'), 'bad-path', /folder/);
    await expectError(() => store.openFile('../x'), 'bad-path');
    store.dispose();
  });
});
