/**
 * The worker's ends of byte connections from the frame (frame-tunnels.ts): each is a loopback client of the
 * process's own server, made with the process's `net.connect`, so the server sees an ordinary connection
 * (an HTTP upgrade to a WebSocket, for a preview page's socket).
 */
import type { FrameToWorker, WorkerMessage } from './protocol';

interface LoopbackSocket {
  write(bytes: Uint8Array): unknown;
  end(): unknown;
  destroy(): unknown;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
}

interface WorkerTunnels {
  /** Handles a message about tunnels; false when the message is about something else. */
  receive(message: FrameToWorker): boolean;
}

export function workerTunnels(
  post: (message: WorkerMessage) => void,
  connect: (port: number) => LoopbackSocket,
  toBuffer: (bytes: Uint8Array) => Uint8Array,
): WorkerTunnels {
  const sockets = new Map<number, LoopbackSocket>();
  return {
    receive: (message) => {
      switch (message.type) {
        case 'tunnel-open': {
          const { sid } = message;
          let socket: LoopbackSocket;
          try {
            socket = connect(message.port);
          } catch {
            post({ type: 'tunnel-end', sid });
            return true;
          }
          sockets.set(sid, socket);
          socket.on('data', (chunk) => post({ type: 'tunnel-data', sid, bytes: new Uint8Array(chunk as Uint8Array) }));
          socket.on('error', () => undefined);
          socket.on('close', () => {
            if (sockets.delete(sid)) post({ type: 'tunnel-end', sid });
          });
          return true;
        }
        case 'tunnel-data':
          sockets.get(message.sid)?.write(toBuffer(message.bytes));
          return true;
        case 'tunnel-end':
          sockets.get(message.sid)?.end();
          return true;
        default:
          return false;
      }
    },
  };
}
