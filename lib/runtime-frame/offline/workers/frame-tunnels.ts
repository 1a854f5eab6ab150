/**
 * The frame's ends of byte connections to a worker's servers (node/ports.ts ByteTunnel): what the frame writes
 * crosses to the worker as messages, where a loopback client of the server writes it on (worker-tunnels.ts),
 * and what the server answers comes back the same way.
 */
import type { ByteTunnel } from '../node/ports';
import type { FrameToWorker } from './protocol';

interface TunnelEnd {
  data: ((bytes: Uint8Array) => void)[];
  end: (() => void)[];
  ended: boolean;
}

export interface FrameTunnels {
  open(port: number): ByteTunnel;
  /** Bytes the worker's server sent on connection `sid`. */
  data(sid: number, bytes: Uint8Array): void;
  /** The worker's side of `sid` closed. */
  ended(sid: number): void;
  /** The process ended: every connection to it closes. */
  dispose(): void;
}

export function frameTunnels(send: (message: FrameToWorker) => void): FrameTunnels {
  const open = new Map<number, TunnelEnd>();
  let nextSid = 1;
  const finish = (sid: number) => {
    const end = open.get(sid);
    if (!end || end.ended) return;
    end.ended = true;
    open.delete(sid);
    for (const listener of end.end) listener();
  };
  return {
    open: (port) => {
      const sid = nextSid++;
      const end: TunnelEnd = { data: [], end: [], ended: false };
      open.set(sid, end);
      send({ type: 'tunnel-open', sid, port });
      return {
        write: (bytes) => {
          if (!end.ended) send({ type: 'tunnel-data', sid, bytes });
        },
        end: () => {
          if (!end.ended) send({ type: 'tunnel-end', sid });
        },
        onData: (listener) => void end.data.push(listener),
        onEnd: (listener) => void end.end.push(listener),
      };
    },
    data: (sid, bytes) => {
      for (const listener of open.get(sid)?.data ?? []) listener(bytes);
    },
    ended: finish,
    dispose: () => {
      for (const sid of [...open.keys()]) finish(sid);
    },
  };
}
