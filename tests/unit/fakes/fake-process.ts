/**
 * Fake WebContainer processes: a pty-like output stream, an input stream, an exit promise.
 * `node <file>` runs a tiny scripted interpreter over the file's lines (console.log / console.error
 * with one string literal, process.exit(n), and setInterval to keep running until killed);
 * `jsh` echoes its input and ends on "exit".
 */
import type { SpawnOptions, WebContainerProcess } from '@webcontainer/api';
import type { MemoryFs } from './memory-fs';

export interface FakeProcessOptions {
  /** The real exit code after kill() is unknown; false models one that never reports it. */
  exitOnKill: boolean;
}

export class FakeProcess implements WebContainerProcess {
  readonly output: ReadableStream<string>;
  readonly input: WritableStream<string>;
  readonly exit: Promise<number>;
  readonly resizes: { cols: number; rows: number }[] = [];
  readonly received: string[] = [];
  killed = false;
  ended = false;
  private controller!: ReadableStreamDefaultController<string>;
  private resolveExit!: (code: number) => void;
  private onInput: (data: string) => void = () => undefined;

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
        this.onInput(chunk);
      },
    });
    this.exit = new Promise<number>((resolve) => (this.resolveExit = resolve));
  }

  /** Input typed before the program started is replayed, like a tty buffers keystrokes. */
  listen(handler: (data: string) => void) {
    this.onInput = handler;
    for (const chunk of this.received) handler(chunk);
  }

  print(text: string) {
    if (!this.ended) this.controller.enqueue(text);
  }

  end(code: number) {
    if (this.ended) return;
    this.ended = true;
    this.controller.close();
    this.resolveExit(code);
  }

  kill() {
    this.killed = true;
    if (this.behaviour.exitOnKill) this.end(130);
  }

  resize(dimensions: { cols: number; rows: number }) {
    this.resizes.push(dimensions);
  }
}

const LINE = {
  print: /^console\.(?:log|error)\((['"])(.*)\1\);?$/,
  exit: /^process\.exit\((\d+)\);?$/,
  keepAlive: /^setInterval\(/,
};

async function runNode(process: FakeProcess, fs: MemoryFs) {
  const [file] = process.args;
  const cwd = process.options?.cwd ?? '.';
  const path = file?.startsWith('/') ? file : `${cwd}/${file ?? ''}`;
  let source: string;
  try {
    source = new TextDecoder().decode(await fs.readFile(path));
  } catch {
    process.print(`Error: Cannot find module '${path}'\r\n`);
    return process.end(1);
  }
  let keepAlive = false;
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    const print = LINE.print.exec(line);
    const exit = LINE.exit.exec(line);
    if (print) process.print(`${print[2]}\r\n`);
    else if (exit) return process.end(Number(exit[1]));
    else if (LINE.keepAlive.test(line)) keepAlive = true;
  }
  if (!keepAlive) process.end(0);
}

function runJsh(process: FakeProcess) {
  process.print('~/project ❯ ');
  process.listen((data) => {
    process.print(data);
    if (data.trim() === 'exit') process.end(0);
  });
}

/** Starts the program on a later tick, as the real spawn() resolves before output flows. */
export function startFakeProgram(process: FakeProcess, fs: MemoryFs) {
  setTimeout(() => {
    if (process.command === 'node') void runNode(process, fs);
    else if (process.command === 'jsh') runJsh(process);
    else {
      process.print(`jsh: command not found: ${process.command}\r\n`);
      process.end(127);
    }
  }, 0);
}
