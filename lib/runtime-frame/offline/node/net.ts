/**
 * `net` for programs. A connection to this machine reaches the server listening on that port: a `net` or
 * `http` server of the same thread gets a real byte stream (net-socket.ts); a server of another process
 * (another thread) is reached by request through the runtime's port table, the socket's bytes parsed as HTTP
 * (net-remote.ts). Nothing listening means ECONNREFUSED, as in Node, so tools that probe whether a port is
 * taken (serve, get-port, detect-port) see free ports free. Other hosts cannot be reached by a raw socket
 * from a browser tab: the connection fails with Node's ENETUNREACH and says so.
 */
import { codedError } from './http-headers';
import { startListening, type ListeningServer } from './http-server';
import { createSocketClass, type ConnectTarget, type NetSocket, type SocketOptions } from './net-socket';
import { serveRemotely } from './net-remote';
import { connectionRefused, type Exchange, type Listener, type PortTable, type ResponseSink } from './ports';
import { exchangeOverSocket } from './http-wire';
import { callableClass } from './streams';

type AnyFunction = (...args: unknown[]) => unknown;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Constructor = new (...args: any[]) => any;

interface NetBases {
  almostNet: Record<string, unknown>;
  EventEmitter: Constructor;
  /** The programs' Duplex (Node's stream code). */
  Duplex: Constructor;
  ports: PortTable;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '0.0.0.0', '::', '']);

interface ConnectRequest {
  port: number;
  host: string;
  path?: string;
  allowHalfOpen?: boolean;
  listener?: AnyFunction;
}

/** Node's net.connect argument forms: (port[, host][, listener]), (path[, listener]), (options[, listener]). */
function parseConnectArgs(args: unknown[]): ConnectRequest {
  const listener = typeof args[args.length - 1] === 'function' ? (args.pop() as AnyFunction) : undefined;
  const [first, second] = args;
  if (first !== null && typeof first === 'object') {
    const options = first as { port?: unknown; host?: unknown; path?: unknown; allowHalfOpen?: unknown };
    if (typeof options.path === 'string') return { port: 0, host: 'localhost', path: options.path, listener };
    return { port: Number(options.port), host: String(options.host ?? 'localhost'), allowHalfOpen: Boolean(options.allowHalfOpen), listener };
  }
  if (typeof first === 'string' && Number.isNaN(Number(first))) return { port: 0, host: 'localhost', path: first, listener };
  return { port: Number(first), host: typeof second === 'string' ? second : 'localhost', listener };
}

export function netModule({ almostNet, EventEmitter, Duplex, ports }: NetBases): Record<string, unknown> {
  const BaseSocket = createSocketClass(Duplex);
  const ephemeral = () => 32768 + Math.floor(Math.random() * 28000);

  const target = (request: ConnectRequest): ConnectTarget => ({
    port: request.port,
    host: request.host,
    path: request.path,
    open: (client) => {
      if (request.path !== undefined) {
        return codedError(`connect EACCES ${request.path} - Unix domain sockets and pipes cannot be opened here`, 'EACCES');
      }
      if (!LOCAL_HOSTS.has(request.host) && !/^127\./.test(request.host)) {
        return Object.assign(
          codedError(`connect ENETUNREACH ${request.host}:${request.port} - a browser tab cannot open raw connections to other hosts`, 'ENETUNREACH'),
          {
            errno: -101,
            syscall: 'connect',
            address: request.host,
            port: request.port,
          },
        );
      }
      const listener = ports.get(request.port);
      if (!listener) return connectionRefused(request.port);
      const family = request.host.includes(':') ? 'IPv6' : 'IPv4';
      const address = family === 'IPv6' ? '::1' : '127.0.0.1';
      const clientPort = ephemeral();
      Object.assign(client, { localAddress: address, localPort: clientPort, remoteAddress: address, remotePort: request.port, remoteFamily: family });
      const server = new BaseSocket({ connected: true, allowHalfOpen: listener.accept ? Boolean(listener.allowHalfOpen) : true });
      Object.assign(server, { localAddress: address, localPort: request.port, remoteAddress: address, remotePort: clientPort, remoteFamily: family });
      BaseSocket.pair(client as unknown as InstanceType<typeof BaseSocket>, server);
      const serverSide = server as unknown as NetSocket;
      if (listener.accept) listener.accept(serverSide);
      else serveRemotely(serverSide, listener);
      return undefined;
    },
  });

  class Socket extends BaseSocket {
    constructor(options: SocketOptions = {}) {
      super(options);
    }
    connect(...args: unknown[]) {
      const request = parseConnectArgs(args);
      return this.connectTo(target(request), request.listener);
    }
  }

  class Server extends EventEmitter implements Listener {
    maxConnections = Infinity;
    readonly allowHalfOpen: boolean;
    private readonly pauseOnConnect: boolean;
    private bound: { port: number; address: string; family: string } | null = null;
    private readonly connections = new Set<NetSocket>();
    private closing = false;

    constructor(options?: unknown, connectionListener?: unknown) {
      super();
      const settings = options !== null && typeof options === 'object' ? (options as { allowHalfOpen?: unknown; pauseOnConnect?: unknown }) : {};
      this.allowHalfOpen = Boolean(settings.allowHalfOpen);
      this.pauseOnConnect = Boolean(settings.pauseOnConnect);
      const listener = typeof options === 'function' ? options : connectionListener;
      if (typeof listener === 'function') this.on('connection', listener as AnyFunction);
    }

    listen(...args: unknown[]) {
      return startListening(this as unknown as ListeningServer, ports, args, (bound) => (this.bound = bound)) && this;
    }

    address() {
      return this.bound ? { ...this.bound } : null;
    }

    get listening() {
      return this.address() !== null;
    }

    accept(socket: NetSocket) {
      if (this.connections.size >= this.maxConnections) {
        socket.destroy();
        return;
      }
      this.connections.add(socket);
      socket.server = this;
      socket.once('close', () => {
        this.connections.delete(socket);
        this.closedWhenEmpty();
      });
      if (this.pauseOnConnect) socket.pause();
      this.emit('connection', socket);
    }

    /** An http client's request to this plain server travels as bytes over a connection of its own. */
    serve(exchange: Exchange, sink: ResponseSink) {
      const client = new Socket();
      client.once('connect', () => exchangeOverSocket(client as unknown as NetSocket, exchange, sink));
      client.on('error', () => undefined);
      client.connect(this.bound?.port ?? 0, '127.0.0.1');
      return { abort: () => void client.destroy() };
    }

    /** Stops listening; 'close' comes once every connection has ended, as in Node. */
    close(callback?: AnyFunction) {
      if (!this.bound) {
        if (callback) queueMicrotask(() => callback(codedError('Server is not running.', 'ERR_SERVER_NOT_RUNNING')));
        return this;
      }
      if (callback) this.once('close', callback);
      ports.unbind(this.bound.port, this);
      this.bound = null;
      this.closing = true;
      this.closedWhenEmpty();
      return this;
    }

    private closedWhenEmpty() {
      if (!this.closing || this.connections.size > 0) return;
      this.closing = false;
      queueMicrotask(() => this.emit('close'));
    }

    /** A listening server keeps its process running whether or not it is ref()'d: the runtime cannot tell. */
    ref() {
      return this;
    }

    getConnections(callback: AnyFunction) {
      queueMicrotask(() => callback(null, this.connections.size));
      return this;
    }

    unref() {
      return this;
    }

    [Symbol.asyncDispose]() {
      return new Promise<void>((resolve) => (this.bound ? this.close(() => resolve()) : resolve()));
    }
  }

  const CallableSocket = callableClass(Socket as unknown as Constructor, 'Socket') as unknown as typeof Socket;
  const CallableServer = callableClass(Server, 'Server');
  const connect = (...args: unknown[]) => {
    const first = args[0];
    const allowHalfOpen = first !== null && typeof first === 'object' ? Boolean((first as { allowHalfOpen?: unknown }).allowHalfOpen) : false;
    return new CallableSocket({ allowHalfOpen }).connect(...args);
  };
  const createServer = (options?: unknown, listener?: unknown) => new CallableServer(options, listener);
  const module: Record<string, unknown> = {
    ...almostNet,
    Socket: CallableSocket,
    Stream: CallableSocket,
    Server: CallableServer,
    createServer,
    connect,
    createConnection: connect,
  };
  module.default = module;
  return module;
}
