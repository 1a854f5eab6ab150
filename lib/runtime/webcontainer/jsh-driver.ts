/**
 * Drives WebContainer's shell the way its `--osc` protocol expects (see jsh-osc.ts): input is held until the
 * shell says it is interactive (the real shell drops what arrives earlier), command lines the IDE runs are
 * written one at a time, each once the prompt is back, and every finished command line's exit code is
 * reported, so a failed command typed into the terminal is noticed like a failed spawned one.
 */
import type { RuntimeProcess } from '../port';
import { TypedLineTracker } from '@/lib/terminal/typed-line';
import { JshOscScanner, type JshEvent } from './jsh-osc';

/** jsh's arguments: `--osc` makes it print the OSC 654 sequences this driver reads. */
export const JSH_ARGS = ['--osc'];
/**
 * If the shell never announces itself (a jsh without `--osc` support), input is let through after this long
 * rather than held forever.
 */
export const INTERACTIVE_FALLBACK_MS = 15_000;

export interface JshDriverHooks {
  /** A command line ended; `command` is null when it is not known (edited with arrows, history, completion). */
  onCommandExit(command: string | null, exitCode: number): void;
  fallbackMs?: number;
}

export function driveJsh(shell: RuntimeProcess, hooks: JshDriverHooks): RuntimeProcess {
  const scanner = new JshOscScanner();
  let typed = new TypedLineTracker();
  let interactive = false;
  let atPrompt = false;
  /** The command line last entered at the prompt, until its exit is reported. */
  let running: string | null = null;
  const held: string[] = [];
  const commands: string[] = [];

  const send = (data: string, command?: string) => {
    const lines = typed.feed(data);
    if (atPrompt && /[\r\n]/.test(data)) {
      atPrompt = false;
      running = command ?? lines[0] ?? null;
    }
    shell.write(data);
  };

  const pump = () => {
    while (interactive && atPrompt) {
      const command = commands.shift();
      if (command === undefined) return;
      send(`${command}\r`, command);
    }
  };

  const becomeInteractive = () => {
    if (interactive) return;
    interactive = true;
    atPrompt = true;
    clearTimeout(fallback);
    for (const data of held.splice(0)) send(data);
  };
  const fallback = setTimeout(becomeInteractive, hooks.fallbackMs ?? INTERACTIVE_FALLBACK_MS);
  void shell.exit.then(() => clearTimeout(fallback));

  const handle = (event: JshEvent) => {
    if (event.type === 'interactive') {
      becomeInteractive();
    } else if (event.type === 'prompt') {
      becomeInteractive();
      atPrompt = true;
      // What was typed into the program that just ended is not part of the next command line.
      typed = new TypedLineTracker();
    } else {
      hooks.onCommandExit(running, event.code);
      running = null;
    }
    pump();
  };

  const [mine, theirs] = shell.output.tee();
  void (async () => {
    const reader = mine.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        for (const event of scanner.feed(value)) handle(event);
      }
    } catch {
      // The shell's output ended with an error: no more events.
    }
  })();

  return {
    id: shell.id,
    command: shell.command,
    output: theirs,
    exit: shell.exit,
    write(data) {
      if (interactive) send(data);
      else held.push(data);
    },
    runCommand(commandLine) {
      commands.push(commandLine);
      pump();
    },
    kill: () => shell.kill(),
    resize: (size) => shell.resize(size),
  };
}
