/** git merge: fast-forward, merge commits, and a conflicting merge refused with nothing changed. */
import { describe, expect, it } from 'vitest';
import { gitTerminal, tick } from './git-helpers';

async function twoBranches() {
  const t = gitTerminal();
  await t.git('init');
  t.write('/a.txt', 'one\ntwo\nthree\n');
  await t.git('add', '.');
  await t.git('commit', '-m', 'base');
  await t.git('checkout', '-b', 'feature');
  await tick();
  return t;
}

describe('git merge', () => {
  it('fast-forwards and brings the files along', async () => {
    const t = await twoBranches();
    t.write('/b.txt', 'bee\n');
    await t.git('add', 'b.txt');
    await t.git('commit', '-m', 'add b');
    await t.git('checkout', 'main');
    expect(t.vfs.existsSync('/b.txt')).toBe(false);
    const run = await t.git('merge', 'feature');
    expect(run.out).toMatch(/^Updating [0-9a-f]{7}\.\.[0-9a-f]{7}\nFast-forward\n 1 file changed, 1 insertion\(\+\)\n create mode 100644 b.txt\n$/);
    expect(t.read('/b.txt')).toBe('bee\n');
    expect((await t.git('merge', 'feature')).out).toBe('Already up to date.\n');
  });

  it('makes a merge commit when both sides moved', async () => {
    const t = await twoBranches();
    t.write('/a.txt', 'one\ntwo\nthree\nfour\n');
    await t.git('commit', '-am', 'four');
    await t.git('checkout', 'main');
    t.write('/c.txt', 'sea\n');
    await t.git('add', 'c.txt');
    await t.git('commit', '-m', 'add c');
    const run = await t.git('merge', 'feature');
    expect(run.out).toContain("Merge made by the 'recursive' strategy.\n");
    expect(t.read('/a.txt')).toBe('one\ntwo\nthree\nfour\n');
    expect((await t.git('log', '--oneline', '-1')).out).toMatch(/ Merge branch 'feature'\n$/);
    expect((await t.git('status', '-s')).out).toBe('');
  });

  it('refuses a conflicting merge and changes nothing', async () => {
    const t = await twoBranches();
    t.write('/a.txt', 'one\nTWO\nthree\n');
    await t.git('commit', '-am', 'theirs');
    await t.git('checkout', 'main');
    await tick();
    t.write('/a.txt', 'one\n2\nthree\n');
    await t.git('commit', '-am', 'ours');
    const before = (await t.git('rev-parse', 'HEAD')).out;
    const run = await t.git('merge', 'feature');
    expect(run.code).toBe(1);
    expect(run.out).toContain('CONFLICT (content): Merge conflict in a.txt\nAutomatic merge failed; nothing was changed.');
    expect((await t.git('rev-parse', 'HEAD')).out).toBe(before);
    expect(t.read('/a.txt')).toBe('one\n2\nthree\n');
    expect((await t.git('merge', 'nope')).out).toBe('merge: nope - not something we can merge\n');
  });
});
