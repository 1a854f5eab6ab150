import { describe, expect, it } from 'vitest';
import { LineShell, splitKeys, type LineShellHost } from '@/lib/runtime/offline/line-shell';
import type { CommandIO } from '@/lib/runtime/offline/process';

// eslint-disable-next-line no-control-regex -- stripping terminal escape sequences
const plain = (text: string) => text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');

function setup(run?: (line: string, io: CommandIO) => Promise<number>) {
  const calls: { line: string; cwd: string }[] = [];
  let out = '';
  let exitCode: number | null = null;
  const host: LineShellHost = {
    run: (line, io) => {
      calls.push({ line, cwd: io.cwd });
      return run ? run(line, io) : Promise.resolve(0);
    },
    isDirectory: (path) => ['/', '/src', '/src/lib'].includes(path),
  };
  const shell = new LineShell({ host, output: (text) => (out += text), onExit: (code) => (exitCode = code) });
  return {
    shell,
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
    expect(t.out()).toBe('~/project $ ');
    t.type('ls');
    expect(t.out()).toBe('~/project $ ls');
  });

  it('runs the line on Enter and prompts again when the command ends', async () => {
    const t = setup(async (_line, io) => {
      io.write('a\nb\n');
      return 0;
    });
    t.type('echo hi\r');
    expect(t.calls).toEqual([{ line: 'echo hi', cwd: '/' }]);
    await tick();
    expect(t.raw()).toContain('a\r\nb\r\n');
    expect(t.out().endsWith('~/project $ ')).toBe(true);
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
    expect(t.out()).toContain('^C\r\n~/project $ ');
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

  it('recalls history it was started with', () => {
    let out = '';
    const shell = new LineShell({
      host: { run: () => Promise.resolve(0), isDirectory: () => true },
      output: (text) => (out += text),
      onExit: () => undefined,
      history: ['npm run dev'],
    });
    shell.input('\x1b[A');
    expect(plain(out).endsWith('$ npm run dev')).toBe(true);
  });

  it('keeps the folder after cd and refuses missing folders', async () => {
    const t = setup();
    t.type('cd src/lib\r');
    expect(t.out()).toContain('~/project/src/lib $ ');
    t.type('cd ..\rcd /missing\r');
    expect(t.out()).toContain('cd: no such file or directory: /missing');
    t.type('pwd\r');
    expect(t.calls).toEqual([{ line: 'pwd', cwd: '/src' }]);
    await tick();
    t.type('cd\r');
    expect(t.out().endsWith('~/project $ ')).toBe(true);
  });

  it('clears the screen with clear and Ctrl+L', () => {
    const t = setup();
    t.type('clear\r');
    expect(t.raw()).toContain('\x1b[2J');
    t.type('ab\x0c');
    expect(t.raw().endsWith('~/project\x1b[0m $ ab')).toBe(true);
    expect(t.calls).toEqual([]);
  });

  it('exits on exit and Ctrl+D', () => {
    const t = setup();
    t.type('exit 2\r');
    expect(t.exitCode()).toBe(2);
    const d = setup();
    d.type('\x04');
    expect(d.exitCode()).toBe(0);
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
