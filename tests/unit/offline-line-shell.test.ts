import { describe, expect, it } from 'vitest';
import { LineShell, splitKeys, type LineShellHost } from '@/lib/runtime-frame/offline/line-shell';
import type { CommandIO } from '@/lib/runtime-frame/offline/process';
import { complete } from '@/lib/runtime-frame/offline/shell/complete';
import { runLine } from '@/lib/runtime-frame/offline/shell/interpreter';
import { commandNames } from '@/lib/runtime-frame/offline/shell/resolve';
import { shellFixture } from './offline-shell-fakes';

// eslint-disable-next-line no-control-regex -- stripping terminal escape sequences
const plain = (text: string) => text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');

function setup(run?: (line: string, io: CommandIO) => Promise<number>, real = false) {
  const calls: { line: string; cwd: string }[] = [];
  let out = '';
  let exitCode: number | null = null;
  const fixture = shellFixture();
  fixture.vfs.mkdirSync('/home/project/src/lib', { recursive: true });
  const host: LineShellHost = {
    run: (line, io, session) => {
      calls.push({ line, cwd: io.cwd });
      if (real) return runLine(line, session, io, fixture.host);
      return run ? run(line, io) : Promise.resolve(0);
    },
    complete: (before, session) =>
      complete(before, { vfs: fixture.vfs, cwd: session.cwd, commandNames: () => commandNames(session.env, session.cwd, fixture.host) }),
  };
  const shell = new LineShell({ host, output: (text) => (out += text), onExit: (code) => (exitCode = code) });
  return {
    shell,
    vfs: fixture.vfs,
    calls,
    type: (data: string) => shell.input(data),
    out: () => plain(out),
    raw: () => out,
    exitCode: () => exitCode,
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('line shell', () => {
  it('shows a prompt with the folder and echoes typed characters', () => {
    const t = setup();
    expect(t.out()).toBe('~ $ ');
    t.type('ls');
    expect(t.out()).toBe('~ $ ls');
  });

  it('runs the line on Enter and prompts again when the command ends', async () => {
    const t = setup(async (_line, io) => {
      io.write('a\nb\n');
      return 0;
    });
    t.type('echo hi\r');
    expect(t.calls).toEqual([{ line: 'echo hi', cwd: '/home/project' }]);
    await tick();
    expect(t.raw()).toContain('a\r\nb\r\n');
    expect(t.out().endsWith('~ $ ')).toBe(true);
  });

  it('starts the prompt on a new line after output that did not end one', async () => {
    const t = setup(async (_line, io) => {
      io.write('no newline');
      return 0;
    });
    t.type('curl -s x\r');
    await tick();
    expect(t.out().endsWith('no newline\r\n~ $ ')).toBe(true);
  });

  it('handles Backspace, including at the start of the line', () => {
    const t = setup();
    t.type('\x7fnodx\x7fe\r');
    expect(t.calls[0]?.line).toBe('node');
    expect(t.raw()).toContain('\b \b');
  });

  it('edits in the middle of the line with the arrow keys', () => {
    const t = setup();
    // Two lefts from the end of "eco" put the cursor after "e".
    t.type('eco\x1b[D\x1b[Dh\r');
    expect(t.calls[0]?.line).toBe('ehco');
  });

  it('recalls history with Up and Down', async () => {
    const t = setup();
    t.type('first\r');
    await tick();
    t.type('second\r');
    await tick();
    t.type('\x1b[A\x1b[A\r');
    await tick();
    expect(t.calls.map((c) => c.line)).toEqual(['first', 'second', 'first']);
    t.type('\x1b[A\x1b[B\x1b[Bx\r');
    expect(t.calls.at(-1)?.line).toBe('x');
  });

  it('Ctrl+C aborts the running command, prints ^C and prompts again', async () => {
    let signal: AbortSignal | undefined;
    const t = setup(
      (_line, io) =>
        new Promise((resolve) => {
          signal = io.signal;
          io.signal.addEventListener('abort', () => resolve(130));
        }),
    );
    t.type('node server.js\r');
    expect(t.shell.busy).toBe(true);
    t.type('\x03');
    expect(signal?.aborted).toBe(true);
    await tick();
    expect(t.shell.busy).toBe(false);
    expect(t.out()).toContain('^C\r\n~ $ ');
  });

  it('Ctrl+C on an idle line discards it', () => {
    const t = setup();
    t.type('oops\x03\r');
    expect(t.calls).toEqual([]);
    expect(t.out()).toContain('oops^C');
  });

  it('sends keystrokes to the running command', async () => {
    const received: string[] = [];
    let finish = (_code: number) => {};
    const t = setup(
      (_line, io) =>
        new Promise((resolve) => {
          io.stdin.subscribe((data) => received.push(data));
          finish = resolve;
        }),
    );
    t.type('node ask.js\r');
    await tick();
    t.type('y\r');
    expect(received).toEqual(['y', '\n']);
    expect(t.calls).toHaveLength(1);
    finish(0);
    await tick();
    expect(t.shell.busy).toBe(false);
  });

  it('runs a line typed ahead while a command that never read stdin was running', async () => {
    let finish = (_code: number) => {};
    const t = setup((line) => (line === 'node slow.js' ? new Promise((resolve) => (finish = resolve)) : Promise.resolve(0)));
    t.type('node slow.js\r');
    t.type('ls\r');
    expect(t.calls.map((c) => c.line)).toEqual(['node slow.js']);
    finish(0);
    await tick();
    await tick();
    expect(t.calls.map((c) => c.line)).toEqual(['node slow.js', 'ls']);
  });

  it('hands input typed before a program starts reading to that program, not to the shell', async () => {
    const received: string[] = [];
    let finish = (_code: number) => {};
    let io: CommandIO | undefined;
    const t = setup(
      (_line, commandIo) =>
        new Promise((resolve) => {
          io = commandIo;
          finish = resolve;
        }),
    );
    t.type('node ask.js\r');
    t.type('y\r');
    io?.stdin.subscribe((data) => received.push(data));
    await tick();
    expect(received.join('')).toBe('y\n');
    finish(0);
    await tick();
    expect(t.calls).toHaveLength(1);
  });

  it('runs a line typed ahead while a program in a worker ran, once the worker hands back what it left unread', async () => {
    // A process in a worker is sent terminal input as it is typed; at exit it returns what its program never read.
    const t = setup((line, commandIo) =>
      line === 'node -e 1'
        ? new Promise((resolve) => {
            let forwarded = '';
            const stop = commandIo.stdin.subscribe((data) => (forwarded += data));
            setTimeout(() => {
              stop();
              commandIo.stdin.giveBack(forwarded);
              resolve(0);
            }, 5);
          })
        : Promise.resolve(0),
    );
    t.type('node -e 1\r');
    await tick();
    t.type('node -e 2\r');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(t.calls.map((c) => c.line)).toEqual(['node -e 1', 'node -e 2']);
  });

  it('recalls history it was started with', () => {
    let out = '';
    const shell = new LineShell({
      host: { run: () => Promise.resolve(0) },
      output: (text) => (out += text),
      onExit: () => undefined,
      history: ['npm run dev'],
    });
    shell.input('\x1b[A');
    expect(plain(out).endsWith('$ npm run dev')).toBe(true);
  });

  it('keeps the folder a line moved to, also from inside a && chain, and shows it as pwd prints it', async () => {
    const t = setup(undefined, true);
    t.type('cd src && cd lib\r');
    await tick();
    expect(t.out()).toContain('~/src/lib $ ');
    t.type('pwd\r');
    await tick();
    expect(t.calls.at(-1)).toEqual({ line: 'pwd', cwd: '/home/project/src/lib' });
    expect(t.out()).toContain('pwd\r\n/home/project/src/lib\r\n');
    t.type('cd /missing\r');
    await tick();
    expect(t.out()).toContain('cd: /missing: No such file or directory');
    t.type('cd\r');
    await tick();
    expect(t.out().endsWith('\n~ $ ')).toBe(true);
  });

  it('clears the screen with clear and Ctrl+L', async () => {
    const t = setup(undefined, true);
    t.type('clear\r');
    await tick();
    expect(t.raw()).toContain('\x1b[2J');
    t.type('ab\x0c');
    expect(t.raw().endsWith('~\x1b[0m $ ab')).toBe(true);
  });

  it('exits on exit (with its status) and Ctrl+D', async () => {
    const t = setup(undefined, true);
    t.type('exit 2\r');
    await tick();
    expect(t.exitCode()).toBe(2);
    const d = setup();
    d.type('\x04');
    expect(d.exitCode()).toBe(0);
  });

  it('lists the history of the session', async () => {
    const t = setup(undefined, true);
    t.type('echo one\r');
    await tick();
    t.type('history\r');
    await tick();
    expect(t.out()).toContain('    1  echo one\r\n    2  history\r\n');
  });

  it('completes a file name with Tab, and lists several matches on a second Tab', async () => {
    const t = setup(undefined, true);
    t.vfs.writeFileSync('/home/project/hello.js', '');
    t.vfs.writeFileSync('/home/project/app.js', '');
    t.vfs.writeFileSync('/home/project/app.test.js', '');
    t.type('node hel\t');
    expect(t.out().endsWith('~ $ node hello.js ')).toBe(true);
    t.type('\x15node ap\t');
    expect(t.out().endsWith('node app.')).toBe(true);
    t.type('\t');
    expect(t.out()).toContain('\r\napp.js  app.test.js\r\n');
    expect(t.out().endsWith('~ $ node app.')).toBe(true);
    t.type('t\t\r');
    expect(t.calls.at(-1)?.line).toBe('node app.test.js');
  });

  it('completes command names in the first word', () => {
    const t = setup(undefined, true);
    t.type('whic\t');
    expect(t.out().endsWith('$ which ')).toBe(true);
  });

  it('reports a command that throws and stays usable', async () => {
    const t = setup(() => Promise.reject(new Error('kaput')));
    t.type('bad\r');
    await tick();
    await tick();
    expect(t.out()).toContain('kaput');
    expect(t.shell.busy).toBe(false);
  });

  it('splits input into keys, keeping escape sequences whole', () => {
    expect(splitKeys('a\x1b[Ab\x1bOH\r')).toEqual(['a', '\x1b[A', 'b', '\x1bOH', '\r']);
  });
});
