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

/**
 * Where the shell is, as far as its OSC sequences tell: `starting` until it is interactive and a prompt was
 * drawn (in either order), `ready` at a prompt, `busy` once a line was entered, `ended` once that line's exit
 * code arrived. Only the prompt that follows an exit (or an empty line) makes it `ready` again, so a prompt
 * drawn while a line was already on its way cannot release the next command early.
 */
type ShellState = 'starting' | 'ready' | 'busy' | 'ended';

export function driveJsh(shell: RuntimeProcess, hooks: JshDriverHooks): RuntimeProcess {
  const scanner = new JshOscScanner();
  let typed = new TypedLineTracker();
  let state: ShellState = 'starting';
  let interactive = false;
  let promptSeen = false;
  /** The command line last entered at the prompt (null: not known, or empty), until its exit is reported. */
  let running: string | null = null;
  let emptyLine = false;
  const held: string[] = [];
  const commands: string[] = [];

  const send = (data: string, command?: string) => {
    const lines = typed.feed(data);
    if (state === 'ready' && /[\r\n]/.test(data)) {
      state = 'busy';
      running = command ?? lines[0] ?? null;
      emptyLine = command === undefined && lines.length === 0;
    }
    shell.write(data);
  };

  const becomeReady = () => {
    state = 'ready';
    // What was typed into the program that just ended is not part of the next command line.
    typed = new TypedLineTracker();
    for (const data of held.splice(0)) send(data);
    while (state === 'ready') {
      const command = commands.shift();
      if (command === undefined) return;
      send(`${command}\r`, command);
    }
  };

  const fallback = setTimeout(() => {
    interactive = true;
    if (state === 'starting') becomeReady();
  }, hooks.fallbackMs ?? INTERACTIVE_FALLBACK_MS);
  void shell.exit.then(() => clearTimeout(fallback));

  const handle = (event: JshEvent) => {
    if (event.type === 'interactive') {
      interactive = true;
      clearTimeout(fallback);
      if (state === 'starting' && promptSeen) becomeReady();
    } else if (event.type === 'prompt') {
      promptSeen = true;
      if (state === 'ended' || (state === 'busy' && emptyLine) || (state === 'starting' && interactive)) becomeReady();
    } else {
      hooks.onCommandExit(running, event.code);
      running = null;
      if (state === 'busy') state = 'ended';
    }
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
      if (state === 'starting') held.push(data);
      else send(data);
    },
    runCommand(commandLine) {
      commands.push(commandLine);
      if (state === 'ready') becomeReady();
    },
    kill: () => shell.kill(),
    resize: (size) => shell.resize(size),
  };
}
