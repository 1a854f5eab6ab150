/**
 * A forked child's side of its IPC channel: process.send, process.disconnect, process.connected, process.channel
 * and the 'message' and 'disconnect' events. The channel keeps the child running while the program listens for
 * 'message' or 'disconnect' and has not unref'd it, so a child that waits for work ends once its parent
 * disconnects.
 */
import { attachIpc, type IpcEnd, type IpcLink, type IpcTarget } from './ipc-channel';

interface ProcessLike extends IpcTarget {
  nextTick(callback: () => void): void;
}

/** A socket or server of net or dgram: what Node could pass to another process along with a message. */
export function isSendableHandle(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    ['listen', 'setNoDelay', 'bind'].some((method) => typeof (value as Record<string, unknown>)[method] === 'function')
  );
}

export function attachProcessIpc(proc: ProcessLike, link: IpcLink): IpcEnd {
  return attachIpc(proc, link, { defer: (callback) => proc.nextTick(callback), holdsWhileListened: true, isHandle: isSendableHandle });
}
