import { afterEach, describe, expect, it } from 'vitest';
import type { ProcessExit } from '@/lib/runtime/port';
import { driveJsh } from '@/lib/runtime/webcontainer/jsh-driver';
import { JshOscScanner } from '@/lib/runtime/webcontainer/jsh-osc';
import { bootFake, disposeAll, drain, sleep } from './fakes/webcontainer-harness';

afterEach(disposeAll);

describe('the OSC 654 scanner', () => {
  it('reads interactive, prompt and the exit code after the colon, also when a sequence is cut between chunks', () => {
    const scanner = new JshOscScanner();
    expect(scanner.feed('\x1b]654;interactive\x07~ ❯ \x1b]6')).toEqual([{ type: 'interactive' }]);
    expect(scanner.feed('54;prompt\x07ls\r\nout\x1b]654;exit=17:')).toEqual([{ type: 'prompt' }]);
    expect(scanner.feed('3\x07\x1b]654;prompt\x07\x1b]0;title\x07')).toEqual([{ type: 'exit', code: 3 }, { type: 'prompt' }]);
  });
});

describe('the jsh driver', () => {
  it('the fake loses input sent before the interactive OSC, as the real shell does', async () => {
    const { wc } = await bootFake();
    const raw = await wc.spawn('jsh', ['--osc']);
    const out = drain(raw.output);
    raw.input.getWriter().write('echo lost\r');
    await out.until('654;interactive');
    await sleep(20);
    expect(out.text()).not.toContain('lost');
  });

  it('runs commands queued before the shell is ready, in order, each once the prompt is back', async () => {
    const { runtime, wc } = await bootFake();
    await runtime.fs.writeFile('/package.json', '{}');
    await runtime.fs.writeFile('/start.js', "console.log('app started');\nsetInterval(() => {}, 1000);\n");
    const shell = await runtime.shell();
    // As the IDE does on open: the install and the template's start, back to back, before any prompt.
    shell.runCommand?.('npm install');
    shell.runCommand?.('node start.js');
    const out = drain(shell.output);
    await out.until('app started');
    const text = out.text();
    expect(text.indexOf('added 1 package')).toBeLessThan(text.indexOf('node start.js'));
    // Ctrl+C once the shell was interactive (answered by a prompt), then each line on its own, the second only
    // after the first one's prompt.
    expect(wc.spawned[0]?.received).toEqual(['\x03', 'npm install\r', 'node start.js\r']);
    expect(await runtime.fs.exists('/node_modules/left-pad/index.js')).toBe(true);
  });

  it('a shell that draws no prompt by itself takes its first command at once, not after the 15 s fallback', async () => {
    const { runtime, wc } = await bootFake();
    const shell = await runtime.shell();
    const out = drain(shell.output);
    shell.runCommand?.('echo started');
    // The fake jsh, like a real one may, prints `interactive` and then nothing until it gets input.
    await out.until('started\r\n', 1000);
    expect(wc.spawned[0]?.received[0]).toBe('\x03');
  });

  it('a prompt drawn before the shell is interactive releases nothing; the prompt answering the Ctrl+C does', async () => {
    let push: (text: string) => void = () => undefined;
    const output = new ReadableStream<string>({ start: (c) => void (push = (text) => c.enqueue(text)) });
    const written: string[] = [];
    const shell = driveJsh(
      {
        id: 1,
        command: 'jsh',
        output,
        exit: new Promise<number>(() => undefined),
        write: (d) => written.push(d),
        kill: () => undefined,
        resize: () => undefined,
      },
      { onCommandExit: () => undefined },
    );
    drain(shell.output);
    shell.runCommand?.('ls');
    push('\x1b]654;prompt\x07');
    await sleep(10);
    expect(written).toEqual([]);
    push('\x1b]654;interactive\x07');
    await sleep(10);
    expect(written).toEqual(['\x03']);
    push('^C\r\n~ \x1b]654;prompt\x07');
    await sleep(10);
    expect(written).toEqual(['\x03', 'ls\r']);
  });

  it('holds keystrokes typed before the shell is ready instead of losing them', async () => {
    const { runtime } = await bootFake();
    const shell = await runtime.shell();
    shell.write('echo typed-early\r');
    expect(await drain(shell.output).until('typed-early\r\n')).toContain('typed-early');
  });

  it('reports typed command lines ending, with their exit codes, so a failed one can be fixed', async () => {
    const { runtime } = await bootFake();
    await runtime.fs.writeFile('/fail.js', 'process.exit(3);\n');
    const exits: ProcessExit[] = [];
    runtime.onProcessExit((exit) => exits.push(exit));
    const shell = await runtime.shell();
    const out = drain(shell.output);
    await out.until('654;prompt');
    for (const ch of 'node fail.js\r') shell.write(ch);
    await out.until(/exit=\d+:3/);
    for (const ch of 'true\r') shell.write(ch);
    await out.until(/exit=\d+:0/);
    await sleep(5);
    expect(exits.map(({ command, exitCode }) => ({ command, exitCode }))).toEqual([
      { command: 'node fail.js', exitCode: 3 },
      { command: 'true', exitCode: 0 },
    ]);
  });

  it('passes keystrokes straight to a running program (an answer to a question, Ctrl+C)', async () => {
    const { runtime } = await bootFake();
    const exits: ProcessExit[] = [];
    runtime.onProcessExit((exit) => exits.push(exit));
    await runtime.fs.writeFile('/serve.js', "console.log('serving');\nsetInterval(() => {}, 1000);\n");
    const shell = await runtime.shell();
    const out = drain(shell.output);
    shell.runCommand?.('npx cowsay');
    await out.until('Ok to proceed? (y)');
    shell.write('y');
    shell.write('\r');
    await out.until('ran cowsay');
    shell.runCommand?.('node serve.js');
    await out.until('serving');
    shell.write('\x03');
    await out.until(/exit=\d+:130/);
    await sleep(5);
    expect(exits.map((e) => e.exitCode)).toEqual([0, 130]);
  });
});
