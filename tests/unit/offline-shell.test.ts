import { describe, expect, it } from 'vitest';
import { binLinkSource } from '@/lib/runtime-frame/offline/bin-link';
import { shellFixture } from './offline-shell-fakes';

describe('shell: working folder and variables', () => {
  it('keeps a cd made inside a && chain for the next line, and cd - goes back', async () => {
    const t = shellFixture();
    expect(await t.run('mkdir sub && cd sub && pwd')).toMatchObject({ code: 0, out: '/sub\n' });
    expect((await t.run('pwd')).out).toBe('/sub\n');
    expect((await t.run('node cwd')).out).toBe('/sub\n');
    expect((await t.run('cd -')).out).toBe('/\n');
    expect(t.session.cwd).toBe('/');
    expect(await t.run('cd nowhere')).toMatchObject({ code: 1, err: 'cd: nowhere: No such file or directory\n' });
    await t.run('cd sub; cd');
    expect(t.session.cwd).toBe('/');
  });

  it('export persists; NAME=value applies to one command; unset removes', async () => {
    const t = shellFixture();
    await t.run('export FOO=bar');
    expect((await t.run('echo $FOO ${FOO}!')).out).toBe('bar bar!\n');
    expect((await t.run('node env FOO')).out).toBe('bar\n');
    expect((await t.run('ONE=1 node env ONE')).out).toBe('1\n');
    // An assignment's value is not a glob pattern (DEBUG=vite:* is how Vite's debug output is asked for).
    expect((await t.run('DEBUG=vite:* node env DEBUG')).out).toBe('vite:*\n');
    expect((await t.run('echo "[$ONE]"')).out).toBe('[]\n');
    await t.run('LOCAL=here');
    expect((await t.run('echo $LOCAL; node env LOCAL')).out).toBe('here\n(unset)\n');
    expect((await t.run('echo ${MISSING:-fallback}')).out).toBe('fallback\n');
    await t.run('unset FOO');
    expect((await t.run('node env FOO')).out).toBe('(unset)\n');
  });

  it('env, printenv and echo behave as in bash', async () => {
    const t = shellFixture();
    expect((await t.run('env GREETING=hi node env GREETING')).out).toBe('hi\n');
    expect((await t.run('printenv HOME')).out).toBe('/\n');
    expect((await t.run('env')).out).toContain('PATH=/usr/local/bin:/usr/bin:/bin\n');
    expect((await t.run('printenv NOPE')).code).toBe(1);
    expect((await t.run('echo -n a; echo -e "b\\tc"')).out).toBe('ab\tc\n');
  });

  it('splits an unquoted variable into words, a quoted one never; an empty unquoted one leaves no word', async () => {
    const t = shellFixture();
    await t.run('export ARGS="print  two words"');
    expect((await t.run('node $ARGS')).out).toBe('two words\n');
    expect((await t.run('node print "$ARGS"')).out).toBe('print  two words\n');
    expect((await t.run('node print [$EMPTY] $EMPTY x"$EMPTY"y')).out).toBe('[] xy\n');
    expect((await t.run('node print "" end')).out).toBe(' end\n');
  });

  it('expands $?, $$ and ~, but nothing inside single quotes', async () => {
    const t = shellFixture();
    expect((await t.run('node exit 3; echo $?')).out).toBe('3\n');
    expect((await t.run(`echo '$HOME' "$HOME" ~ ~/src $$`)).out).toBe('$HOME / / /src 1\n');
  });
});

describe('shell: lists and exit codes', () => {
  it('runs && only after success and || only after failure; the line ends with the last status', async () => {
    const t = shellFixture();
    expect(await t.run('false && echo no || echo yes')).toMatchObject({ code: 0, out: 'yes\n' });
    expect(await t.run('true && node exit 4')).toMatchObject({ code: 4 });
    expect(t.session.status).toBe(4);
    expect((await t.run('node exit 2; echo done')).out).toBe('done\n');
  });

  it('says "command not found" once, with status 127, and explains missing languages plainly', async () => {
    const t = shellFixture();
    const missing = await t.run('nosuchcmd --flag');
    expect(missing).toEqual({ code: 127, out: '', err: 'nosuchcmd: command not found\n' });
    const python = await t.run('python3 -c "print(1)"');
    expect(python.code).toBe(127);
    expect(python.err).toBe('python3: Python is not available here: this runtime runs JavaScript (Node.js) only\n');
  });

  it('Ctrl+C (abort) ends the whole line with 130', async () => {
    const t = shellFixture();
    const controller = new AbortController();
    const running = t.run('node wait; echo after', { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect(await running).toEqual({ code: 130, out: '', err: '' });
  });

  it('runs a & command alongside the rest and waits for it before the line ends', async () => {
    const t = shellFixture();
    const { out } = await t.run('node ticks 2 & echo meanwhile');
    expect(out).toBe('tick 0\nmeanwhile\ntick 1\n');
  });

  it('exit asks the shell to end with the given status', async () => {
    const t = shellFixture();
    await t.run('exit 3');
    expect(t.session.exitCode).toBe(3);
  });
});

describe('shell: pipes and redirects', () => {
  it('pipes into node, which gets the data and then the end of input', async () => {
    const t = shellFixture();
    expect(await t.run('echo hi | node upper')).toMatchObject({ code: 0, out: 'HI\n' });
  });

  it('streams between node processes: output appears while the producer is still running', async () => {
    const t = shellFixture();
    await t.run('node ticks 3 | node upper');
    const relevant = t.events.filter((event) => /^(produced|out:)/.test(event));
    expect(relevant).toEqual(['produced 0', 'out:TICK 0\n', 'produced 1', 'out:TICK 1\n', 'produced 2', 'out:TICK 2\n']);
  });

  it('streams through line filters (grep, sed s///, tr) as lines arrive', async () => {
    const t = shellFixture();
    const result = await t.run('node ticks 3 | grep -v 1 | sed s/tick/tock/');
    expect(result).toMatchObject({ code: 0, out: 'tock 0\ntock 2\n' });
    const relevant = t.events.filter((event) => /^(produced|out:)/.test(event));
    expect(relevant).toEqual(['produced 0', 'out:tock 0\n', 'produced 1', 'produced 2', 'out:tock 2\n']);
    expect((await t.run('echo abc | tr a-z A-Z')).out).toBe('ABC\n');
    expect((await t.run('node ticks 1 | grep -c tick')).out).toBe('1\n');
  });

  it('feeds coreutils the whole output of the command before them', async () => {
    const t = shellFixture();
    expect((await t.run('node ticks 3 | grep -v 1 | wc -l')).out.trim()).toBe('2');
    expect(await t.run('node print a | grep zzz')).toMatchObject({ code: 1, out: '' });
  });

  it('writes, appends and reads workspace files', async () => {
    const t = shellFixture();
    await t.run('echo one > out.txt; echo two >> out.txt');
    expect(t.vfs.readFileSync('/out.txt', 'utf8')).toBe('one\ntwo\n');
    expect((await t.run('node upper < out.txt')).out).toBe('ONE\nTWO\n');
    expect((await t.run('cat < out.txt | wc -l')).out.trim()).toBe('2');
    await t.run('ls > listing.txt');
    expect(t.vfs.readFileSync('/listing.txt', 'utf8')).toContain('out.txt');
  });

  it('separates error output: 2> to a file, 2>&1 into the pipe, &> both, /dev/null', async () => {
    const t = shellFixture();
    expect(await t.run('node err boom 2> err.txt')).toMatchObject({ out: '', err: '' });
    expect(t.vfs.readFileSync('/err.txt', 'utf8')).toBe('boom\n');
    expect((await t.run('node err boom 2>&1 | node upper')).out).toBe('BOOM\n');
    expect((await t.run('node err boom | node upper')).err).toBe('boom\n');
    await t.run('node print fine &> both.txt; node err bad &>> both.txt');
    expect(t.vfs.readFileSync('/both.txt', 'utf8')).toBe('fine\nbad\n');
    expect(await t.run('node print gone > /dev/null')).toMatchObject({ out: '', err: '' });
    expect((await t.run('echo 2 > two.txt')).out).toBe('');
    expect(t.vfs.readFileSync('/two.txt', 'utf8')).toBe('2\n');
    expect(await t.run('echo x > missing/dir.txt')).toMatchObject({ code: 1, err: 'bash: missing/dir.txt: No such file or directory\n' });
  });
});

describe('shell: globs', () => {
  it('matches workspace files, leaves quoted or unmatched patterns alone', async () => {
    const t = shellFixture();
    t.vfs.mkdirSync('/src', { recursive: true });
    for (const file of ['/a.js', '/b.js', '/c.txt', '/.hidden.js', '/src/x.ts', '/src/y.ts']) t.vfs.writeFileSync(file, '');
    expect((await t.run('echo *.js')).out).toBe('a.js b.js\n');
    expect((await t.run('echo "*.js" nothing*.md')).out).toBe('*.js nothing*.md\n');
    expect((await t.run('echo src/*.ts ?.txt')).out).toBe('src/x.ts src/y.ts c.txt\n');
    await t.run('cd src');
    expect((await t.run('echo ../*.txt')).out).toBe('../c.txt\n');
  });
});

describe('shell: finding commands', () => {
  it('which, type and command -v know builtins, the runtime programs and coreutils', async () => {
    const t = shellFixture();
    expect(await t.run('which node')).toMatchObject({ code: 0, out: '/usr/bin/node\n' });
    expect((await t.run('which ls npm')).out).toBe('/usr/bin/ls\n/usr/bin/npm\n');
    expect(await t.run('which nosuch')).toMatchObject({ code: 1, out: '' });
    expect((await t.run('type cd node')).out).toBe('cd is a shell builtin\nnode is /usr/bin/node\n');
    expect((await t.run('command -v npm cd')).out).toBe('/usr/bin/npm\ncd\n');
    expect((await t.run('/usr/bin/node print direct')).out).toBe('direct\n');
  });

  it('runs node_modules/.bin links and #!/usr/bin/env node files through PATH with node', async () => {
    const t = shellFixture();
    t.vfs.mkdirSync('/node_modules/.bin', { recursive: true });
    t.vfs.writeFileSync('/node_modules/.bin/vite', binLinkSource('../vite/bin/vite.js'));
    t.vfs.writeFileSync('/tool.js', '#!/usr/bin/env node\nconsole.log(1)\n');
    expect(await t.run('vite')).toMatchObject({ code: 127, err: 'vite: command not found\n' });
    await t.run('export PATH=/node_modules/.bin:$PATH');
    expect((await t.run('which vite')).out).toBe('/node_modules/.bin/vite\n');
    await t.run('vite build --mode x');
    await t.run('./tool.js arg');
    expect(t.nodeFiles).toEqual([
      { path: '/node_modules/vite/bin/vite.js', args: ['build', '--mode', 'x'] },
      { path: '/tool.js', args: ['arg'] },
    ]);
  });

  it('runs #!/bin/sh scripts and sourced files in the shell', async () => {
    const t = shellFixture();
    t.vfs.writeFileSync('/hello.sh', '#!/bin/sh\necho "hello $1"\n');
    t.vfs.writeFileSync('/vars.sh', 'export FROM_FILE=yes\ncd /\n');
    expect((await t.run('./hello.sh you')).out).toBe('hello you\n');
    await t.run('source vars.sh');
    expect((await t.run('echo $FROM_FILE')).out).toBe('yes\n');
  });
});

describe('shell: what it hands to just-bash whole', () => {
  it('runs loops and command substitution, and keeps their cd and exports', async () => {
    const t = shellFixture();
    expect((await t.run('for f in a b; do echo "f=$f"; done')).out).toBe('f=a\nf=b\n');
    await t.run('mkdir -p deep/er && if true; then cd deep; fi');
    expect(t.session.cwd).toBe('/deep');
    await t.run('export N=$(echo 42)');
    expect((await t.run('node env N')).out).toBe('42\n');
  });

  it('still reaches the runtime programs from there', async () => {
    const t = shellFixture();
    expect((await t.run('for m in x y; do node print $m; done')).out).toBe('x\ny\n');
  });
});
