/**
 * Node's IPC channel between a process and a child it forked (or spawned with 'ipc' in its stdio), one end of
 * it: send() with its callback, 'message' (and 'internalMessage' for Node's own `NODE_` commands), disconnect()
 * and 'disconnect' on both ends, `connected`, and a `channel` handle whose ref()/unref() decide whether the
 * channel keeps its process alive. The two ends are the ports of one MessageChannel; the child's port travels
 * to its thread when it starts. 'json' sends JSON text, as Node writes it; 'advanced' sends a structured clone,
 * whose format is the one V8's serializer (Node's for that mode) writes.
 */
import { invalidArgType, nodeError, unavailable } from './node-errors';

export type Serialization = 'json' | 'advanced';

/** One end of a channel, as the process that owns it receives it. */
export interface IpcLink {
  port: MessagePort;
  serialization: Serialization;
}

type Wire = { kind: 'message'; json: string } | { kind: 'message'; value: unknown } | { kind: 'disconnect' };

export interface IpcTarget {
  emit(event: string, ...args: unknown[]): boolean;
  listenerCount(event: string): number;
}

interface IpcOptions {
  /** Runs a callback after the current operation, as process.nextTick does. */
  defer(callback: () => void): void;
  /**
   * A child's end keeps its process alive only while the program listens for 'message' or 'disconnect'
   * (Node refs the channel as such listeners are added); a parent's end lives as long as the child does.
   */
  holdsWhileListened: boolean;
  /** Whether a value is a handle Node could pass over the channel (a socket, a server). */
  isHandle?(value: unknown): boolean;
}

export interface IpcEnd {
  /** Whether the channel keeps its process running at the moment. */
  busy(): boolean;
  /** The owner ended: the other end sees 'disconnect'. */
  close(): void;
}

type Callback = (error: Error | null) => void;

const INTERNAL_PREFIX = 'NODE_';

function isInternal(message: unknown): boolean {
  const cmd = (message as { cmd?: unknown } | null)?.cmd;
  return typeof message === 'object' && message !== null && typeof cmd === 'string' && cmd.length > INTERNAL_PREFIX.length && cmd.startsWith(INTERNAL_PREFIX);
}

/** Adds Node's IPC members to `target` (a `process`, or a ChildProcess), backed by `link`. */
export function attachIpc(target: IpcTarget, link: IpcLink, options: IpcOptions): IpcEnd {
  const { port, serialization } = link;
  const self = target as IpcTarget & Record<string, unknown>;
  let connected = true;
  let refed = true;

  const channel = {
    fd: 3,
    ref: () => void (refed = true),
    unref: () => void (refed = false),
    hasRef: () => refed && connected,
  };
  Object.defineProperty(self, 'channel', { get: () => (connected ? channel : null), configurable: true, enumerable: true });
  Object.defineProperty(self, '_channel', { get: () => (connected ? channel : null), configurable: true });
  Object.defineProperty(self, 'connected', { get: () => connected, set: () => undefined, configurable: true, enumerable: true });

  const finish = (tellOther: boolean) => {
    if (!connected) return;
    connected = false;
    if (tellOther) {
      try {
        port.postMessage({ kind: 'disconnect' } satisfies Wire);
      } catch {
        // The other end has gone already.
      }
    }
    port.onmessage = null;
    // Closing one port closes both, and could drop what the other end sent last: the end that hears of the
    // disconnect closes the pair.
    if (!tellOther) port.close();
    options.defer(() => self.emit('disconnect'));
  };

  port.onmessage = (event: MessageEvent<Wire>) => {
    const data = event.data;
    if (!connected) return;
    if (data.kind === 'disconnect') return finish(false);
    const message = 'json' in data ? (JSON.parse(data.json) as unknown) : data.value;
    self.emit(isInternal(message) ? 'internalMessage' : 'message', message, undefined);
  };

  self.send = function send(message: unknown, handle?: unknown, sendOptions?: unknown, callback?: unknown): boolean {
    if (typeof handle === 'function') [callback, handle, sendOptions] = [handle, undefined, undefined];
    else if (typeof sendOptions === 'function') [callback, sendOptions] = [sendOptions, undefined];
    else if (sendOptions !== undefined && (typeof sendOptions !== 'object' || sendOptions === null))
      throw invalidArgType('options', 'of type object', sendOptions);
    const done = typeof callback === 'function' ? (callback as Callback) : undefined;
    const fail = (error: Error) => {
      if (done) options.defer(() => done(error));
      else options.defer(() => self.emit('error', error));
      return false;
    };
    if (!connected) return fail(nodeError(Error, 'ERR_IPC_CHANNEL_CLOSED', 'Channel closed'));
    if (message === undefined) throw nodeError(TypeError, 'ERR_MISSING_ARGS', 'The "message" argument must be specified');
    if (!['string', 'object', 'number', 'boolean'].includes(typeof message)) {
      throw invalidArgType('message', 'one of type string, object, number, or boolean', message);
    }
    if (handle !== undefined && handle !== null) {
      if (!options.isHandle?.(handle)) throw nodeError(TypeError, 'ERR_INVALID_HANDLE_TYPE', 'This handle type cannot be sent');
      // A socket or server lives in this process's thread; another thread cannot take over its connection.
      return fail(unavailable('sending a socket or server to another process'));
    }
    const wire: Wire = serialization === 'advanced' ? { kind: 'message', value: message } : { kind: 'message', json: JSON.stringify(message) };
    port.postMessage(wire);
    if (done) options.defer(() => done(null));
    return true;
  };

  self.disconnect = function disconnect(): void {
    if (!connected) {
      self.emit('error', nodeError(Error, 'ERR_IPC_DISCONNECTED', 'IPC channel is already disconnected'));
      return;
    }
    finish(true);
  };

  return {
    busy: () => connected && refed && (!options.holdsWhileListened || target.listenerCount('message') + target.listenerCount('disconnect') > 0),
    close: () => finish(true),
  };
}
