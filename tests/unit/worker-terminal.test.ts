import { describe, expect, it, vi } from 'vitest';
import { InputChannel, type CommandIO } from '@/lib/runtime-frame/offline/process';
import { TerminalScreen } from '@/lib/runtime-frame/offline/terminal';
import {
  frameTerminal,
  workerTerminal,
  type TerminalFromWorker,
  type TerminalInit,
  type TerminalToWorker,
} from '@/lib/runtime-frame/offline/workers/worker-terminal';

/** The frame's terminal and a worker's stand-in, wired to each other as the worker's messages would be. */
function pair(options: { piped?: boolean } = {}) {
  const screen = new TerminalScreen({ cols: 100, rows: 30 });
  const input = new InputChannel();
  const link = screen.link(input);
  const io: CommandIO = {
    cwd: '/',
    env: {},
    signal: new AbortController().signal,
    stdin: options.piped ? new InputChannel() : input,
    terminal: link,
    write: () => undefined,
  };
  const toWorker: TerminalToWorker[] = [];
  const frame = frameTerminal(io, (message) => toWorker.push(message));
  const listeners = { count: 0 };
  const unhandled = vi.fn();
  const workerStdin = new InputChannel();
  const worker = workerTerminal(
    frame.init as TerminalInit,
    workerStdin,
    new InputChannel(),
    (message: TerminalFromWorker) => frame.receive(message),
    () => ({ listenerCount: () => listeners.count }),
    unhandled,
  );
  return { screen, link, frame, worker, workerStdin, toWorker, listeners, unhandled };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the terminal of a node process in a worker', () => {
  it('starts with the terminal size and hears resizes', () => {
    const { screen, frame, worker, toWorker } = pair();
    expect(frame.init).toEqual({ size: { cols: 100, rows: 30 }, stdinIsTerminal: true, stderrIsTerminal: true });
    const sizes: unknown[] = [];
    worker.link.onResize((size) => sizes.push(size));
    screen.resize({ cols: 120, rows: 40 });
    for (const message of toWorker.splice(0)) worker.receive(message);
    expect(sizes).toEqual([{ cols: 120, rows: 40 }]);
    expect(worker.link.size()).toEqual({ cols: 120, rows: 40 });
  });

  it('a stdin that is a pipe is not the terminal', () => {
    const { frame, worker, workerStdin } = pair({ piped: true });
    expect(frame.init?.stdinIsTerminal).toBe(false);
    expect(worker.link.input).not.toBe(workerStdin);
  });

  it('raw mode set in the worker reaches the terminal and is undone when the process ends', () => {
    const { link, frame, worker } = pair();
    worker.link.setRaw(true);
    expect(link.raw).toBe(true);
    frame.dispose();
    expect(link.raw).toBe(false);
  });

  it('a SIGINT listener added before output is known to the frame by the time that output is, without a poll', () => {
    const { link, worker, toWorker, listeners } = pair();
    const handler = vi.fn(() => listeners.count > 0);
    worker.link.onInterrupt(handler);
    // The program adds its listener, then prints; the output crosses at once, before the next poll.
    listeners.count = 1;
    worker.beforeOutput();
    expect(link.interrupt()).toBe(true);
    for (const message of toWorker.splice(0)) worker.receive(message);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('Ctrl+C stops the line until the process listens for SIGINT, then reaches its handler', async () => {
    const { link, worker, toWorker, listeners, unhandled } = pair();
    const handler = vi.fn(() => listeners.count > 0);
    worker.link.onInterrupt(handler);
    expect(link.interrupt()).toBe(false);
    listeners.count = 1;
    await sleep(80);
    expect(link.interrupt()).toBe(true);
    for (const message of toWorker.splice(0)) worker.receive(message);
    expect(handler).toHaveBeenCalledTimes(1);
    // A listener removed before the signal arrived: the process ends, as in Node.
    listeners.count = 0;
    worker.receive({ type: 'interrupt' });
    expect(unhandled).toHaveBeenCalledTimes(1);
  });
});
