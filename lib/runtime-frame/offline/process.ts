/**
 * The adapter's RuntimeProcess: a pty-like text stream (xterm wants \r\n), an exit promise, and hooks for
 * input and kill that the command runner or the line shell fills in.
 */
import type { RuntimeProcess, TerminalSize } from '../../runtime/port';
import type { IpcLink } from './node/ipc-channel';
import type { TerminalLink } from './terminal';
import type { InputChannel } from './input-channel';

export { InputChannel, type Chunk } from './input-channel';

/** xterm moves to column 0 only on \r, so every bare \n becomes \r\n. */
export function toTerminal(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}

export interface CommandIO {
  cwd: string;
  env: Record<string, string>;
  signal: AbortSignal;
  stdin: InputChannel;
  /** Text with \n line endings; the process converts it for the terminal. */
  write(text: string): void;
  /**
   * Bytes of standard output as a node program wrote them, where the reader takes bytes (a pipe to a node
   * parent); without it, writers decode their bytes as UTF-8 and call `write`.
   */
  writeBytes?(bytes: Uint8Array): void;
  /** Error output (stderr), kept apart from `write` so the shell can redirect it; when absent, `write`. */
  writeError?(text: string): void;
  /** False when standard output goes to a pipe or a file rather than the terminal (colour is then left out). */
  stdoutIsTerminal?: boolean;
  /** False when error output goes to a pipe or a file. */
  stderrIsTerminal?: boolean;
  /** The terminal the command runs in, if any (a pipeline's commands share it; their stdin may be a pipe). */
  terminal?: TerminalLink;
  /** A node child's end of its IPC channel with the process that forked it (process.send, 'message'). */
  ipc?: IpcLink;
  /** The runtime process (spawned, or a shell's command line) this command belongs to: servers it opens are its. */
  pid?: number;
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
