/**
 * The terminal of a node process that runs in a worker, on both sides of the thread boundary. The frame's
 * terminal (line-shell.ts) stays where it is; the worker gets a stand-in link with the same surface, so the
 * process's tty streams (node/tty.ts) work unchanged: its size and resizes arrive as messages, raw mode goes
 * back as one, and Ctrl+C reaches the process as SIGINT while it listens for it.
 *
 * Whether the process listens for SIGINT must be known on the frame's thread at the moment Ctrl+C is pressed
 * (the line-shell decides there whether to stop the line), so the worker reports changes of it as they happen.
 */
import { Listeners } from '../../../runtime/listeners';
import type { TerminalSize } from '../../../runtime/port';
import type { CommandIO, InputChannel } from '../process';
import { interruptHandlers, type TerminalLink } from '../terminal';

/** What the worker is told of its terminal when it starts. */
export interface TerminalInit {
  size: TerminalSize;
  stdinIsTerminal: boolean;
  stderrIsTerminal: boolean;
}

export type TerminalToWorker = { type: 'resize'; size: TerminalSize } | { type: 'interrupt' };
export type TerminalFromWorker = { type: 'set-raw'; raw: boolean } | { type: 'sigint-listening'; listening: boolean };

/** The frame's side: forwards resizes, answers Ctrl+C for a listening process, applies raw mode. */
export function frameTerminal(
  io: CommandIO,
  send: (message: TerminalToWorker) => void,
): {
  init: TerminalInit | undefined;
  receive(message: TerminalFromWorker): void;
  dispose(): void;
} {
  const terminal = io.terminal;
  if (!terminal) return { init: undefined, receive: () => undefined, dispose: () => undefined };
  let listening = false;
  let leftRaw = false;
  const stopResize = terminal.onResize((size) => send({ type: 'resize', size }));
  const stopInterrupt = terminal.onInterrupt(() => {
    if (!listening) return false;
    send({ type: 'interrupt' });
    return true;
  });
  return {
    init: { size: terminal.size(), stdinIsTerminal: io.stdin === terminal.input, stderrIsTerminal: io.stderrIsTerminal !== false },
    receive: (message) => {
      if (message.type === 'sigint-listening') listening = message.listening;
      else {
        leftRaw = message.raw;
        terminal.setRaw(message.raw);
      }
    },
    dispose: () => {
      stopResize();
      stopInterrupt();
      // A process stopped in raw mode cannot undo it itself.
      if (leftRaw) terminal.setRaw(false);
    },
  };
}

type ListenerCounter = { listenerCount?(event: string): number };

/**
 * The worker's side: a TerminalLink for node/tty.ts. `stdin` is the worker's input channel; a stdin that is not
 * the terminal (a pipe) gets a link whose input is another channel, so the process does not take it for a TTY.
 */
export function workerTerminal(
  init: TerminalInit,
  stdin: InputChannel,
  other: InputChannel,
  post: (message: TerminalFromWorker) => void,
  process: () => ListenerCounter | undefined,
  /** Ctrl+C reached a process that no longer listens for SIGINT: it ends, as in Node. */
  unhandled: () => void,
): { link: TerminalLink; receive(message: TerminalToWorker): void; beforeOutput(): void } {
  let size = init.size;
  let raw = false;
  const resizes = new Listeners<[TerminalSize]>();
  // The frame needs to know, before Ctrl+C, whether the process would handle SIGINT; polled, because the
  // process's emitter has no hook for listeners being added, and asked again before each piece of the process's
  // output crosses (beforeOutput): what a program prints after adding a listener reaches the frame after the news
  // of it, so a Ctrl+C pressed on seeing that output reaches the listener, however late the next poll runs.
  let listening = false;
  const report = () => {
    const now = (process()?.listenerCount?.('SIGINT') ?? 0) > 0;
    if (now !== listening) post({ type: 'sigint-listening', listening: (listening = now) });
  };
  setInterval(report, 25);
  const link: TerminalLink = {
    input: init.stdinIsTerminal ? stdin : other,
    size: () => size,
    onResize: (listener) => resizes.add(listener),
    setRaw: (value) => {
      raw = value;
      post({ type: 'set-raw', raw: value });
    },
    ...interruptHandlers(),
    get raw() {
      return raw;
    },
  };
  return {
    link,
    beforeOutput: report,
    receive: (message) => {
      if (message.type === 'resize') {
        size = message.size;
        resizes.emit(size);
      } else if (!link.interrupt()) unhandled();
    },
  };
}
