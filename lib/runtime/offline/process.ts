/**
 * The adapter's RuntimeProcess: a pty-like text stream (xterm wants \r\n), an exit promise, and hooks for
 * input and kill that the command runner or the line shell fills in.
 */
import type { RuntimeProcess, TerminalSize } from '../port';

/** xterm moves to column 0 only on \r, so every bare \n becomes \r\n. */
export function toTerminal(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}

/** Fan-out of keystrokes to whoever is reading stdin right now. */
/**
 * Stdin of a running command. Like a pty, input that no reader has taken yet is kept: a reader that
 * subscribes later gets it, and what is left when the command ends goes back to the shell as typeahead.
 */
export class InputChannel {
  private readonly listeners = new Set<(data: string) => void>();
  private pending: string[] = [];

  push(data: string): void {
    if (this.listeners.size === 0) {
      this.pending.push(data);
      return;
    }
    for (const listener of this.listeners) listener(data);
  }

  subscribe(listener: (data: string) => void): () => void {
    this.listeners.add(listener);
    const queued = this.takePending();
    if (queued) listener(queued);
    return () => this.listeners.delete(listener);
  }

  /** Input nobody read; empties the queue. */
  takePending(): string {
    const queued = this.pending.join('');
    this.pending = [];
    return queued;
  }
}

/** What a running command sees: where to print, where input arrives, and when it has been cancelled. */
export interface CommandIO {
  cwd: string;
  env: Record<string, string>;
  signal: AbortSignal;
  stdin: InputChannel;
  /** Text with \n line endings; the process converts it for the terminal. */
  write(text: string): void;
}

export interface ProcessHooks {
  onInput(data: string): void;
  onKill(): void;
  onResize?(size: TerminalSize): void;
}

export class OfflineProcess implements RuntimeProcess {
  readonly output: ReadableStream<string>;
  readonly exit: Promise<number>;
  private controller!: ReadableStreamDefaultController<string>;
  private resolveExit!: (code: number) => void;
  private finished = false;
  hooks: ProcessHooks = { onInput: () => {}, onKill: () => {} };

  constructor(
    readonly id: number,
    readonly command: string,
    /** Output nobody may read (a shell's child entry) is dropped past this many queued chunks. */
    private readonly maxQueued = Infinity,
  ) {
    this.output = new ReadableStream<string>(
      { start: (controller) => void (this.controller = controller) },
      { highWaterMark: maxQueued === Infinity ? 1 : maxQueued },
    );
    this.exit = new Promise<number>((resolve) => (this.resolveExit = resolve));
  }

  get running(): boolean {
    return !this.finished;
  }

  /** Emits text (with \n line endings) to the output stream. */
  print(text: string): void {
    if (this.finished || text === '') return;
    if (this.maxQueued !== Infinity && (this.controller.desiredSize ?? 0) <= 0) return;
    this.controller.enqueue(toTerminal(text));
  }

  finish(code: number): void {
    if (this.finished) return;
    this.finished = true;
    try {
      this.controller.close();
    } catch {
      // the reader cancelled the stream; nothing left to close
    }
    this.resolveExit(code);
  }

  write(data: string): void {
    if (!this.finished) this.hooks.onInput(data);
  }

  kill(): void {
    if (!this.finished) this.hooks.onKill();
  }

  resize(size: TerminalSize): void {
    this.hooks.onResize?.(size);
  }
}
