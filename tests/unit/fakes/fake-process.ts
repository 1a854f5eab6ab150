/**
 * Fake WebContainer processes: a pty-like output stream, an input stream, an exit promise. What runs inside
 * is in fake-programs.ts (node, npm, npx, a few shell builtins) and fake-jsh.ts (the shell).
 */
import type { SpawnOptions, WebContainerProcess } from '@webcontainer/api';

export interface FakeProcessOptions {
  /** The real exit code after kill() is unknown; false models a process that never reports one. */
  exitOnKill: boolean;
}

export class FakeProcess implements WebContainerProcess {
  readonly output: ReadableStream<string>;
  readonly input: WritableStream<string>;
  readonly exit: Promise<number>;
  readonly resizes: { cols: number; rows: number }[] = [];
  /** Every chunk written to the input, whether or not the program read it. */
  readonly received: string[] = [];
  killed = false;
  ended = false;
  /** Torn down with its container: silent, and its exit never settles (see FakeWebContainer.teardown). */
  gone = false;
  private controller!: ReadableStreamDefaultController<string>;
  private resolveExit!: (code: number) => void;
  /** Until a program reads input, keystrokes wait in the tty's buffer (programs that drop them say so). */
  private onInput: ((data: string) => void) | null = null;
  private buffered: string[] = [];
  private readonly killListeners = new Set<() => void>();

  constructor(
    readonly command: string,
    readonly args: string[],
    readonly options: SpawnOptions | undefined,
    private readonly behaviour: FakeProcessOptions,
  ) {
    this.output = new ReadableStream<string>({ start: (controller) => void (this.controller = controller) });
    this.input = new WritableStream<string>({
      write: (chunk) => {
        this.received.push(chunk);
        if (this.gone || this.ended) return;
        if (this.onInput) this.onInput(chunk);
        else this.buffered.push(chunk);
      },
    });
    this.exit = new Promise<number>((resolve) => (this.resolveExit = resolve));
  }

  /** Hands input to `handler`, first whatever the tty buffered; `null` stops reading (input buffers again). */
  listen(handler: ((data: string) => void) | null) {
    this.onInput = handler;
    if (!handler) return;
    for (const chunk of this.buffered.splice(0)) handler(chunk);
  }

  /** Throws away what the tty buffered (a program that reads only from a later point on). */
  dropBufferedInput() {
    this.buffered = [];
  }

  print(text: string) {
    if (!this.ended && !this.gone) this.controller.enqueue(text);
  }

  end(code: number) {
    if (this.ended || this.gone) return;
    this.ended = true;
    this.controller.close();
    this.resolveExit(code);
  }

  onKill(listener: () => void) {
    this.killListeners.add(listener);
  }

  kill() {
    this.killed = true;
    for (const listener of this.killListeners) listener();
    if (this.behaviour.exitOnKill) this.end(130);
  }

  /** The container was torn down: nothing more comes out, and the exit promise is left pending. */
  vanish() {
    this.gone = true;
  }

  resize(dimensions: { cols: number; rows: number }) {
    this.resizes.push(dimensions);
  }
}
