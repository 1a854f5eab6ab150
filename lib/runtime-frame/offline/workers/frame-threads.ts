/**
 * The frame's side of a process's worker_threads: each thread is one more node process in a Web Worker of its
 * own, started here because the frame holds the file system every thread reaches. The thread's `parentPort` is
 * a MessagePort whose other end the process keeps, so messages between them never pass through the frame; its
 * output goes to the process's output, as a Node thread's does by default.
 */
import type { NodeInvocation } from '../command-line';
import { InputChannel, type CommandIO } from '../process';
import type { FrameToWorker, ThreadInit, WorkerMessage } from './protocol';

/** The reason a thread's signal carries when `worker.terminate()` stops it: no grace period, as in Node. */
export const TERMINATE = 'terminate';

type ThreadRunner = (invocation: NodeInvocation, io: CommandIO, thread: ThreadInit) => Promise<number>;

interface FrameThreads {
  start(message: Extract<WorkerMessage, { type: 'thread-start' }>): void;
  stop(tid: number): void;
  dispose(): void;
}

export function frameThreads(io: CommandIO, send: (message: FrameToWorker) => void, run: ThreadRunner): FrameThreads {
  const running = new Map<number, AbortController>();
  let disposed = false;
  return {
    start(message) {
      const controller = new AbortController();
      running.set(message.tid, controller);
      const stdin = new InputChannel();
      stdin.end();
      const threadIo: CommandIO = {
        cwd: message.cwd,
        env: message.env,
        signal: controller.signal,
        stdin,
        write: (data) => io.write(data),
        writeError: (data) => (io.writeError ?? io.write).call(io, data),
        stdoutIsTerminal: false,
      };
      const thread: ThreadInit = { port: message.port, threadId: message.tid, workerData: message.workerData, family: message.family };
      void run(message.invocation, threadIo, thread)
        .catch(() => 1)
        .then((code) => {
          running.delete(message.tid);
          if (!disposed) send({ type: 'thread-exit', tid: message.tid, code });
        });
    },
    stop(tid) {
      running.get(tid)?.abort(TERMINATE);
    },
    dispose() {
      disposed = true;
      for (const controller of running.values()) controller.abort(TERMINATE);
      running.clear();
    },
  };
}
