/**
 * child_process for a node process in a worker: the runtime frame starts the child (its shell, node, npm and
 * package bins all live there) and streams its output back; execSync and friends block on the synchronous
 * channel until the frame answers with the child's whole output.
 */
import type { SyncChildRunner } from '../node/child-process-sync';
import type { CommandIO } from '../process';
import type { FrameToWorker, SyncBody, WorkerMessage } from './protocol';
import { decodeAnswer } from './wire';

type Command = { argv: string[] } | { line: string };

interface WorkerChildren {
  run(command: Command, io: CommandIO): Promise<number>;
  runSync: SyncChildRunner;
  /** A message from the frame about one of the children. */
  receive(message: FrameToWorker): void;
}

export function workerChildren(
  post: (message: WorkerMessage, transfer?: Transferable[]) => void,
  call: (body: SyncBody) => Uint8Array,
  ended: () => void,
): WorkerChildren {
  let nextId = 1;
  const running = new Map<number, { io: CommandIO; done(code: number): void }>();
  return {
    run: (command, io) =>
      new Promise<number>((resolve) => {
        const cid = nextId++;
        const stopInput = io.stdin.subscribeChunks(
          (data) => post({ type: 'child-input', cid, data }),
          () => post({ type: 'child-input-end', cid }),
        );
        const onAbort = () => post({ type: 'child-kill', cid, signal: String(io.signal.reason ?? 'SIGTERM') });
        io.signal.addEventListener('abort', onAbort, { once: true });
        running.set(cid, {
          io,
          done: (code) => {
            running.delete(cid);
            stopInput();
            io.signal.removeEventListener('abort', onAbort);
            ended();
            resolve(code);
          },
        });
        // A forked child's channel end moves to the frame, which hands it to the child's worker.
        post({ type: 'spawn', cid, command, cwd: io.cwd, env: io.env, ipc: io.ipc, takesBytes: io.writeBytes !== undefined }, io.ipc ? [io.ipc.port] : []);
      }),
    runSync: (command, options) => {
      try {
        return decodeAnswer(call({ op: 'spawn-sync', command, ...options })) as ReturnType<SyncChildRunner>;
      } finally {
        ended();
      }
    },
    receive: (message) => {
      if (message.type === 'child-output') {
        const child = running.get(message.cid);
        if (!child) return;
        const { data } = message;
        // Bytes come only for a child whose stdout was said to take them (`takesBytes`).
        if (typeof data !== 'string') child.io.writeBytes?.(data);
        else if (message.stream === 'stdout') child.io.write(data);
        else (child.io.writeError ?? child.io.write).call(child.io, data);
      } else if (message.type === 'child-exit') running.get(message.cid)?.done(message.code);
    },
  };
}
