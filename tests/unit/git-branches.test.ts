/** git branch, checkout, switch and restore over a VirtualFS. */
import { describe, expect, it } from 'vitest';
import { gitTerminal, tick } from './git-helpers';

async function committed() {
  const t = gitTerminal();
  await t.git('init');
  t.write('/a.txt', 'main\n');
  await t.git('add', '.');
  await t.git('commit', '-m', 'base');
  await tick();
  return t;
}

describe('git branch, checkout and switch', () => {
  it('lists, creates and deletes branches', async () => {
    const t = await committed();
    expect((await t.git('branch', 'feature')).code).toBe(0);
    expect((await t.git('branch')).out).toBe('  feature\n* main\n');
    expect(await t.git('branch', 'feature')).toEqual({ code: 128, out: "fatal: a branch named 'feature' already exists\n" });
    expect((await t.git('branch', '-d', 'main')).code).toBe(1);
    const deleted = await t.git('branch', '-d', 'feature');
    expect(deleted.out).toMatch(/^Deleted branch feature \(was [0-9a-f]{7}\)\.\n$/);
    expect((await t.git('branch', '-d', 'nope')).out).toBe("error: branch 'nope' not found\n");
    expect((await t.git('branch', '--show-current')).out).toBe('main\n');
  });

  it('switches branches, carrying the files of each, and refuses to overwrite local changes', async () => {
    const t = await committed();
    expect((await t.git('checkout', '-b', 'feature')).out).toBe("Switched to a new branch 'feature'\n");
    t.write('/a.txt', 'feature\n');
    t.write('/f.txt', 'only here\n');
    await t.git('add', '.');
    await t.git('commit', '-m', 'feature work');
    expect((await t.git('checkout', 'main')).out).toBe("Switched to branch 'main'\n");
    expect(t.read('/a.txt')).toBe('main\n');
    expect(t.vfs.existsSync('/f.txt')).toBe(false);
    expect((await t.git('switch', 'feature')).out).toBe("Switched to branch 'feature'\n");
    expect(t.read('/a.txt')).toBe('feature\n');
    expect((await t.git('switch', 'feature')).out).toBe("Already on 'feature'\n");
    await tick();
    t.write('/a.txt', 'local edit\n');
    const refused = await t.git('checkout', 'main');
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('error: Your local changes to the following files would be overwritten by checkout:\n\ta.txt\n');
    expect(t.read('/a.txt')).toBe('local edit\n');
    expect((await t.git('switch', 'nope')).out).toBe('fatal: invalid reference: nope\n');
    expect((await t.git('switch', '-c', 'other')).out).toBe("Switched to a new branch 'other'\n");
    expect((await t.git('rev-parse', '--abbrev-ref', 'HEAD')).out).toBe('other\n');
  });

  it('names the first branch before any commit with checkout -b', async () => {
    const t = gitTerminal();
    await t.git('init');
    expect((await t.git('checkout', '-b', 'trunk')).code).toBe(0);
    expect((await t.git('status')).out).toMatch(/^On branch trunk\n/);
    expect((await t.git('branch', 'x')).out).toBe("fatal: not a valid object name: 'trunk'.\n");
  });
});

describe('git restore', () => {
  it('discards working-tree changes from the index, and unstages with --staged', async () => {
    const t = await committed();
    t.write('/a.txt', 'changed\n');
    expect((await t.git('restore', 'a.txt')).code).toBe(0);
    expect(t.read('/a.txt')).toBe('main\n');
    await tick();
    t.write('/a.txt', 'staged\n');
    await t.git('add', 'a.txt');
    expect((await t.git('status', '-s')).out).toBe('M  a.txt\n');
    await t.git('restore', '--staged', 'a.txt');
    expect((await t.git('status', '-s')).out).toBe(' M a.txt\n');
    expect(t.read('/a.txt')).toBe('staged\n');
    t.vfs.unlinkSync('/a.txt');
    await t.git('restore', '.');
    expect(t.read('/a.txt')).toBe('main\n');
    await t.git('checkout', '--', 'a.txt');
    expect(await t.git('restore', 'nope.txt')).toEqual({ code: 1, out: "error: pathspec 'nope.txt' did not match any file(s) known to git\n" });
  });

  it('unstages a new file before the first commit', async () => {
    const t = gitTerminal();
    await t.git('init');
    t.write('/a.txt', 'a\n');
    await t.git('add', 'a.txt');
    await t.git('restore', '--staged', 'a.txt');
    expect((await t.git('status', '-s')).out).toBe('?? a.txt\n');
  });
});

describe('git reset, rm, tag and a detached checkout', () => {
  it('reset unstages, and --hard puts the branch and the files back to a commit', async () => {
    const t = await committed();
    const first = (await t.git('rev-parse', 'HEAD')).out.trim();
    t.write('/a.txt', 'second\n');
    t.write('/b.txt', 'b\n');
    await t.git('add', '.');
    expect((await t.git('reset', 'a.txt')).out).toBe('Unstaged changes after reset:\nM\ta.txt\n');
    expect((await t.git('status', '-s')).out).toBe(' M a.txt\nA  b.txt\n');
    await t.git('commit', '-am', 'second');
    expect((await t.git('reset', '--hard', first)).out).toBe(`HEAD is now at ${first.slice(0, 7)} base\n`);
    expect(t.read('/a.txt')).toBe('main\n');
    expect(t.vfs.existsSync('/b.txt')).toBe(false);
    expect((await t.git('log', '--oneline')).out).toMatch(/^[0-9a-f]{7} \(HEAD -> main\) base\n$/);
    expect((await t.git('status', '-s')).out).toBe('');
  });

  it('rm removes tracked files (and keeps them with --cached), refusing local changes without -f', async () => {
    const t = await committed();
    t.write('/a.txt', 'edited\n');
    expect((await t.git('rm', 'a.txt')).code).toBe(1);
    expect((await t.git('rm', '--cached', 'a.txt')).out).toBe("rm 'a.txt'\n");
    expect((await t.git('status', '-s')).out).toBe('D  a.txt\n?? a.txt\n');
    await t.git('add', 'a.txt');
    await t.git('commit', '-m', 'edited');
    expect((await t.git('rm', 'a.txt')).code).toBe(0);
    expect(t.vfs.existsSync('/a.txt')).toBe(false);
    expect((await t.git('rm', 'nope')).code).toBe(128);
  });

  it('tags a commit, checks it out detached, and lists and deletes tags', async () => {
    const t = await committed();
    await t.git('tag', 'v1');
    t.write('/a.txt', 'later\n');
    await t.git('commit', '-am', 'later');
    expect((await t.git('tag')).out).toBe('v1\n');
    const detached = await t.git('checkout', 'v1');
    expect(detached.out).toMatch(/HEAD is now at [0-9a-f]{7} base\n$/);
    expect(t.read('/a.txt')).toBe('main\n');
    expect((await t.git('status')).out).toMatch(/^HEAD detached at [0-9a-f]{7}\n/);
    expect((await t.git('branch')).out).toMatch(/^\* \(HEAD detached at [0-9a-f]{7}\)\n {2}main\n$/);
    await t.git('checkout', 'main');
    expect((await t.git('tag', '-d', 'v1')).out).toMatch(/^Deleted tag 'v1' \(was [0-9a-f]{7}\)\n$/);
  });
});
