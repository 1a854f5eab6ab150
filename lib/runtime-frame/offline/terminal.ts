/**
 * The terminal a command runs in, as a program sees it through its tty: where keystrokes arrive, its size
 * (and when it changes), and raw mode. A command is "in a terminal" when its stdin is the terminal's input
 * and its output goes to the screen; in a pipe or with a redirect it is not, as with a real pty.
 */
import { Listeners } from '../../runtime/listeners';
import type { TerminalSize } from '../../runtime/port';
import type { InputChannel } from './input-channel';

export const DEFAULT_TERMINAL_SIZE: TerminalSize = { cols: 80, rows: 24 };

export interface TerminalLink {
  /** Where the terminal's keystrokes arrive; a command whose stdin is this channel reads from the terminal. */
  readonly input: InputChannel;
  size(): TerminalSize;
  /** Listens for size changes; returns a function that stops listening. */
  onResize(listener: (size: TerminalSize) => void): () => void;
  /**
   * Raw mode: keys reach the program as typed, without echo or line editing, and Ctrl+C is a key the program
   * reads rather than an interrupt (as `setRawMode(true)` does in Node). It ends with the command.
   */
  setRaw(raw: boolean): void;
  readonly raw: boolean;
  /**
   * Registers a process's answer to Ctrl+C (SIGINT): true when it handles the signal itself (a Node process
   * with a 'SIGINT' listener), false when the signal would end it. Returns a function that unregisters it.
   */
  onInterrupt(handler: () => boolean): () => void;
  /** Ctrl+C: true when every process in the terminal handled it, so nothing is to be stopped. */
  interrupt(): boolean;
}

/**
 * The SIGINT handlers of the processes in one terminal's foreground: every one gets the signal, and the line
 * stops unless all of them handled it.
 */
export function interruptHandlers(): Pick<TerminalLink, 'onInterrupt' | 'interrupt'> {
  const handlers = new Set<() => boolean>();
  return {
    onInterrupt: (handler) => {
      handlers.add(handler);
      return () => void handlers.delete(handler);
    },
    interrupt: () => handlers.size > 0 && [...handlers].map((handler) => handler()).every(Boolean),
  };
}

/** A terminal's size, shared by the commands that run in it one after another. */
export class TerminalScreen {
  private current: TerminalSize;
  private readonly listeners = new Listeners<[TerminalSize]>();

  constructor(size: TerminalSize | undefined) {
    this.current = validSize(size) ?? DEFAULT_TERMINAL_SIZE;
  }

  get size(): TerminalSize {
    return this.current;
  }

  resize(size: TerminalSize): void {
    const next = validSize(size);
    if (!next || (next.cols === this.current.cols && next.rows === this.current.rows)) return;
    this.current = next;
    this.listeners.emit(next);
  }

  /** A link for one command reading `input`; raw mode is the command's own and starts off. */
  link(input: InputChannel): TerminalLink {
    let raw = false;
    return {
      input,
      size: () => this.current,
      onResize: (listener) => this.listeners.add(listener),
      setRaw: (value) => void (raw = value),
      ...interruptHandlers(),
      get raw() {
        return raw;
      },
    };
  }
}

function validSize(size: TerminalSize | undefined): TerminalSize | null {
  if (!size || !Number.isInteger(size.cols) || !Number.isInteger(size.rows) || size.cols < 1 || size.rows < 1) return null;
  return { cols: size.cols, rows: size.rows };
}
