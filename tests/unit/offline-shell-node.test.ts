// @vitest-environment jsdom
/** The shell with the runtime's real `node` (over a VirtualFS): the command lines that used to fail. */
import { describe, expect, it } from 'vitest';
import { binLinkSource } from '@/lib/runtime-frame/offline/bin-link';
import { createShell } from '@/lib/runtime-frame/offline/commands';
import { InputChannel, type CommandIO } from '@/lib/runtime-frame/offline/process';
import { createSession } from '@/lib/runtime-frame/offline/shell/session';
import { nodeDeps, workspace } from './node-run-helpers';

function setup(files: Record<string, string> = {}) {
  const vfs = workspace({ '/README.md': 'read me\n', ...files });
  const shell = createShell({ ...nodeDeps(vfs), registry: 'http://registry.invalid' });
  const session = createSession({ cwd: '/', env: { HOME: '/' } });
  const run = async (line: string, env?: Record<string, string>) => {
    let out = '';
    const io: CommandIO = {
      cwd: session.cwd,
      env: env ?? session.env,
      signal: new AbortController().signal,
      stdin: new InputChannel(),
      write: (text) => void (out += text),
    };
    // With env given, the line runs as an npm script body does: in a shell of its own with that environment.
    const code = await (env ? shell.runLine(line, io) : shell.runLine(line, io, session));
    return { code, out };
  };
  return { vfs, shell, session, run };
}

describe('shell with node', () => {
  it('gives node -e its arguments, and $? its exit code', async () => {
    const t = setup();
    expect(await t.run('node -e "process.exit(3)"; echo $?')).toEqual({ code: 0, out: '3\n' });
    expect((await t.run(`node -e "console.log('one')"; echo done`)).out).toBe('one\ndone\n');
  });

  it('pipes data into node and ends its stdin when the writer is done', async () => {
    const t = setup();
    const upper = `node -e "process.stdin.on('data', d => console.log(String(d).toUpperCase()))"`;
    expect((await t.run(`echo hi | ${upper}`)).out).toBe('HI\n\n');
    const count = `node -e "let s = ''; process.stdin.on('data', d => s += d); process.stdin.on('end', () => console.log('bytes', s.length))"`;
    expect((await t.run(`cat README.md | ${count}`)).out).toBe('bytes 8\n');
  });

  it("agrees with pwd about the folder after cd, in node's process.cwd()", async () => {
    const t = setup({ '/app/index.js': 'console.log(process.cwd())' });
    expect((await t.run('cd app && pwd && node index.js')).out).toBe('/app\n/app\n');
    expect((await t.run('node -p "process.cwd()"')).out).toBe('/app\n');
  });

  it('finds node_modules/.bin commands through the PATH an npm script gets, and runs them with node', async () => {
    const t = setup({ '/node_modules/hello/cli.js': "console.log('hello', process.argv.slice(2).join(' '))" });
    t.vfs.mkdirSync('/node_modules/.bin', { recursive: true });
    t.vfs.writeFileSync('/node_modules/.bin/hello', binLinkSource('../hello/cli.js'));
    const scriptEnv = { PATH: '/node_modules/.bin:/usr/local/bin:/usr/bin:/bin' };
    expect(await t.run('hello world && which hello', scriptEnv)).toEqual({ code: 0, out: 'hello world\n/node_modules/.bin/hello\n' });
    expect((await t.run('hello')).code).toBe(127);
  });

  it('runs argv as given (spawn), with leading NAME=value as its environment', async () => {
    const t = setup();
    let out = '';
    const io: CommandIO = { cwd: '/', env: {}, signal: new AbortController().signal, stdin: new InputChannel(), write: (text) => void (out += text) };
    const code = await t.shell.runArgv(['GREETING=hey there', 'node', '-e', 'console.log(process.env.GREETING)'], io);
    expect({ code, out }).toEqual({ code: 0, out: 'hey there\n' });
  });
});

describe('shell with git', () => {
  it('colours git output for the terminal but not into a pipe or a file', async () => {
    const t = setup({ '/a.txt': 'one\n' });
    await t.run('git init -q && git add a.txt && git commit -qm first');
    t.vfs.writeFileSync('/a.txt', 'two\n');
    const onTerminal = await t.run('git diff');
    expect(onTerminal.out).toContain('\x1b[32m+two');
    const piped = await t.run('git diff | cat');
    expect(piped.out).toContain('+two');
    expect(piped.out).not.toContain('\x1b[');
    await t.run('git diff > changes.diff');
    const file = t.vfs.readFileSync('/changes.diff', 'utf8');
    expect(file).toContain('-one\n+two');
    expect(file).not.toContain('\x1b[');
  });
});
