/** The file tree leaves .git out unless hidden folders are shown. */
import { describe, expect, it } from 'vitest';
import { withoutHidden } from '@/lib/files/hidden';
import type { TreeNode } from '@/lib/workspace';

const file = (path: string): TreeNode => ({ path, name: path.slice(path.lastIndexOf('/') + 1), type: 'file' });
const folder = (path: string, children: TreeNode[]): TreeNode => ({ path, name: path.slice(path.lastIndexOf('/') + 1), type: 'directory', children });

describe('withoutHidden', () => {
  it('drops .git folders at any depth and keeps everything else', () => {
    const tree = [
      folder('/.git', [file('/.git/HEAD')]),
      folder('/pkg', [folder('/pkg/.git', [file('/pkg/.git/HEAD')]), file('/pkg/a.js')]),
      file('/.gitignore'),
    ];
    expect(withoutHidden(tree)).toEqual([folder('/pkg', [file('/pkg/a.js')]), file('/.gitignore')]);
  });

  it('returns the same array when there is nothing to hide (no re-render)', () => {
    const tree = [folder('/src', [file('/src/a.js')]), file('/README.md')];
    expect(withoutHidden(tree)).toBe(tree);
  });
});
