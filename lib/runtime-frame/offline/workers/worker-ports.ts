/**
 * Ports as a node process in a worker sees them: its own servers are in its own table, bound in the frame's
 * (which says EADDRINUSE when another process holds the port); requests from the frame reach them as messages;
 * its clients reach a server of another process through the frame, the response streaming back.
 */
import type { PortLinks } from '../node/host';
import type { Listener, PortEntry, PortTable, ResponseSink } from '../node/ports';
import type { ServerTracker } from '../servers';
import type { FrameToWorker, SyncBody, WorkerMessage } from './protocol';
import { decodeAnswer } from './wire';

interface WorkerPortLinks {
  links: PortLinks;
  /**
   * Messages from the frame about requests and responses; false when the message is not about ports. Bytes
   * arrive as plain Uint8Arrays (messages do not keep classes): `toBuffer` makes them the Buffers programs expect.
   */
  receive(message: FrameToWorker, table: PortTable, toBuffer: (bytes: Uint8Array) => Uint8Array): boolean;
}

export function workerPortLinks(post: (message: WorkerMessage) => void, call: (body: SyncBody) => Uint8Array, servers: ServerTracker): WorkerPortLinks {
  const clients = new Map<number, ResponseSink>();
  let nextQid = 1;
  const take = (qid: number) => {
    const sink = clients.get(qid);
    clients.delete(qid);
    return sink;
  };
  const remoteServer = (port: number): Listener => ({
    serve: (exchange, sink) => {
      const qid = nextQid++;
      clients.set(qid, sink);
      post({ type: 'client-request', qid, port, exchange });
    },
    close: () => undefined,
  });
  return {
    links: {
      announcer: {
        open: (port: number, entry: PortEntry) => {
          decodeAnswer(call({ op: 'port-bind', port }));
          servers.opened(port, entry);
        },
        close: (port: number) => servers.closed(port),
      },
      elsewhere: (port) => (decodeAnswer(call({ op: 'port-listening', port })) === true ? remoteServer(port) : undefined),
    },
    receive: (message, table, toBuffer) => {
      switch (message.type) {
        case 'request': {
          const { rid } = message;
          const listener = table.get(message.port);
          if (!listener) post({ type: 'response-abort', rid, message: `connect ECONNREFUSED 127.0.0.1:${message.port}` });
          else
            listener.serve(
              { ...message.exchange, body: message.exchange.body && toBuffer(message.exchange.body) },
              {
                head: (head) => post({ type: 'response-head', rid, head }),
                chunk: (bytes) => post({ type: 'response-chunk', rid, bytes }),
                end: () => post({ type: 'response-end', rid }),
                abort: (error) => post({ type: 'response-abort', rid, message: error.message }),
              },
            );
          return true;
        }
        case 'close-port':
          servers.close(message.port);
          return true;
        case 'client-head':
          clients.get(message.qid)?.head(message.head);
          return true;
        case 'client-chunk':
          clients.get(message.qid)?.chunk(toBuffer(message.bytes));
          return true;
        case 'client-end':
          take(message.qid)?.end();
          return true;
        case 'client-abort':
          take(message.qid)?.abort(Object.assign(new Error(message.message), { code: message.code ?? 'ECONNRESET' }));
          return true;
        default:
          return false;
      }
    },
  };
}
