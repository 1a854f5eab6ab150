// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { parseNodeArgs } from '@/lib/runtime-frame/offline/command-line';
import { createShell } from '@/lib/runtime-frame/offline/commands';
import { LineShell } from '@/lib/runtime-frame/offline/line-shell';
import { KeypressDecoder } from '@/lib/runtime-frame/offline/node/keypress';
import { runNode } from '@/lib/runtime-frame/offline/node-exec';
import { InputChannel, type CommandIO } from '@/lib/runtime-frame/offline/process';
import { TerminalScreen, type TerminalLink } from '@/lib/runtime-frame/offline/terminal';
import { node, nodeDeps, workspace } from './node-run-helpers';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `node file` in a terminal of the given size; `keys` is called once the program has started. */
async function inTerminal(
  files: Record<string, string>,
  keys: (type: (data: string) => void, screen: TerminalScreen, terminal: TerminalLink) => Promise<void>,
  options: { stdoutIsTerminal?: boolean } = {},
) {
  const vfs = workspace(files);
  const stdin = new InputChannel();
  const screen = new TerminalScreen({ cols: 100, rows: 30 });
  const terminal = screen.link(stdin);
  let output = '';
  const io: CommandIO = { cwd: '/', env: {}, signal: new AbortController().signal, stdin, terminal, write: (text) => (output += text), ...options };
  const run = runNode(parseNodeArgs(['/main.js']), io, nodeDeps(vfs));
  await sleep(50);
  // A terminal in raw mode passes keys as typed; otherwise it turns Enter into a newline, as the shell does.
  await keys((data) => stdin.push(terminal.raw ? data : data.replace(/\r/g, '\n')), screen, terminal);
  const code = await run;
  return { code, output, raw: terminal.raw };
}

describe('keypress decoding', () => {
  it('names keys as Node does: letters, Enter, arrows with modifiers, Ctrl+C, Alt+letter, F-keys', () => {
    const keys = new KeypressDecoder().write('aB\r\x1b[A\x1b[1;5C\x03\x1bx\x1b[3~\x1bOP\x1b[Z');
    expect(keys.map(({ char, key }) => [char, key.name, key.ctrl, key.meta, key.shift])).toEqual([
      ['a', 'a', false, false, false],
      ['B', 'b', false, false, true],
      ['\r', 'return', false, false, false],
      [undefined, 'up', false, false, false],
      [undefined, 'right', true, false, false],
      ['\x03', 'c', true, false, false],
      [undefined, 'x', false, true, false],
      [undefined, 'delete', false, false, false],
      [undefined, 'f1', false, false, false],
      [undefined, 'tab', false, false, true],
    ]);
  });

  it('keeps an escape sequence split across chunks whole, and a lone Escape for flush()', () => {
    const decoder = new KeypressDecoder();
    expect(decoder.write('\x1b[')).toEqual([]);
    expect(decoder.write('B').map((press) => press.key.name)).toEqual(['down']);
    expect(decoder.write('\x1b')).toEqual([]);
    expect(decoder.flush().map((press) => press.key.name)).toEqual(['escape']);
  });
});

describe('standard streams in a terminal and in a pipe', () => {
  const report =
    "const tty = require('tty'); console.log(JSON.stringify([process.stdin.isTTY, process.stdout.isTTY, process.stdout.columns, tty.isatty(0), tty.isatty(1), typeof process.stdin.setRawMode]));\n";

  it('are TTYs of the terminal size in a terminal', async () => {
    const run = await inTerminal({ '/main.js': report }, async () => {});
    expect(JSON.parse(run.output)).toEqual([true, true, 100, true, true, 'function']);
  });

  it('are not TTYs without a terminal, as with node in a pipe', async () => {
    const run = await node(workspace({ '/main.js': report }), ['/main.js']);
    expect(JSON.parse(run.output)).toEqual([null, null, null, false, false, 'undefined']);
  });

  it('stdout is not a TTY when it goes to a pipe, while stdin still is', async () => {
    const run = await inTerminal({ '/main.js': report }, async () => {}, { stdoutIsTerminal: false });
    expect(JSON.parse(run.output)).toEqual([true, null, null, true, false, 'function']);
  });

  it("emits 'resize' with the new columns and rows when the terminal is resized", async () => {
    const program =
      "process.stdout.on('resize', () => { console.log(process.stdout.columns + 'x' + process.stdout.rows); process.exit(0); }); setTimeout(() => {}, 5000);\n";
    const run = await inTerminal({ '/main.js': program }, async (_type, screen) => screen.resize({ cols: 120, rows: 40 }));
    expect(run.output).toBe('120x40\n');
  });
});

describe('readline in a terminal', () => {
  it('waits for the answer to a question however long it takes, and edits the line with arrows', async () => {
    const program =
      "const rl = require('readline').createInterface({ input: process.stdin, output: process.stdout });\n" +
      "rl.question('Name? ', (answer) => { console.log('hello ' + answer); rl.close(); });\n";
    const run = await inTerminal({ '/main.js': program }, async (type) => {
      await sleep(700); // longer than a quiet process lives: the open question keeps it running, as in Node
      type('wrld');
      type('\x1b[D\x1b[D\x1b[D'); // ← ← ←
      type('o');
      type('\r');
    });
    expect(run.code).toBe(0);
    expect(run.output).toContain('Name? ');
    expect(run.output.trim().endsWith('hello world')).toBe(true);
    expect(run.raw).toBe(false); // closing the interface left raw mode
  });

  it('gives keypress events in raw mode, as prompt libraries read them, and Ctrl+C is a key there', async () => {
    const program =
      "const readline = require('readline'); readline.emitKeypressEvents(process.stdin); process.stdin.setRawMode(true);\n" +
      "const seen = []; process.stdin.on('keypress', (char, key) => { seen.push(key.ctrl ? 'ctrl+' + key.name : key.name);\n" +
      "  if (key.ctrl && key.name === 'c') { console.log(seen.join(' ')); process.stdin.setRawMode(false); process.stdin.pause(); } });\n";
    const run = await inTerminal({ '/main.js': program }, async (type) => {
      type('\x1b[B');
      type('\x1b[A');
      type('y');
      type('\r');
      type('\x03');
    });
    expect(run.output).toBe('down up y return ctrl+c\n');
    expect(run.code).toBe(0);
  });

  it('reads lines from a pipe with readline/promises and its async iterator', async () => {
    const program =
      "const readline = require('readline/promises');\n" +
      "(async () => { const rl = readline.createInterface({ input: process.stdin }); const lines = []; for await (const line of rl) lines.push(line); console.log(lines.join('|')); })();\n";
    const run = await node(workspace({ '/main.js': program }), ['/main.js'], '/', 'a\nb\r\nc');
    expect(run.output).toBe('a|b|c\n');
  });
});

describe('the line shell and a program in raw mode', () => {
  it('passes keys through unechoed in raw mode, Ctrl+C included, and edits lines again afterwards', async () => {
    let out = '';
    let io: CommandIO | undefined;
    const received: string[] = [];
    let finish: (code: number) => void = () => {};
    const shell = new LineShell({
      host: {
        run: (_line, commandIo) => {
          io = commandIo;
          commandIo.stdin.subscribe((data) => received.push(data));
          return new Promise((resolve) => (finish = resolve));
        },
      },
      output: (text) => (out += text),
      onExit: () => {},
    });
    shell.input('prompt\r');
    await sleep(5);
    io?.terminal?.setRaw(true);
    const before = out;
    shell.input('\x1b[B');
    shell.input('\x03');
    expect(received).toEqual(['\x1b[B', '\x03']);
    expect(out).toBe(before); // no echo, no ^C
    expect(shell.busy).toBe(true);
    finish(0);
    await sleep(5);
    shell.input('x');
    expect(out.endsWith('x')).toBe(true);
  });
});

describe('Ctrl+C', () => {
  it("is a SIGINT a process's listener handles (it lives on until it exits); without one it is not handled", async () => {
    const program =
      "process.on('SIGINT', (signal) => { console.log('got ' + signal); setTimeout(() => process.exit(0), 100); }); setInterval(() => {}, 1000);\n";
    let handled: boolean | undefined;
    const run = await inTerminal({ '/main.js': program }, async (_type, _screen, terminal) => {
      handled = terminal.interrupt();
    });
    expect(handled).toBe(true);
    expect(run).toMatchObject({ code: 0, output: 'got SIGINT\n' });
    let plain: boolean | undefined;
    await inTerminal({ '/main.js': 'setTimeout(() => {}, 300);\n' }, async (_type, _screen, terminal) => {
      plain = terminal.interrupt();
    });
    expect(plain).toBe(false);
  });
});

describe('children and completion', () => {
  it("a child started with stdio 'inherit' is in its parent's terminal; with pipes it is not", async () => {
    const vfs = workspace({
      '/main.js':
        "const { spawn } = require('child_process');\n" +
        "const probe = 'console.log(JSON.stringify([process.stdin.isTTY ?? null, process.stdout.isTTY ?? null]))';\n" +
        "spawn('node', ['-e', probe], { stdio: 'inherit' }).on('close', () => {\n" +
        "  const piped = spawn('node', ['-e', probe]); piped.stdout.on('data', (d) => process.stdout.write('piped ' + d)); piped.stdin.end();\n" +
        '});\n',
    });
    const shell = createShell({ ...nodeDeps(vfs), registry: 'http://registry.invalid' });
    const stdin = new InputChannel();
    let out = '';
    const terminal = new TerminalScreen(undefined).link(stdin);
    const code = await shell.runLine('node /main.js', {
      cwd: '/',
      env: { PATH: '/usr/bin' },
      signal: new AbortController().signal,
      stdin,
      terminal,
      write: (text) => void (out += text),
    });
    expect(code).toBe(0);
    expect(out).toBe('[true,true]\npiped [null,null]\n');
  });

  it('completes the word before the cursor with Tab, through a completer', async () => {
    const program =
      "const rl = require('readline').createInterface({ input: process.stdin, output: process.stdout, terminal: true,\n" +
      "  completer: (line) => [['install', 'init'].filter((word) => word.startsWith(line)), line] });\n" +
      "rl.on('line', (line) => { console.log('[' + line + ']'); rl.close(); });\n";
    const run = await inTerminal({ '/main.js': program }, async (type) => {
      type('ins');
      type('\t');
      type('\r');
    });
    expect(run.output.trim().endsWith('[install]')).toBe(true);
  });
});

describe('input a program has not read', () => {
  it('goes back to the shell when the program ends without reading it', async () => {
    const vfs = workspace({ '/main.js': 'setTimeout(() => console.log("done"), 60);\n' });
    const stdin = new InputChannel();
    const io: CommandIO = { cwd: '/', env: {}, signal: new AbortController().signal, stdin, write: () => undefined };
    const run = runNode(parseNodeArgs(['/main.js']), io, nodeDeps(vfs));
    await sleep(20);
    stdin.push('ls\n');
    expect(await run).toBe(0);
    expect(stdin.takePending()).toBe('ls\n');
  });

  it('waits for a listener the program adds later, and is not handed back once read', async () => {
    const vfs = workspace({
      '/main.js': 'setTimeout(() => process.stdin.once("data", (d) => { console.log("got " + d.toString().trim()); process.exit(0); }), 80);\n',
    });
    const stdin = new InputChannel();
    let output = '';
    const io: CommandIO = { cwd: '/', env: {}, signal: new AbortController().signal, stdin, write: (text) => (output += text) };
    const run = runNode(parseNodeArgs(['/main.js']), io, nodeDeps(vfs));
    await sleep(20);
    stdin.push('yes\n');
    expect(await run).toBe(0);
    expect(output).toContain('got yes');
    expect(stdin.takePending()).toBe('');
  });
});
