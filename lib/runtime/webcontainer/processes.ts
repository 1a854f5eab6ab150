/** Wraps WebContainer processes in the port's RuntimeProcess and keeps the list of live ones. */
import { Listeners } from '../listeners';
import type { ProcessExit, RuntimeProcess, TerminalSize } from '../port';
import type { WebContainerProcess } from './api-types';
import type { PortTracker } from './ports';

/** Exit code reported for a killed process whose own exit never arrives (128 + SIGTERM). */
const KILLED_EXIT_CODE = 143;
/** After Ctrl+C, how long the process gets to end by itself before kill(). */
const INTERRUPT_GRACE_MS = 300;
/**
 * How long a stop may take in all (Ctrl+C, kill, the process's ports closing) before it is reported as
 * unconfirmed; below the agent's own wait for a killed process, so the note reaches it.
 */
const STOP_DEADLINE_MS = 2_000;

interface WrapOptions {
  ports: PortTracker;
  /** Runs (bounded by the caller) after the process ended and before its exit is reported. */
  beforeExit?: () => Promise<void>;
  /** Sees every chunk of output as it arrives, read or not. */
  onOutput?: (chunk: string) => void;
}

/** The wrapped process plus the table's handle to end it when the container is gone. */
interface WrappedProcess extends RuntimeProcess {
  abandon(code: number): void;
}

function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  if (ms <= 0) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    void promise.then((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

function wrapProcess(raw: WebContainerProcess, id: number, command: string, options: WrapOptions): WrappedProcess {
  const { ports } = options;
  const startMark = ports.now();
  let finished = false;
  let stopping = false;
  let rawOutputDone = false;
  let resolveExit: (code: number) => void = () => undefined;
  const exit = new Promise<number>((resolve) => (resolveExit = resolve));
  // The real exit promise rejects when the process is gone with its container, and never settles after teardown.
  const rawExit = raw.exit.catch(() => 1);

  // Our own stream over the raw output, so a stop that could not be confirmed can say so where output is read.
  let controller: ReadableStreamDefaultController<string> | null = null;
  const closeOutput = () => {
    try {
      controller?.close();
    } catch {
      // Already closed or errored: nothing left to end.
    }
    controller = null;
  };
  const output = new ReadableStream<string>({
    start(c) {
      controller = c;
      const reader = raw.output.getReader();
      void (async () => {
        try {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            options.onOutput?.(value);
            controller?.enqueue(value);
          }
        } catch {
          // The raw stream errored (container gone): what arrived is the output.
        }
        rawOutputDone = true;
        if (finished) closeOutput();
      })();
    },
    cancel() {
      controller = null;
    },
  });

  const finish = (code: number) => {
    if (finished) return;
    finished = true;
    resolveExit(code);
    if (rawOutputDone) closeOutput();
  };
  const note = (text: string) => controller?.enqueue(`\r\n\x1b[2m[${text}]\x1b[0m\r\n`);

  void rawExit.then(async (code) => {
    if (stopping) return;
    if (options.beforeExit) await options.beforeExit().catch(() => undefined);
    finish(code);
  });

  let writer: WritableStreamDefaultWriter<string> | null = null;
  const write = (data: string) => {
    writer ??= raw.input.getWriter();
    // A write to a process that just ended rejects; there is no one left to tell.
    writer.write(data).catch(() => undefined);
  };

  async function stop(): Promise<void> {
    const deadline = performance.now() + STOP_DEADLINE_MS;
    const left = () => deadline - performance.now();
    const ownPorts = ports.openedSince(startMark);
    // Ctrl+C first: the pty interrupts the whole foreground job, children included, which kill() on the shell
    // process alone is not documented to reach.
    write('\x03');
    let code = await within(rawExit, INTERRUPT_GRACE_MS);
    if (code === null) {
      raw.kill();
      code = await within(rawExit, left());
    }
    const stillOpen = await ports.waitClosed(ownPorts, left());
    if (stillOpen.length > 0) {
      note(`stop not confirmed: port ${stillOpen.join(', ')} is still open, so something it started may still be running`);
    } else if (code === null) {
      note('stop not confirmed: the process did not report that it ended');
    }
    finish(code ?? KILLED_EXIT_CODE);
    // Reported as ended: whatever a surviving process prints later belongs to no one.
    closeOutput();
  }

  return {
    id,
    command,
    output,
    exit,
    write,
    kill() {
      if (finished || stopping) return;
      stopping = true;
      void stop();
    },
    resize(size: TerminalSize) {
      raw.resize(size);
    },
    abandon(code) {
      finish(code);
      closeOutput();
    },
  };
}

interface ProcessTableOptions {
  ports: PortTracker;
  /** Awaited (bounded) before a command's exit is reported: the tree re-sync after commands. */
  afterCommand?: () => Promise<void>;
}

/** Live processes of one runtime instance, in start order; a process leaves the table when it exits. */
export class ProcessTable {
  private nextId = 1;
  private readonly live = new Map<number, WrappedProcess>();
  private readonly exitListeners = new Listeners<[ProcessExit]>();

  constructor(private readonly options: ProcessTableOptions) {}

  /** `interactive` processes (the jsh shell) are not reported when they end: only commands are. */
  add(raw: WebContainerProcess, command: string, interactive = false, onOutput?: (chunk: string) => void): RuntimeProcess {
    const process = wrapProcess(raw, this.nextId++, command, {
      ports: this.options.ports,
      beforeExit: interactive ? undefined : this.options.afterCommand,
      onOutput,
    });
    this.live.set(process.id, process);
    void process.exit.then((exitCode) => {
      this.live.delete(process.id);
      if (!interactive) this.report(process.id, command, exitCode);
    });
    return process;
  }

  /** A command line that ended inside a shell (known from the shell's own exit report). */
  reportShellCommand(command: string, exitCode: number): void {
    this.report(this.nextId++, command, exitCode);
  }

  onExit(listener: (exit: ProcessExit) => void): () => void {
    return this.exitListeners.add(listener);
  }

  list(): readonly RuntimeProcess[] {
    return [...this.live.values()];
  }

  async killAll(): Promise<void> {
    const running = this.list();
    for (const process of running) process.kill();
    await Promise.all(running.map((process) => process.exit));
  }

  /** The container is gone: its processes' own exits will never arrive, so each ends here. */
  abandonAll(): void {
    for (const process of this.live.values()) process.abandon(KILLED_EXIT_CODE);
  }

  private report(id: number, command: string, exitCode: number): void {
    this.exitListeners.emit({ id, command, exitCode });
  }
}
