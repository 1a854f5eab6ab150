/** What git says, and with which exit code, when something is wrong. */
import { describe, expect, it } from 'vitest';
import { VirtualFS } from 'almostnode';
import { runGit } from '@/lib/runtime-frame/offline/git/cli';
import { InputChannel } from '@/lib/runtime-frame/offline/process';
import { gitTerminal } from './git-helpers';

describe('git errors', () => {
  it("outside a repository: 128 and git's message", async () => {
    const t = gitTerminal();
    expect(await t.git('status')).toEqual({ code: 128, out: 'fatal: not a git repository (or any of the parent directories): .git\n' });
    expect((await t.git('log')).code).toBe(128);
  });

  it('finds the repository from a subfolder', async () => {
    const t = gitTerminal();
    await t.git('init');
    t.vfs.mkdirSync('/src/deep', { recursive: true });
    t.cd('/src/deep');
    expect((await t.git('rev-parse', '--show-toplevel')).out).toBe('/\n');
    expect((await t.git('status')).code).toBe(0);
  });

  it('unknown commands, options and missing arguments', async () => {
    const t = gitTerminal();
    await t.git('init');
    expect(await t.git('foo')).toEqual({ code: 1, out: "git: 'foo' is not a git command. See 'git --help'.\n" });
    expect((await t.git('stash')).out).toBe("git: 'stash' is not available in this terminal. See 'git --help' for the commands it has.\n");
    const flag = await t.git('status', '--bogus');
    expect(flag.code).toBe(129);
    expect(flag.out).toMatch(/^error: unknown option `bogus'\nusage: git status /);
    expect((await t.git()).code).toBe(1);
    expect((await t.git('--version')).out).toMatch(/^git version \d+\.\d+\.\d+ \(isomorphic-git\)\n$/);
  });

  it('nothing to commit, no message, no commits yet', async () => {
    const t = gitTerminal();
    await t.git('init');
    expect(await t.git('log')).toEqual({ code: 128, out: "fatal: your current branch 'main' does not have any commits yet\n" });
    const empty = await t.git('commit', '-m', 'x');
    expect(empty.code).toBe(1);
    expect(empty.out).toContain('nothing to commit (create/copy files and use "git add" to track)\n');
    t.write('/a.txt', 'a');
    expect((await t.git('commit')).code).toBe(1);
    const untracked = await t.git('commit', '-m', 'x');
    expect(untracked.out).toContain('nothing added to commit but untracked files present');
    expect((await t.git('rev-parse', 'HEAD')).code).toBe(128);
  });

  it('add: unknown paths fail, ignored paths need -f', async () => {
    const t = gitTerminal();
    await t.git('init');
    expect(await t.git('add', 'missing.txt')).toEqual({ code: 128, out: "fatal: pathspec 'missing.txt' did not match any files\n" });
    t.write('/.gitignore', 'dist\n');
    t.write('/dist/out.js', 'x');
    t.write('/node_modules/p/index.js', 'x');
    const ignored = await t.git('add', 'dist');
    expect(ignored.code).toBe(1);
    expect(ignored.out).toBe('The following paths are ignored by one of your .gitignore files:\ndist\nhint: Use -f if you really want to add them.\n');
    await t.git('add', '.');
    expect((await t.git('status', '-s')).out).toBe('A  .gitignore\n');
    await t.git('add', '-f', 'dist');
    expect((await t.git('status', '-s')).out).toBe('A  .gitignore\nA  dist/out.js\n');
    expect((await t.git('add', '../x')).code).toBe(128);
  });

  it('rev-parse prints HEAD and branch ids', async () => {
    const t = gitTerminal();
    await t.git('init');
    t.write('/a.txt', 'a');
    await t.git('add', '.');
    await t.git('commit', '-m', 'a');
    const head = (await t.git('rev-parse', 'HEAD')).out;
    expect(head).toMatch(/^[0-9a-f]{40}\n$/);
    expect((await t.git('rev-parse', 'main')).out).toBe(head);
    expect((await t.git('rev-parse', '--short', 'HEAD')).out).toBe(`${head.slice(0, 7)}\n`);
    expect((await t.git('config', 'user.email')).code).toBe(1);
  });
});

describe('git error output', () => {
  it('goes to stderr where the shell keeps one apart', async () => {
    let out = '';
    let err = '';
    const io = {
      cwd: '/',
      env: {},
      signal: new AbortController().signal,
      stdin: new InputChannel(),
      write: (text: string) => void (out += text),
      writeError: (text: string) => void (err += text),
    };
    expect(await runGit(['status'], io, { vfs: new VirtualFS() })).toBe(128);
    expect(out).toBe('');
    expect(err).toBe('fatal: not a git repository (or any of the parent directories): .git\n');
  });
});
