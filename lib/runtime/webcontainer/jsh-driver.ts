/**
 * Drives WebContainer's shell the way its `--osc` protocol expects (see jsh-osc.ts): input is held until the
 * shell says it is interactive (the real shell drops what arrives earlier) and then answers a Ctrl+C with a
 * prompt — the shell need not draw one by itself, so waiting for its first prompt could wait for nothing (the
 * way bolt.diy starts it too) —, command lines the IDE runs are
 * written one at a time, each once the prompt is back, and every finished command line's exit code is
 * reported, so a failed command typed into the terminal is noticed like a failed spawned one.
 */
import type { RuntimeProcess } from '../port';
import { TypedLineTracker } from '@/lib/terminal/typed-line';
import { JshOscScanner, type JshEvent } from './jsh-osc';

/** jsh's arguments: `--osc` makes it print the OSC 654 sequences this driver reads. */
export const JSH_ARGS = ['--osc'];
/**
 * If the shell never announces itself (a jsh without `--osc` support) or never answers the Ctrl+C with a
 * prompt, input is let through after this long rather than held forever.
 */
const INTERACTIVE_FALLBACK_MS = 15_000;

interface JshDriverHooks {
  /** A command line ended; `command` is null when it is not known (edited with arrows, history, completion). */
  onCommandExit(command: string | null, exitCode: number): void;
  fallbackMs?: number;
}

/** What the driver sends once the shell is interactive: Ctrl+C, which the shell answers with a fresh prompt. */
const PRIMING_INPUT = '\x03';

/**
 * Where the shell is, as far as its OSC sequences tell: `starting` until it is interactive, `priming` until a
 * prompt follows the Ctrl+C sent then (a prompt drawn before `interactive` counts for nothing), `ready` at a
 * prompt, `busy` once a line was entered, `ended` once that line's exit code arrived. Only the prompt that
 * follows an exit (or an empty line) makes it `ready` again, so a prompt drawn while a line was already on its
 * way cannot release the next command early.
 */
type ShellState = 'starting' | 'priming' | 'ready' | 'busy' | 'ended';

export function driveJsh(shell: RuntimeProcess, hooks: JshDriverHooks): RuntimeProcess {
  const scanner = new JshOscScanner();
  let typed = new TypedLineTracker();
  let state: ShellState = 'starting';
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

  const isStarting = () => state === 'starting' || state === 'priming';
  // A shell that never says it is interactive, or never answers the Ctrl+C, gets its input after this long.
  const fallback = setTimeout(() => {
    if (isStarting()) becomeReady();
  }, hooks.fallbackMs ?? INTERACTIVE_FALLBACK_MS);
  void shell.exit.then(() => clearTimeout(fallback));

  const handle = (event: JshEvent) => {
    if (event.type === 'interactive') {
      if (state !== 'starting') return;
      state = 'priming';
      shell.write(PRIMING_INPUT);
    } else if (event.type === 'prompt') {
      if (state === 'priming') clearTimeout(fallback);
      if (state === 'ended' || (state === 'busy' && emptyLine) || state === 'priming') becomeReady();
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
      if (isStarting()) held.push(data);
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
