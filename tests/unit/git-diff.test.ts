/** git diff and git show: unified diffs in git's format, coloured like git unless asked not to. */
import { describe, expect, it } from 'vitest';
import { gitTerminal, tick } from './git-helpers';

async function committed() {
  const t = gitTerminal();
  await t.git('init');
  t.write('/a.txt', 'one\ntwo\nthree\n');
  await t.git('add', '.');
  await t.git('commit', '-m', 'base');
  await tick();
  return t;
}

describe('git diff', () => {
  it('shows unstaged changes against the index, then nothing once they are staged', async () => {
    const t = await committed();
    t.write('/a.txt', 'one\n2\nthree\nfour\n');
    const run = await t.git('diff');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^diff --git a\/a.txt b\/a.txt\nindex [0-9a-f]{7}\.\.[0-9a-f]{7} 100644\n--- a\/a.txt\n\+\+\+ b\/a.txt\n/);
    expect(run.out).toContain('@@ -1,3 +1,4 @@\n one\n-two\n+2\n three\n+four\n');
    await t.git('add', 'a.txt');
    expect((await t.git('diff')).out).toBe('');
    const staged = await t.git('diff', '--staged');
    expect(staged.out).toContain('-two\n+2\n');
    expect((await t.git('diff', '--cached', '--name-only')).out).toBe('a.txt\n');
  });

  it('shows new and deleted files with /dev/null, and limits to the paths given', async () => {
    const t = await committed();
    t.write('/b.txt', 'bee\n');
    await t.git('add', 'b.txt');
    t.vfs.unlinkSync('/a.txt');
    const staged = await t.git('diff', '--staged');
    expect(staged.out).toMatch(
      /diff --git a\/b.txt b\/b.txt\nnew file mode 100644\nindex 0000000\.\.[0-9a-f]{7}\n--- \/dev\/null\n\+\+\+ b\/b.txt\n@@ -0,0 \+1 @@\n\+bee\n/,
    );
    const unstaged = await t.git('diff', '--', 'a.txt');
    expect(unstaged.out).toMatch(
      /deleted file mode 100644\nindex [0-9a-f]{7}\.\.0000000\n--- a\/a.txt\n\+\+\+ \/dev\/null\n@@ -1,3 \+0,0 @@\n-one\n-two\n-three\n/,
    );
    expect((await t.git('diff', 'b.txt')).out).toBe('');
  });

  it('compares a commit with the working tree, and marks a missing final newline', async () => {
    const t = await committed();
    t.write('/a.txt', 'one\ntwo\nthree');
    const run = await t.git('diff', 'HEAD');
    expect(run.out).toContain('-three\n+three\n\\ No newline at end of file\n');
    expect((await t.git('diff', 'nope')).code).toBe(128);
  });

  it('colours headers, hunks, additions and removals when colour is on', async () => {
    const t = await committed();
    t.write('/a.txt', 'one\nTWO\nthree\n');
    const run = await t.git('diff', '--color');
    expect(run.out).toContain('\x1b[1mdiff --git a/a.txt b/a.txt\x1b[m');
    expect(run.out).toContain('\x1b[36m@@ -1,3 +1,3 @@\x1b[m');
    expect(run.out).toContain('\x1b[31m-two\x1b[m\n\x1b[32m+TWO\x1b[m');
    expect((await t.git('diff')).out).not.toContain('\x1b[');
  });

  it('git show prints the commit and its patch', async () => {
    const t = await committed();
    t.write('/a.txt', 'one\ntwo\nthree\nfour\n');
    await t.git('commit', '-am', 'four');
    const run = await t.git('show');
    expect(run.out).toMatch(/^commit [0-9a-f]{40} \(HEAD -> main\)\nAuthor: /);
    expect(run.out).toContain('\n    four\n\ndiff --git a/a.txt b/a.txt\n');
    expect(run.out).toContain(' three\n+four\n');
  });
});
