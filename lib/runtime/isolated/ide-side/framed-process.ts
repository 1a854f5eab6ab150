/**
 * A process that runs in the runtime frame, seen from the IDE: output arrives as events, input and kill go back
 * as requests. It ends when the frame says so, or when the frame is replaced (then with a notice in its output).
 */
import type { RuntimeProcess, TerminalSize } from '../../port';

interface ProcessLink {
  write(pid: number, data: string): void;
  kill(pid: number): void;
  resize(pid: number, size: TerminalSize): void;
}

export class FramedProcess implements RuntimeProcess {
  readonly output: ReadableStream<string>;
  readonly exit: Promise<number>;
  private controller!: ReadableStreamDefaultController<string>;
  private resolveExit!: (code: number) => void;
  private ended = false;

  constructor(
    readonly id: number,
    readonly command: string,
    private readonly link: ProcessLink,
    /** Command lines run by a shell: their output is shown by the shell, so nothing is queued here. */
    readonly inShell = false,
  ) {
    this.output = new ReadableStream<string>({ start: (controller) => void (this.controller = controller) });
    this.exit = new Promise<number>((resolve) => (this.resolveExit = resolve));
  }

  get running(): boolean {
    return !this.ended;
  }

  write(data: string): void {
    if (!this.ended) this.link.write(this.id, data);
  }

  kill(): void {
    if (!this.ended) this.link.kill(this.id);
  }

  resize(size: TerminalSize): void {
    if (!this.ended) this.link.resize(this.id, size);
  }

  /** Output from the frame. */
  receive(data: string): void {
    if (this.ended || this.inShell) return;
    this.controller.enqueue(data);
  }

  /** The process ended; `notice` is printed last (e.g. why the runtime was restarted under it). */
  finish(code: number, notice?: string): void {
    if (this.ended) return;
    this.ended = true;
    if (notice && !this.inShell) this.controller.enqueue(notice);
    this.controller.close();
    this.resolveExit(code);
  }
}
