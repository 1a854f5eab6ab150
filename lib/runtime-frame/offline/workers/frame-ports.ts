/**
 * The frame's side of a worker's servers: a port the worker listens on is bound in the frame's one port table
 * (node/ports.ts), so the preview, curl and other processes reach it; each request crosses to the worker as a
 * message and its response comes back in pieces (head, chunks, end), streamed to whoever asked.
 */
import { connectionRefused, type Exchange, type Listener, type PortTable, type ResponseHead, type ResponseSink } from '../node/ports';
import type { FrameToWorker } from './protocol';
import type { FrameTunnels } from './frame-tunnels';
import type { ServerOwner, ServerTracker } from '../servers';

export interface WorkerPorts {
  /** Binds `port` for the worker; throws EADDRINUSE when another process holds it. */
  bind(port: number): void;
  /** Whether some process listens on `port`. */
  listening(port: number): boolean;
  /** A client in the worker asks the server on `port` (another process's); the response streams back. */
  serveClient(qid: number, port: number, exchange: Exchange): void;
  /** The worker closed its last server on `port`. */
  closed(port: number): void;
  head(rid: number, head: ResponseHead): void;
  chunk(rid: number, bytes: Uint8Array): void;
  end(rid: number): void;
  abort(rid: number, message: string): void;
  /** The process ended: its ports close and requests in flight fail. */
  dispose(): void;
}

interface WorkerPortsParts {
  ports: PortTable;
  servers: ServerTracker;
  owner: ServerOwner;
  send(message: FrameToWorker): void;
  /** Bytes from a message as the Buffers this thread's programs expect (messages do not keep classes). */
  toBuffer(bytes: Uint8Array): Uint8Array;
  /** Byte connections to the worker's servers. */
  tunnels: FrameTunnels;
}

export function workerPorts(parts: WorkerPortsParts): WorkerPorts {
  const listeners = new Map<number, Listener>();
  const pending = new Map<number, ResponseSink>();
  let nextRid = 1;
  const unbind = (port: number) => {
    const listener = listeners.get(port);
    if (!listener) return;
    listeners.delete(port);
    parts.ports.unbind(port, listener);
  };
  const take = (rid: number) => {
    const sink = pending.get(rid);
    pending.delete(rid);
    return sink;
  };
  return {
    bind: (port) => {
      const listener: Listener = {
        serve: (exchange, sink) => {
          const rid = nextRid++;
          pending.set(rid, sink);
          parts.send({ type: 'request', rid, port, exchange });
        },
        close: () => {
          parts.send({ type: 'close-port', port });
          unbind(port);
        },
        tunnel: () => parts.tunnels.open(port),
      };
      // Servers belong to the process that opened them: "stop all" and the process's end close them.
      const leave = parts.servers.enter(parts.owner);
      try {
        parts.ports.bind(port, '0.0.0.0', listener);
      } finally {
        leave();
      }
      listeners.set(port, listener);
    },
    listening: (port) => parts.ports.listening(port),
    serveClient: (qid, port, exchange) => {
      const listener = parts.ports.get(port);
      if (!listener) return parts.send({ type: 'client-abort', qid, message: connectionRefused(port).message, code: 'ECONNREFUSED' });
      listener.serve(
        { ...exchange, body: exchange.body && parts.toBuffer(exchange.body) },
        {
          head: (head) => parts.send({ type: 'client-head', qid, head }),
          chunk: (bytes) => parts.send({ type: 'client-chunk', qid, bytes }),
          end: () => parts.send({ type: 'client-end', qid }),
          abort: (error) => parts.send({ type: 'client-abort', qid, message: error.message, code: (error as { code?: string }).code }),
        },
      );
    },
    closed: unbind,
    head: (rid, head) => pending.get(rid)?.head(head),
    chunk: (rid, bytes) => pending.get(rid)?.chunk(parts.toBuffer(bytes)),
    end: (rid) => take(rid)?.end(),
    abort: (rid, message) => take(rid)?.abort(Object.assign(new Error(message), { code: 'ECONNRESET' })),
    dispose: () => {
      parts.tunnels.dispose();
      for (const port of [...listeners.keys()]) unbind(port);
      for (const rid of [...pending.keys()]) take(rid)?.abort(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    },
  };
}
