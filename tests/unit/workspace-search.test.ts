import { describe, expect, it } from 'vitest';
import { createWorkspaceStore, type PersistedState } from '@/lib/workspace';
import { previewLine, searchText } from '@/lib/workspace/search';
import { createMemoryRuntime, RecordingSink } from './fakes/memory-runtime';

const state: PersistedState = {
  meta: { id: 'w1', name: 'Test', createdAt: 1, updatedAt: 1 },
  openPaths: [],
  activePath: null,
  locks: [],
  facts: { lastCommand: null, serverRunning: false, ports: [], installedPackages: [] },
};

async function storeWith(files: Record<string, string | Uint8Array>) {
  const runtime = await createMemoryRuntime(files);
  return createWorkspaceStore({ runtime, persistence: new RecordingSink(), state });
}

describe('searchText', () => {
  it('reports 1-based lines and columns, every match on a line', () => {
    expect(searchText('/a', 'one\ntwo foo\r\nfoo foo', 'foo', { caseSensitive: true, limit: 10 })).toEqual([
      { path: '/a', line: 2, column: 5, preview: 'two foo' },
      { path: '/a', line: 3, column: 1, preview: 'foo foo' },
      { path: '/a', line: 3, column: 5, preview: 'foo foo' },
    ]);
  });

  it('is case-insensitive by default semantics of the flag, and treats the query literally', () => {
    expect(searchText('/a', 'Foo\nfOO', 'foo', { caseSensitive: false, limit: 10 }).map((h) => h.line)).toEqual([1, 2]);
    expect(searchText('/a', 'Foo', 'foo', { caseSensitive: true, limit: 10 })).toEqual([]);
    expect(searchText('/a', 'a.b axb (x)', 'a.b', { caseSensitive: true, limit: 10 })).toHaveLength(1);
    expect(searchText('/a', 'f(x)', '(x)', { caseSensitive: true, limit: 10 })[0]?.column).toBe(2);
    expect(searchText('/a', 'İstanbul foo', 'foo', { caseSensitive: false, limit: 10 })[0]?.column).toBe(10);
  });

  it('matches nothing for an empty query and stops at the limit', () => {
    expect(searchText('/a', 'aaa', '', { caseSensitive: false, limit: 10 })).toEqual([]);
    expect(searchText('/a', 'a'.repeat(100), 'a', { caseSensitive: false, limit: 7 })).toHaveLength(7);
  });

  it('trims long lines around the match', () => {
    const line = `${'x'.repeat(500)}NEEDLE${'y'.repeat(500)}`;
    const preview = previewLine(line, 500, 6);
    expect(preview.length).toBeLessThan(200);
    expect(preview).toContain('NEEDLE');
    expect(preview.startsWith('…') && preview.endsWith('…')).toBe(true);
  });
});

describe('store.search', () => {
  it('searches text files, skipping binary, node_modules and very large files; includes unsaved edits', async () => {
    const store = await storeWith({
      '/src/a.ts': 'const needle = 1;\n',
      '/src/b.ts': 'nothing\nNeedle here\n',
      '/img.png': new Uint8Array([0x6e, 0x65, 0x65, 0x64, 0x6c, 0x65, 0]),
      '/node_modules/x/index.js': 'needle',
      '/huge.txt': `needle${'x'.repeat(3 * 1024 * 1024)}`,
    });
    const hits = await store.search('needle');
    expect(hits.map((h) => `${h.path}:${h.line}:${h.column}`)).toEqual(['/src/a.ts:1:7', '/src/b.ts:2:1']);
    expect(await store.search('needle', { caseSensitive: true })).toHaveLength(1);
    await store.openFile('/src/b.ts');
    store.updateContent('/src/b.ts', 'changed');
    expect((await store.search('needle')).map((h) => h.path)).toEqual(['/src/a.ts']);
    store.dispose();
  });

  it('stops at maxResults (default 200)', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 30; i++) files[`/f${String(i).padStart(2, '0')}.txt`] = 'hit\n'.repeat(10);
    const store = await storeWith(files);
    expect(await store.search('hit')).toHaveLength(200);
    const few = await store.search('hit', { maxResults: 15 });
    expect(few).toHaveLength(15);
    expect(few.at(-1)).toMatchObject({ path: '/f01.txt', line: 5 });
    store.dispose();
  });
});
