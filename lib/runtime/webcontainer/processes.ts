/** Wraps WebContainer processes in the port's RuntimeProcess and keeps the list of live ones. */
import type { ProcessExit, RuntimeProcess, TerminalSize } from '../port';
import type { WebContainerProcess } from './api-types';

/** Exit code reported for a killed process whose own exit never arrives (128 + SIGTERM). */
export const KILLED_EXIT_CODE = 143;
/** How long a killed process may take to report its own exit code before we report KILLED_EXIT_CODE. */
const KILL_GRACE_MS = 500;

export function wrapProcess(raw: WebContainerProcess, id: number, command: string): RuntimeProcess {
  let killed: ((code: number) => void) | null = null;
  const killedExit = new Promise<number>((resolve) => {
    killed = resolve;
  });
  // The port promises that `exit` always resolves, also for killed processes and torn-down containers.
  const exit = Promise.race([raw.exit.catch(() => 1), killedExit]);

  let writer: WritableStreamDefaultWriter<string> | null = null;

  return {
    id,
    command,
    output: raw.output,
    exit,
    write(data) {
      writer ??= raw.input.getWriter();
      // A write to a process that just ended rejects; there is no one left to tell.
      writer.write(data).catch(() => undefined);
    },
    kill() {
      raw.kill();
      setTimeout(() => killed?.(KILLED_EXIT_CODE), KILL_GRACE_MS);
    },
    resize(size: TerminalSize) {
      raw.resize(size);
    },
  };
}

/** Live processes of one runtime instance, in start order; a process leaves the table when it exits. */
export class ProcessTable {
  private nextId = 1;
  private readonly live = new Map<number, RuntimeProcess>();
  private readonly exitListeners = new Set<(exit: ProcessExit) => void>();

  /** `interactive` processes (the jsh shell) are not reported when they end: only commands are. */
  add(raw: WebContainerProcess, command: string, interactive = false): RuntimeProcess {
    const process = wrapProcess(raw, this.nextId++, command);
    this.live.set(process.id, process);
    void process.exit.then((exitCode) => {
      this.live.delete(process.id);
      if (!interactive) for (const listener of this.exitListeners) listener({ id: process.id, command, exitCode });
    });
    return process;
  }

  onExit(listener: (exit: ProcessExit) => void): () => void {
    this.exitListeners.add(listener);
    return () => this.exitListeners.delete(listener);
  }

  list(): readonly RuntimeProcess[] {
    return [...this.live.values()];
  }

  async killAll(): Promise<void> {
    const running = this.list();
    for (const process of running) process.kill();
    await Promise.all(running.map((process) => process.exit));
  }
}
