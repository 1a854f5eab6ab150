/**
 * The fake `jsh`. `jsh -c "<line>"` runs one command line and exits with its code. Interactive `jsh` echoes
 * and edits the line, runs it on Enter (input then goes to the running program, Ctrl+C interrupts it), and
 * ends on `exit`.
 *
 * With `--osc` it prints the OSC 654 sequences the real `jsh --osc` prints, as bolt.diy's shell driver reads
 * them: `interactive` once it reads input, `exit=<x>:<code>` after each command line (only the number after
 * the colon is the exit code; the part before it is not documented, so here it is a job counter), and
 * `prompt` each time the prompt is drawn. Input that arrives before `interactive` is dropped: bolt.diy's
 * driver withholds input until then because the real shell loses it. After `interactive` it draws no prompt of
 * its own: whether the real one does is not something a driver can count on (bolt.diy sends Ctrl+C and waits
 * for the prompt that answers it), so the fake takes the reading that stalls a driver waiting for one.
 *
 * Killing `jsh -c` ends the shell but not the program it started (its ports stay open): whether the real
 * kill() reaches a shell's children is not documented, so the fake takes the pessimistic reading.
 */
import type { FakeProcess } from './fake-process';
import { startCommandLine, type Job, type JobContext } from './fake-programs';

const osc = (body: string) => `\x1b]654;${body}\x07`;
/** How long the shell takes to become interactive: input sent sooner is lost. */
const JSH_STARTUP_MS = 5;
const PROMPT = '~/project ❯ ';

export function runJsh(process: FakeProcess, ctx: JobContext) {
  const cIndex = process.args.indexOf('-c');
  if (cIndex !== -1) {
    const job = startCommandLine(process.args[cIndex + 1] ?? '', ctx);
    process.listen((data) => job.input(data));
    void job.done.then((code) => process.end(code));
    return;
  }

  const withOsc = process.args.includes('--osc');
  let jobs = 100;
  let line = '';
  let running: Job | null = null;

  const prompt = () => process.print(`\r\n${PROMPT}${withOsc ? osc('prompt') : ''}`);

  const run = (commandLine: string) => {
    if (commandLine === '') return prompt();
    if (commandLine === 'exit') return process.end(0);
    const job = startCommandLine(commandLine, ctx);
    running = job;
    void job.done.then((code) => {
      running = null;
      if (withOsc) process.print(osc(`exit=${jobs++}:${code}`));
      prompt();
    });
  };

  const onKey = (ch: string) => {
    if (ch === '\r' || ch === '\n') {
      process.print('\r\n');
      const commandLine = line.trim();
      line = '';
      run(commandLine);
    } else if (ch === '\x03') {
      process.print('^C');
      line = '';
      prompt();
    } else if (ch === '\x7f') {
      line = line.slice(0, -1);
    } else if (ch >= ' ') {
      line += ch;
      process.print(ch);
    }
  };

  const onInput = (data: string) => {
    for (const ch of data) {
      if (running) running.input(ch);
      else onKey(ch);
    }
  };

  if (!withOsc) {
    process.print(PROMPT);
    process.listen(onInput);
    return;
  }
  setTimeout(() => {
    process.dropBufferedInput();
    process.print(osc('interactive'));
    process.listen(onInput);
  }, JSH_STARTUP_MS);
}
