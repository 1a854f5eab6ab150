/**
 * A process worker's side of worker_threads: starting a thread asks the frame, which holds the file system, to
 * run one more node worker; the thread's MessagePort goes with the request so that the two talk directly. Thread
 * ids come from a counter the process and all its threads share, so they are unique within the process as
 * Node's are.
 */
import type { PortEnvelope } from '../node/message-ports';
import type { ThreadSupport } from '../node/worker-threads';
import type { FrameToWorker, ThreadFamily, ThreadInit, WorkerMessage } from './protocol';

type Post = (message: WorkerMessage, transfer?: Transferable[]) => void;

interface ThreadLink {
  support: ThreadSupport;
  /** Takes the frame's messages about threads; false for any other message. */
  receive(message: FrameToWorker): boolean;
  /** Tells the parent that the thread's program starts. */
  online(): void;
  /**
   * Where the thread's stdout ('out') or stderr ('err') goes: to its Worker object in the parent, which passes it
   * on to the parent's own output unless the program asked to read it; undefined when this process is no thread.
   */
  output(stream: 'out' | 'err'): ((text: string) => void) | undefined;
}

export function threadLink(post: Post, self: ThreadInit | undefined): ThreadLink {
  const family: ThreadFamily = self?.family ?? { ids: new SharedArrayBuffer(4), name: crypto.randomUUID() };
  const ids = new Int32Array(family.ids);
  const exits = new Map<number, (code: number) => void>();
  const report = (envelope: PortEnvelope) => self?.port.postMessage(envelope);
  const support: ThreadSupport = {
    self: self && { port: self.port, threadId: self.threadId, workerData: self.workerData },
    family: family.name,
    start(request, port, exited) {
      const tid = Atomics.add(ids, 0, 1) + 1;
      exits.set(tid, exited);
      post({ type: 'thread-start', tid, port, family, ...request }, [port]);
      return { threadId: tid, stop: () => post({ type: 'thread-stop', tid }) };
    },
    reportError(error) {
      if (!self) return false;
      try {
        report({ k: 'error', v: error });
      } catch {
        // A thrown value the browser cannot clone (a function, a symbol) reaches the parent as its text.
        report({ k: 'error', v: new Error(String(error)) });
      }
      return true;
    },
  };
  return {
    support,
    receive(message) {
      if (message.type !== 'thread-exit') return false;
      exits.get(message.tid)?.(message.code);
      exits.delete(message.tid);
      return true;
    },
    online: () => report({ k: 'online' }),
    output: (stream) => (self ? (text) => report({ k: stream, v: text }) : undefined),
  };
}
