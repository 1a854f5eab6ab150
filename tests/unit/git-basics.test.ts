/** git init / add / commit / status / log in the offline runtime's terminal, over a VirtualFS. */
import { describe, expect, it } from 'vitest';
import { gitTerminal, tick } from './git-helpers';

describe('git init, add, commit, status, log', () => {
  it('starts a repository on main with node_modules excluded, and says where', async () => {
    const t = gitTerminal();
    const run = await t.git('init');
    expect(run).toEqual({ code: 0, out: 'Initialized empty Git repository in /.git/\n' });
    expect(t.read('/.git/HEAD')).toBe('ref: refs/heads/main\n');
    expect(t.read('/.git/info/exclude')).toContain('node_modules/');
    expect((await t.git('init')).out).toBe('Reinitialized existing Git repository in /.git/\n');
  });

  it('shows untracked files, stages them, commits and logs the commit', async () => {
    const t = gitTerminal();
    await t.git('init');
    t.write('/a.txt', 'hello\n');
    t.write('/src/b.js', 'console.log(1)\n');
    t.write('/node_modules/x/index.js', 'x');
    const before = await t.git('status');
    expect(before.out).toBe(
      'On branch main\n\nNo commits yet\n\nUntracked files:\n  (use "git add <file>..." to include in what will be committed)\n' +
        '\ta.txt\n\tsrc/\n\nnothing added to commit but untracked files present (use "git add" to track)\n',
    );
    expect((await t.git('add', '.')).code).toBe(0);
    expect((await t.git('status', '-s')).out).toBe('A  a.txt\nA  src/b.js\n');
    const commit = await t.git('commit', '-m', 'first');
    expect(commit.code).toBe(0);
    expect(commit.out).toMatch(/^\[main \(root-commit\) [0-9a-f]{7}\] first\n/);
    expect(commit.out).toContain('hint: committed as Tabsmith User <user@tabsmith.local>');
    expect(commit.out).toContain(' 2 files changed, 2 insertions(+)\n create mode 100644 a.txt\n create mode 100644 src/b.js\n');
    expect((await t.git('status')).out).toBe('On branch main\nnothing to commit, working tree clean\n'.replace('\n', '\n\n'));
    const log = await t.git('log', '--oneline');
    expect(log.out).toMatch(/^[0-9a-f]{7} \(HEAD -> main\) first\n$/);
  });

  it('reports modified, deleted and staged files in long and short form, relative to the current folder', async () => {
    const t = gitTerminal();
    await t.git('init');
    t.write('/a.txt', 'one\n');
    t.write('/src/b.js', 'b\n');
    t.write('/src/c.js', 'c\n');
    await t.git('add', '-A');
    await t.git('commit', '-m', 'base');
    await tick();
    t.write('/a.txt', 'one\ntwo\n');
    t.vfs.unlinkSync('/src/c.js');
    t.write('/src/b.js', 'bee\n');
    await t.git('add', 'src/b.js');
    t.write('/src/new.js', 'n\n');
    t.cd('/src');
    const long = await t.git('status');
    expect(long.out).toBe(
      'On branch main\n\nChanges to be committed:\n  (use "git restore --staged <file>..." to unstage)\n\tmodified:   b.js\n\n' +
        'Changes not staged for commit:\n  (use "git add/rm <file>..." to update what will be committed)\n' +
        '  (use "git restore <file>..." to discard changes in working directory)\n\tmodified:   ../a.txt\n\tdeleted:    c.js\n\n' +
        'Untracked files:\n  (use "git add <file>..." to include in what will be committed)\n\tnew.js\n\n',
    );
    expect((await t.git('status', '--short')).out).toBe(' M ../a.txt\nM  b.js\n D c.js\n?? new.js\n');
    await t.git('add', '.');
    expect((await t.git('status', '-s')).out).toBe(' M ../a.txt\nM  b.js\nD  c.js\nA  new.js\n');
  });

  it('uses the configured identity and prints the full log', async () => {
    const t = gitTerminal();
    await t.git('init');
    expect((await t.git('config', 'user.name', 'Ada Lovelace')).code).toBe(0);
    await t.git('config', 'user.email', 'ada@example.com');
    expect((await t.git('config', 'user.name')).out).toBe('Ada Lovelace\n');
    t.write('/a.txt', 'a\n');
    await t.git('add', 'a.txt');
    const commit = await t.git('commit', '-m', 'first', '-m', 'more words');
    expect(commit.out).not.toContain('hint:');
    await tick();
    t.write('/a.txt', 'b\n');
    await t.git('commit', '-am', 'second');
    const log = await t.git('log');
    expect(log.out).toMatch(
      /^commit [0-9a-f]{40} \(HEAD -> main\)\nAuthor: Ada Lovelace <ada@example.com>\nDate: {3}\w{3} \w{3} \d+ \d\d:\d\d:\d\d \d{4} [+-]\d{4}\n\n {4}second\n\ncommit [0-9a-f]{40}\n/,
    );
    expect(log.out).toContain('    first\n\n    more words\n');
    expect((await t.git('log', '--oneline', '-n', '1')).out.split('\n')).toHaveLength(2);
    expect((await t.git('log', '-1', '--oneline')).out).toMatch(/ second\n$/);
  });
});
