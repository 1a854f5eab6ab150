import { describe, expect, it } from 'vitest';
import type { TreeNode } from '@/lib/workspace/types';
import { ancestorsOf, findNode, joinPath, judgeDrop, nameProblem, parentOf, remapExpanded, targetFolder, visibleRows } from '@/lib/ui/tree-rows';

const file = (path: string): TreeNode => ({ path, name: path.slice(path.lastIndexOf('/') + 1), type: 'file' });
const dir = (path: string, children: TreeNode[]): TreeNode => ({ path, name: path.slice(path.lastIndexOf('/') + 1), type: 'directory', children });

const sample: TreeNode[] = [dir('/src', [dir('/src/lib', [file('/src/lib/util.js')]), file('/src/main.js')]), file('/index.html'), file('/package.json')];

describe('visibleRows', () => {
  it('shows only top-level rows when nothing is expanded', () => {
    expect(visibleRows(sample, new Set()).map((r) => r.node.path)).toEqual(['/src', '/index.html', '/package.json']);
  });

  it('walks expanded folders depth first with levels, parents and positions', () => {
    const rows = visibleRows(sample, new Set(['/src', '/src/lib']));
    expect(rows.map((r) => [r.node.path, r.level, r.parent, r.posInSet, r.setSize])).toEqual([
      ['/src', 1, '/', 1, 3],
      ['/src/lib', 2, '/src', 1, 2],
      ['/src/lib/util.js', 3, '/src/lib', 1, 1],
      ['/src/main.js', 2, '/src', 2, 2],
      ['/index.html', 1, '/', 2, 3],
      ['/package.json', 1, '/', 3, 3],
    ]);
  });

  it('hides the children of a collapsed folder even if a descendant is marked expanded', () => {
    expect(visibleRows(sample, new Set(['/src/lib'])).map((r) => r.node.path)).toEqual(['/src', '/index.html', '/package.json']);
  });
});

describe('paths', () => {
  it('finds parents, joins names and lists ancestors', () => {
    expect(parentOf('/a.js')).toBe('/');
    expect(parentOf('/src/lib/util.js')).toBe('/src/lib');
    expect(joinPath('/', ' app.js ')).toBe('/app.js');
    expect(joinPath('/src', 'x.js')).toBe('/src/x.js');
    expect(ancestorsOf('/src/lib/util.js')).toEqual(['/src', '/src/lib']);
    expect(ancestorsOf('/a.js')).toEqual([]);
  });

  it('picks the folder new items go into', () => {
    expect(targetFolder(null)).toBe('/');
    expect(targetFolder(sample[0] ?? null)).toBe('/src');
    expect(targetFolder(file('/src/main.js'))).toBe('/src');
  });

  it('finds nodes and reports missing ones as null', () => {
    expect(findNode(sample, '/src/lib/util.js')?.name).toBe('util.js');
    expect(findNode(sample, '/src/nope.js')).toBeNull();
  });
});

describe('judgeDrop', () => {
  it('refuses a folder dropped into itself or its own subfolder', () => {
    expect(judgeDrop('/src', '/src').ok).toBe(false);
    expect(judgeDrop('/src', '/src/lib').ok).toBe(false);
  });

  it('refuses a drop into the current parent (nothing would change)', () => {
    expect(judgeDrop('/src/main.js', '/src').ok).toBe(false);
    expect(judgeDrop('/index.html', '/').ok).toBe(false);
  });

  it('accepts real moves, including to the root and to a sibling with a shared prefix', () => {
    expect(judgeDrop('/src/main.js', '/')).toEqual({ ok: true });
    expect(judgeDrop('/index.html', '/src/lib')).toEqual({ ok: true });
    expect(judgeDrop('/src', '/srcx')).toEqual({ ok: true });
  });
});

describe('remapExpanded', () => {
  it('carries the expanded state of a renamed folder and its descendants', () => {
    const next = remapExpanded(new Set(['/src', '/src/lib', '/srcx', '/other']), '/src', '/code');
    expect([...next].sort()).toEqual(['/code', '/code/lib', '/other', '/srcx']);
  });
});

describe('nameProblem', () => {
  it('accepts plain and nested names', () => {
    expect(nameProblem('app.js')).toBeNull();
    expect(nameProblem('lib/util.js')).toBeNull();
    expect(nameProblem('.env')).toBeNull();
  });

  it('refuses names that would land outside the chosen folder', () => {
    expect(nameProblem('')).toMatch(/Enter a name/);
    expect(nameProblem('../evil.js')).toMatch(/\.\./);
    expect(nameProblem('a/./b')).toMatch(/\.\./);
    expect(nameProblem('/abs.js')).toMatch(/start with/);
    expect(nameProblem('a//b')).toMatch(/empty folder/);
    expect(nameProblem('dir/')).toMatch(/empty folder/);
  });
});
