import { describe, expect, it } from 'vitest';
import type { TreeNode } from '@/lib/workspace/types';
import { treeIntent, typeAhead } from '@/lib/ui/tree-keys';
import { visibleRows } from '@/lib/ui/tree-rows';

const file = (path: string): TreeNode => ({ path, name: path.slice(path.lastIndexOf('/') + 1), type: 'file' });
const dir = (path: string, children: TreeNode[]): TreeNode => ({ path, name: path.slice(path.lastIndexOf('/') + 1), type: 'directory', children });
const tree: TreeNode[] = [dir('/src', [dir('/src/lib', [file('/src/lib/util.js')]), file('/src/main.js')]), file('/index.html'), file('/package.json')];

describe('treeIntent', () => {
  const expanded = new Set(['/src']);
  const rows = visibleRows(tree, expanded);
  const key = (k: string, focused: string | null, exp: ReadonlySet<string> = expanded) => treeIntent(k, visibleRows(tree, exp), focused, exp);

  it('moves up and down the visible rows and stops at the ends', () => {
    expect(key('ArrowDown', '/src')).toEqual({ kind: 'focus', path: '/src/lib' });
    expect(key('ArrowDown', '/src/main.js')).toEqual({ kind: 'focus', path: '/index.html' });
    expect(key('ArrowUp', '/index.html')).toEqual({ kind: 'focus', path: '/src/main.js' });
    expect(key('ArrowUp', '/src')).toBeNull();
    expect(key('ArrowDown', '/package.json')).toBeNull();
  });

  it('jumps to the first and last rows with Home and End', () => {
    expect(key('Home', '/index.html')).toEqual({ kind: 'focus', path: '/src' });
    expect(key('End', '/src')).toEqual({ kind: 'focus', path: '/package.json' });
  });

  it('expands a closed folder with Right, then steps into it', () => {
    expect(key('ArrowRight', '/src/lib')).toEqual({ kind: 'expand', path: '/src/lib' });
    expect(key('ArrowRight', '/src')).toEqual({ kind: 'focus', path: '/src/lib' });
    expect(key('ArrowRight', '/index.html')).toBeNull();
  });

  it('collapses an open folder with Left, else goes to the parent', () => {
    expect(key('ArrowLeft', '/src')).toEqual({ kind: 'collapse', path: '/src' });
    expect(key('ArrowLeft', '/src/main.js')).toEqual({ kind: 'focus', path: '/src' });
    expect(key('ArrowLeft', '/index.html')).toBeNull();
  });

  it('opens files and toggles folders with Enter; F2 renames; Delete deletes', () => {
    expect(key('Enter', '/index.html')).toEqual({ kind: 'open', path: '/index.html' });
    expect(key('Enter', '/src')).toEqual({ kind: 'toggle', path: '/src' });
    expect(key('F2', '/index.html')).toEqual({ kind: 'rename', path: '/index.html' });
    expect(key('Delete', '/src')).toEqual({ kind: 'delete', path: '/src' });
  });

  it('lands on the first row when the focused row is gone, and ignores other keys', () => {
    expect(key('ArrowDown', '/gone.js')).toEqual({ kind: 'focus', path: '/src' });
    expect(key('x', '/src')).toBeNull();
    expect(treeIntent('ArrowDown', [], null, expanded)).toBeNull();
    expect(rows).toHaveLength(5); // /src/lib stays closed
  });
});

describe('typeAhead', () => {
  const rows = visibleRows(tree, new Set(['/src']));
  it('finds the next row starting with the letter, wrapping around', () => {
    expect(typeAhead('p', rows, '/src')).toBe('/package.json');
    expect(typeAhead('S', rows, '/package.json')).toBe('/src');
    expect(typeAhead('z', rows, '/src')).toBeNull();
  });
});
