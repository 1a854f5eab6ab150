import { describe, expect, it } from 'vitest';
import { basename, dirname, extension, isHiddenFromTree, isInside, joinPath, normalizeWorkspacePath, WorkspaceError } from '@/lib/workspace';

function refused(input: string): WorkspaceError {
  try {
    normalizeWorkspacePath(input);
  } catch (error) {
    expect(error).toBeInstanceOf(WorkspaceError);
    expect((error as WorkspaceError).code).toBe('bad-path');
    return error as WorkspaceError;
  }
  throw new Error(`expected ${JSON.stringify(input)} to be refused`);
}

describe('normalizeWorkspacePath: accepted', () => {
  it.each([
    ['src/a.js', '/src/a.js'],
    ['/src/a.js', '/src/a.js'],
    ['./a', '/a'],
    ['./a/./b/', '/a/b'],
    ['//double', '/double'],
    ['a//b///c', '/a/b/c'],
    ['src\\components\\App.tsx', '/src/components/App.tsx'],
    ['/home/project/src/a.js', '/src/a.js'],
    ['/home/project', '/'],
    ['/home/project/', '/'],
    ['/home/project/../project/a', '/a'],
    ['a/b/../c', '/a/c'],
    ['a/..', '/'],
    ['/', '/'],
    ['.', '/'],
    ['%2e%2e/x', '/%2e%2e/x'],
    ['%2e%2e', '/%2e%2e'],
    ['src/ünïcødé/日本語.ts', '/src/ünïcødé/日本語.ts'],
    ['emoji/😀.md', '/emoji/😀.md'],
    ['with space/a b.txt', '/with space/a b.txt'],
    ['lib/x.ts', '/lib/x.ts'],
    ['/lib/x.ts', '/lib/x.ts'],
    ['/bin/cli.js', '/bin/cli.js'],
    ['tmp/x', '/tmp/x'],
    ['a~/b', '/a~/b'],
    ['...', '/...'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeWorkspacePath(input)).toBe(expected);
  });

  it('accepts long paths and names up to the limits', () => {
    const name = 'n'.repeat(255);
    expect(normalizeWorkspacePath(`a/${name}`)).toBe(`/a/${name}`);
    const path = Array.from({ length: 100 }, () => 'abcdefghi').join('/');
    expect(normalizeWorkspacePath(path)).toBe(`/${path}`);
  });
});

describe('normalizeWorkspacePath: refused, with a message naming the path and the reason', () => {
  it.each([
    ['../../etc/passwd', /climbs above the workspace root/],
    ['a/../../b', /climbs above/],
    ['..', /climbs above/],
    ['/..', /climbs above/],
    ['/home/project/../x', /\/home is a system folder/],
    ['/home/project/../../etc/passwd', /\/etc is a system folder/],
    ['/home/other/x', /\/home is a system folder/],
    ['/etc/passwd', /\/etc is a system folder/],
    ['/usr/bin/node', /system folder/],
    ['/proc/self/environ', /system folder/],
    ['/root/.ssh/id_rsa', /system folder/],
    ['/tmp/x', /system folder/],
    ['/var/log', /system folder/],
    ['/dev/null', /system folder/],
    ['/sys/kernel', /system folder/],
    ['a\0b', /NUL or other control character/],
    ['a\u0000', /NUL/],
    ['a\nb', /control character/],
    ['a\u007fb', /control character/],
    ['', /empty/],
    ['   ', /empty/],
    ['C:\\x', /Windows drive/],
    ['c:/windows/system32', /Windows drive/],
    ['~', /home-folder/],
    ['~/.ssh/id_rsa', /home-folder/],
    ['a\\..\\..\\b', /climbs above/],
  ])('%j', (input, reason) => {
    const error = refused(input);
    expect(error.message).toMatch(reason);
    expect(error.message).toContain('Invalid path');
  });

  it('refuses overly long paths and names', () => {
    expect(refused('a/'.repeat(600)).message).toMatch(/longer than 1024 characters/);
    expect(refused(`a/${'n'.repeat(256)}`).message).toMatch(/name is longer than 255/);
  });

  it('keeps the message printable for control characters', () => {
    expect(refused('evil\0name').message).toContain('"evil\\u0000name"');
  });
});

describe('path helpers', () => {
  it('dirname and basename', () => {
    expect(dirname('/a/b/c.js')).toBe('/a/b');
    expect(dirname('/a')).toBe('/');
    expect(dirname('/')).toBe('/');
    expect(basename('/a/b/c.js')).toBe('c.js');
    expect(basename('/')).toBe('');
  });

  it('joinPath normalizes and applies the same rules', () => {
    expect(joinPath('/src', 'a.js')).toBe('/src/a.js');
    expect(joinPath('/', 'a.js')).toBe('/a.js');
    expect(joinPath('/src/', './x/../y')).toBe('/src/y');
    expect(() => joinPath('/src', '../../x')).toThrow(WorkspaceError);
  });

  it('isInside is true for the folder itself and below, not for siblings with a common prefix', () => {
    expect(isInside('/src/a', '/src')).toBe(true);
    expect(isInside('/src', '/src')).toBe(true);
    expect(isInside('/src2/a', '/src')).toBe(false);
    expect(isInside('/anything', '/')).toBe(true);
  });

  it('extension is lower-case, without the dot, empty for dotfiles', () => {
    expect(extension('/a/b.test.TS')).toBe('ts');
    expect(extension('/Makefile')).toBe('');
    expect(extension('/.gitignore')).toBe('');
    expect(extension('/dir.d/file')).toBe('');
  });

  it('hides node_modules and .git anywhere in the path', () => {
    expect(isHiddenFromTree('/node_modules/react/index.js')).toBe(true);
    expect(isHiddenFromTree('/packages/x/node_modules/y')).toBe(true);
    expect(isHiddenFromTree('/.git/HEAD')).toBe(true);
    expect(isHiddenFromTree('/.github/workflows/ci.yml')).toBe(false);
    expect(isHiddenFromTree('/.gitignore')).toBe(false);
    expect(isHiddenFromTree('/src/node_modules_notes.md')).toBe(false);
  });
});
