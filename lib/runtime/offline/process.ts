/**
 * The adapter's RuntimeProcess: a pty-like text stream (xterm wants \r\n), an exit promise, and hooks for
 * input and kill that the command runner or the line shell fills in.
 */
import type { RuntimeProcess, TerminalSize } from '../port';
import type { IpcLink } from './node/ipc-channel';
import type { TerminalLink } from './terminal';

/** xterm moves to column 0 only on \r, so every bare \n becomes \r\n. */
export function toTerminal(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}

/**
 * Stdin of a running command: keystrokes in the interactive shell, or the output of the command before it in
 * a pipeline. Like a pty or a pipe, input that no reader has taken yet is kept: a reader that subscribes gets
 * it a task later (after a program's synchronous start-up has attached its handlers, as Node delivers stream
 * data), and what is left when the command ends goes back to the shell as typeahead. A pipe ends (`end()`)
 * when the command writing to it finishes; readers then get their end callback.
 *
 * A pipe between node processes carries bytes as they were written (a program speaking a binary protocol over
 * a child's stdin, as esbuild's service does): `subscribeChunks` hands them over as given, `subscribe` as text.
 */
export class InputChannel {
  private readonly listeners = new Set<Reader>();
  private pending: Chunk[] = [];
  private closed = false;

  push(data: Chunk): void {
    if (this.closed || data.length === 0) return;
    if (this.listeners.size === 0) {
      this.pending.push(data);
      return;
    }
    for (const reader of this.listeners) reader.data(data);
  }

  /** No more input will come (the writing end of a pipe finished). */
  end(): void {
    if (this.closed) return;
    this.closed = true;
    for (const reader of this.listeners) reader.end?.();
  }

  get ended(): boolean {
    return this.closed;
  }

  /** Input as text (bytes decoded as UTF-8, a character split between chunks kept whole). */
  subscribe(data: (data: string) => void, end?: () => void): () => void {
    const decoder = new TextDecoder();
    return this.subscribeChunks((chunk) => {
      const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      if (text !== '') data(text);
    }, end);
  }

  /** Input as it was pushed: text, or bytes. */
  subscribeChunks(data: (data: Chunk) => void, end?: () => void): () => void {
    const reader: Reader = { data, end };
    let live = false;
    const timer = setTimeout(() => {
      live = true;
      this.listeners.add(reader);
      for (const queued of this.pending.splice(0)) data(queued);
      if (this.closed) end?.();
    }, 0);
    return () => {
      if (live) this.listeners.delete(reader);
      else clearTimeout(timer);
    };
  }

  /** Input a reader took but did not use: it is read first by the next reader, or taken as typeahead. */
  giveBack(data: Chunk): void {
    if (data.length === 0) return;
    if (this.listeners.size === 0) this.pending.unshift(data);
    else for (const reader of this.listeners) reader.data(data);
  }

  /** Input nobody read, as text; empties the queue. */
  takePending(): string {
    return textOf(this.pending.splice(0));
  }
}

/** What a pipe carries: text, or bytes from a program that wrote bytes. */
export type Chunk = string | Uint8Array;

/** Chunks as one text, bytes decoded as UTF-8. */
export function textOf(chunks: readonly Chunk[]): string {
  const decoder = new TextDecoder();
  return chunks.map((chunk) => (typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }))).join('') + decoder.decode();
}

interface Reader {
  data(data: Chunk): void;
  end?(): void;
}

/** What a running command sees: where to print, where input arrives, and when it has been cancelled. */
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
