/**
 * A process's standard streams as Node has them in a terminal or in a pipe. In a terminal, `isTTY` is true,
 * `columns`/`rows` follow the terminal (with 'resize' and SIGWINCH), stdin has `setRawMode`, and a stdin being
 * read keeps the process alive as it does in Node (a prompt waits for its answer). Piped or redirected, a
 * stream is not a TTY: `isTTY` is undefined and there is no `setRawMode`, so programs fall back as in Node.
 */
import type { CommandIO } from '../process';
import type { TerminalSize } from '../../../runtime/port';
import { clearLine, clearScreenDown, cursorTo, moveCursor } from './readline-cursor';
import type { NodeProcess } from './process';

type Stream = Record<string | symbol, unknown> & {
  emit(event: string, ...args: unknown[]): boolean;
  listenerCount(event: string): number;
};

interface TtyBinding {
  /** Stdin (a terminal or a pipe) is being read (flowing, not paused or unref'd): Node's event loop would wait for it. */
  holding(): boolean;
  stop(): void;
}

function makeOutputTty(stream: Stream, isTTY: boolean, size: TerminalSize): void {
  if (!isTTY) {
    Object.assign(stream, { isTTY: undefined, columns: undefined, rows: undefined });
    return;
  }
  Object.assign(stream, {
    isTTY: true,
    columns: size.cols,
    rows: size.rows,
    getWindowSize: () => [stream.columns, stream.rows],
    cursorTo: (x: number, y?: number, callback?: () => void) => cursorTo(stream, x, y, callback),
    moveCursor: (dx: number, dy: number, callback?: () => void) => moveCursor(stream, dx, dy, callback),
    clearLine: (dir: number, callback?: () => void) => clearLine(stream, dir, callback),
    clearScreenDown: (callback?: () => void) => clearScreenDown(stream, callback),
  });
}

/** What a child started with stdio 'inherit' shares of its parent's terminal. */
export type InheritedTerminal = Pick<CommandIO, 'stdin' | 'terminal' | 'stdoutIsTerminal' | 'stderrIsTerminal'>;

const INHERITED = Symbol('inherited-terminal');

export function inheritedTerminal(proc: NodeProcess): InheritedTerminal | undefined {
  return (proc as unknown as { [INHERITED]?: InheritedTerminal })[INHERITED];
}

/**
 * `schedule` runs a listener as the process's own work, a task later: timers it sets belong to the process (a
 * SIGINT listener that exits after a delay keeps it alive until then), and its process.exit() is the process's.
 */
export function attachTerminal(proc: NodeProcess, io: CommandIO, schedule: (work: () => void) => void = queueMicrotask): TtyBinding {
  const terminal = io.terminal;
  if (terminal) {
    const { stdin, stdoutIsTerminal, stderrIsTerminal } = io;
    Object.defineProperty(proc, INHERITED, { value: { stdin, terminal, stdoutIsTerminal, stderrIsTerminal } });
  }
  const stdin = proc.stdin as unknown as Stream;
  const stdout = proc.stdout as unknown as Stream;
  const stderr = proc.stderr as unknown as Stream;
  const size = terminal?.size() ?? { cols: 80, rows: 24 };
  const outputs = [
    [stdout, Boolean(terminal) && io.stdoutIsTerminal !== false],
    [stderr, Boolean(terminal) && io.stderrIsTerminal !== false],
  ] as const;
  for (const [stream, isTTY] of outputs) makeOutputTty(stream, isTTY, size);
  const stdinIsTTY = terminal !== undefined && io.stdin === terminal.input;

  // Node's readableFlowing: null until someone reads, true while flowing, false once paused. Data that arrives
  // while paused waits for resume(), so keys typed between two prompts reach the second one.
  let flowing: boolean | null = null;
  let referenced = true;
  let ended = false;
  const held: unknown[][] = [];
  const emit = stdin.emit.bind(stdin);
  const flush = () => {
    while (flowing === true && held.length) emit(...(held.shift() as [string, ...unknown[]]));
  };
  Object.assign(stdin, {
    emit(event: string, ...args: unknown[]) {
      if ((event === 'data' || event === 'end') && (flowing === false || held.length)) {
        held.push([event, ...args]);
        return true;
      }
      if (event === 'end') ended = true;
      return emit(event, ...args);
    },
    pause() {
      flowing = false;
      return stdin;
    },
    resume() {
      flowing = true;
      queueMicrotask(flush);
      return stdin;
    },
    isPaused: () => flowing === false,
    ref() {
      referenced = true;
      return stdin;
    },
    unref() {
      referenced = false;
      return stdin;
    },
  });
  Object.defineProperty(stdin, 'readableFlowing', { configurable: true, get: () => flowing });
  // pipe()/unpipe() of a Readable, which the process stream shim lacks (prompt libraries unpipe on close).
  const pipes = new Map<unknown, { data: (chunk: unknown) => void; end: () => void }>();
  const off = stdin.removeListener as (event: string, listener: unknown) => unknown;
  Object.assign(stdin, {
    pipe(destination: { write(chunk: unknown): unknown; end(): unknown }, options?: { end?: boolean }) {
      const links = { data: (chunk: unknown) => void destination.write(chunk), end: () => void (options?.end !== false && destination.end()) };
      pipes.set(destination, links);
      (stdin.on as (event: string, listener: unknown) => unknown)('data', links.data);
      (stdin.on as (event: string, listener: unknown) => unknown)('end', links.end);
      return destination;
    },
    unpipe(destination?: unknown) {
      for (const [target, links] of [...pipes]) {
        if (destination !== undefined && target !== destination) continue;
        off.call(stdin, 'data', links.data);
        off.call(stdin, 'end', links.end);
        pipes.delete(target);
      }
      return stdin;
    },
  });
  for (const method of ['on', 'addListener', 'once', 'prependListener'] as const) {
    const add = stdin[method] as (event: string, listener: unknown) => unknown;
    stdin[method] = (event: string, listener: unknown) => {
      const result = add.call(stdin, event, listener);
      // Attaching 'data' starts the flow unless the stream was paused on purpose, as in Node.
      if (event === 'data' && flowing === null) flowing = true;
      return result;
    };
  }

  // Raw mode this process left on is undone when it ends (a child's own, not its parent's).
  let leftRaw = false;
  if (stdinIsTTY) {
    Object.assign(stdin, {
      isTTY: true,
      isRaw: false,
      setRawMode(raw: boolean) {
        terminal.setRaw(Boolean(raw));
        stdin.isRaw = Boolean(raw);
        leftRaw = Boolean(raw);
        return stdin;
      },
    });
  } else {
    Object.assign(stdin, { isTTY: undefined, isRaw: undefined, setRawMode: undefined });
  }

  // The listeners run in a task of the process's own, so what they throw (process.exit included) is the process's.
  const stopResize = terminal?.onResize((next) =>
    schedule(() => {
      for (const [stream, isTTY] of outputs) {
        if (!isTTY) continue;
        Object.assign(stream, { columns: next.cols, rows: next.rows });
        stream.emit('resize');
      }
      proc.emit('SIGWINCH');
    }),
  );

  // Ctrl+C: a process listening for SIGINT is told and lives on; one that is not ends, as in Node.
  const stopInterrupt = terminal?.onInterrupt(() => {
    if (proc.listenerCount('SIGINT') === 0) return false;
    schedule(() => proc.emit('SIGINT', 'SIGINT'));
    return true;
  });

  return {
    // Read from a terminal, or from a pipe until its writer ends it (`slow-producer | node reader.js`).
    holding: () => referenced && !ended && flowing !== false && (flowing === true || stdin.listenerCount('data') > 0 || stdin.listenerCount('readable') > 0),
    stop: () => {
      stopResize?.();
      stopInterrupt?.();
      if (leftRaw) terminal?.setRaw(false);
    },
  };
}

/** `tty` for one process: `isatty(fd)` answers for this process's standard streams. */
export function ttyModule(almostTty: Record<string, unknown>, proc: NodeProcess): Record<string, unknown> {
  const streams = [proc.stdin, proc.stdout, proc.stderr] as unknown as { isTTY?: boolean }[];
  return {
    ...almostTty,
    isatty: (fd: number) => Number.isInteger(fd) && streams[fd]?.isTTY === true,
  };
}
