/**
 * `net` for programs: almostnode's sockets "connect" to any port, so tools that probe whether a port is
 * taken (serve, get-port, detect-port) believe every port is busy. Here a connection to this machine fails
 * with ECONNREFUSED, as in Node, unless a server of the runtime listens on that port.
 */
import { callableClass } from './streams';

type Constructor = new (...args: unknown[]) => { emit(event: string, ...args: unknown[]): boolean; connect(...args: unknown[]): unknown };

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '0.0.0.0', '::', '']);

export function netModule(almostNet: Record<string, unknown>, isListening: (port: number) => boolean): Record<string, unknown> {
  const Base = almostNet.Socket as Constructor;
  class Socket extends Base {
    connect(...args: unknown[]): unknown {
      const [first, second] = args;
      const options = typeof first === 'object' && first !== null ? (first as { port?: unknown; host?: unknown; path?: unknown }) : null;
      const port = Number(options ? options.port : first);
      const host = String((options ? options.host : typeof second === 'string' ? second : undefined) ?? 'localhost');
      if (options?.path === undefined && LOCAL_HOSTS.has(host) && !isListening(port)) {
        setTimeout(() => {
          const error = Object.assign(new Error(`connect ECONNREFUSED 127.0.0.1:${port}`), {
            code: 'ECONNREFUSED',
            errno: -111,
            syscall: 'connect',
            address: '127.0.0.1',
            port,
          });
          this.emit('error', error);
          this.emit('close', true);
        }, 0);
        return this;
      }
      return super.connect(...args);
    }
  }
  const CallableSocket = callableClass(Socket, 'Socket');
  const connect = (...args: unknown[]) => new CallableSocket().connect(...args);
  const module: Record<string, unknown> = { ...almostNet, Socket: CallableSocket, Stream: CallableSocket, connect, createConnection: connect };
  module.default = module;
  return module;
}
