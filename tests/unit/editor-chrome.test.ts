import { describe, expect, it } from 'vitest';
import { minimalChange } from '@/lib/editor/doc-diff';
import { sameChrome, selectChrome, tabLabel } from '@/lib/editor/model';
import { groupByFile, splitPreview, summary } from '@/lib/search/group';
import { shouldAutosave } from '@/lib/editor/session';
import type { OpenFile, WorkspaceSnapshot } from '@/lib/workspace';

const file = (path: string, extra: Partial<OpenFile> = {}): OpenFile => ({
  path,
  content: 'x',
  savedContent: 'x',
  dirty: false,
  binary: false,
  conflict: null,
  ...extra,
});

const snapshot = (openFiles: OpenFile[], extra: Partial<WorkspaceSnapshot> = {}): WorkspaceSnapshot => ({
  meta: { id: 'w', name: 'w', createdAt: 0, updatedAt: 0 },
  tree: [],
  files: openFiles.map((f) => f.path),
  openFiles,
  activePath: openFiles[0]?.path ?? null,
  locks: new Set(),
  facts: { lastCommand: null, serverRunning: false, ports: [], installedPackages: [] },
  readOnly: false,
  persistenceError: null,
  notSaved: new Map(),
  restoredDrafts: [],
  unkept: new Map(),
  lostLastSession: [],
  ...extra,
});

describe('minimalChange', () => {
  it('replaces only the changed middle', () => {
    expect(minimalChange('hello world', 'hello brave world')).toEqual({ from: 6, to: 6, insert: 'brave ' });
    expect(minimalChange('abcdef', 'abXdef')).toEqual({ from: 2, to: 3, insert: 'X' });
    expect(minimalChange('aaa', 'aa')).toEqual({ from: 2, to: 3, insert: '' });
    expect(minimalChange('same', 'same')).toBeNull();
  });
});

describe('editor chrome', () => {
  it('names tabs by what their markers show', () => {
    const chrome = selectChrome(
      snapshot([file('/src/app.js', { dirty: true }), file('/b.css', { conflict: { diskContent: '' } })], { locks: new Set(['/b.css']) }),
    );
    expect(chrome.tabs.map(tabLabel)).toEqual(['app.js, unsaved changes', 'b.css, changed on disk, locked']);
  });

  it('is unchanged by typing that does not change any marker', () => {
    const before = selectChrome(snapshot([file('/a.js', { content: 'a', dirty: true })]));
    const after = selectChrome(snapshot([file('/a.js', { content: 'ab', dirty: true })]));
    expect(sameChrome(before, after)).toBe(true);
    expect(sameChrome(before, selectChrome(snapshot([file('/a.js')])))).toBe(false);
  });

  it('autosaves only dirty, writable, conflict-free text files', () => {
    expect(shouldAutosave(snapshot([file('/a.js', { dirty: true })]), '/a.js')).toBe(true);
    expect(shouldAutosave(snapshot([file('/a.js')]), '/a.js')).toBe(false);
    expect(shouldAutosave(snapshot([file('/a.js', { dirty: true })], { readOnly: true }), '/a.js')).toBe(false);
    expect(shouldAutosave(snapshot([file('/a.js', { dirty: true })], { locks: new Set(['/a.js']) }), '/a.js')).toBe(false);
    expect(shouldAutosave(snapshot([file('/a.js', { dirty: true, conflict: { diskContent: 'd' } })]), '/a.js')).toBe(false);
  });
});

describe('search results', () => {
  const hit = (path: string, line: number) => ({ path, line, column: 1, preview: 'p' });

  it('groups hits by file in order and summarises them', () => {
    const groups = groupByFile([hit('/a', 1), hit('/b', 2), hit('/a', 5)]);
    expect(groups.map((g) => [g.path, g.hits.map((h) => h.line)])).toEqual([
      ['/a', [1, 5]],
      ['/b', [2]],
    ]);
    expect(summary(3, 2, false)).toBe('3 results in 2 files');
    expect(summary(1, 1, false)).toBe('1 result in 1 file');
    expect(summary(0, 0, false)).toBe('No results');
    expect(summary(1000, 12, true)).toBe('1000+ results in 12 files');
  });

  it('splits a preview around the match for highlighting', () => {
    expect(splitPreview('let Needle = 1', 'needle', false)).toEqual(['let ', 'Needle', ' = 1']);
    expect(splitPreview('let Needle = 1', 'needle', true)).toEqual(['let Needle = 1', '', '']);
  });
});
