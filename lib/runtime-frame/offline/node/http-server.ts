/**
 * Node's http.Server for programs: `createServer([options], [requestListener])` (the listener is a 'request'
 * listener, as Node adds it), `listen()` with every form Node takes (port, host, backlog, options object,
 * callback; `listening` and `error` events after the call returns), `address()`, `close()`, and the
 * properties frameworks set (timeouts, closeAllConnections). Each request is emitted as 'request' with an
 * IncomingMessage and a ServerResponse; whoever asked (the preview, curl, another process's http client)
 * reads the response as it is written.
 */
import { serveConnection, type ConnectionServer, type ServedConnection } from './http-connection';
import { codedError, rawFromHeaders } from './http-headers';
import type { MessageClasses } from './http-messages';
import type { NetSocket } from './net-socket';
import type { Exchange, Listener, PortTable, ResponseSink, ServeHandle } from './ports';

type AnyFunction = (...args: unknown[]) => unknown;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Constructor = new (...args: any[]) => any;

interface ListenRequest {
  port: number;
  host: string | undefined;
  path?: string;
  callback?: AnyFunction;
}

const isPortLike = (value: unknown) => typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)));

/** Node's net.Server#listen argument forms, normalised. */
function parseListenArgs(args: unknown[]): ListenRequest {
  const callback = typeof args[args.length - 1] === 'function' ? (args.pop() as AnyFunction) : undefined;
  const [first, second] = args;
  let port: unknown = 0;
  let host: string | undefined;
  let path: string | undefined;
  if (first !== null && typeof first === 'object') {
    const options = first as { port?: unknown; host?: unknown; path?: unknown };
    if (typeof options.path === 'string') path = options.path;
    port = options.port ?? 0;
    host = typeof options.host === 'string' ? options.host : undefined;
  } else if (isPortLike(first) || first === undefined || first === null) {
    port = first ?? 0;
    host = typeof second === 'string' ? second : undefined;
  } else if (typeof first === 'string') {
    path = first;
  }
  const number = Number(port);
  if (path === undefined && (!Number.isInteger(number) || number < 0 || number > 65535)) {
    throw codedError(
      `options.port should be >= 0 and < 65536. Received ${typeof port === 'string' ? `type string ('${port}')` : String(port)}.`,
      'ERR_SOCKET_BAD_PORT',
      RangeError,
    );
  }
  return { port: number, host, path, callback };
}

/** The address a server reports: no host means every address (IPv6 '::'), localhost means 127.0.0.1. */
function boundAddress(host: string | undefined): { address: string; family: 'IPv4' | 'IPv6' } {
  const address = host === undefined || host === '' ? '::' : host === 'localhost' ? '127.0.0.1' : host.replace(/^\[|\]$/g, '');
  return { address, family: address.includes(':') ? 'IPv6' : 'IPv4' };
}

export interface ListeningServer extends Listener {
  once(event: string, listener: AnyFunction): unknown;
  emit(event: string, ...args: unknown[]): boolean;
}

/**
 * Node's net.Server#listen for the runtime's servers: the forms it takes; the port is bound a tick later, then
 * 'listening' (or 'error': EADDRINUSE, or EACCES for a Unix socket path, which a tab cannot open).
 */
export function startListening<T extends ListeningServer>(
  server: T,
  ports: PortTable,
  args: unknown[],
  bound: (where: { port: number; address: string; family: string }) => void,
): T {
  const request = parseListenArgs(args);
  if (request.callback) server.once('listening', request.callback);
  queueMicrotask(() => {
    if (request.path !== undefined) {
      server.emit('error', codedError(`listen EACCES: Unix domain sockets and pipes cannot be opened here ${request.path}`, 'EACCES'));
      return;
    }
    const { address, family } = boundAddress(request.host);
    const port = request.port || ports.ephemeral();
    try {
      ports.bind(port, address, server);
    } catch (error) {
      server.emit('error', error);
      return;
    }
    bound({ address, family, port });
    server.emit('listening');
  });
  return server;
}

export function createServerClass(EventEmitter: Constructor, messages: MessageClasses, ports: PortTable, encrypted: boolean) {
  const { Socket, IncomingMessage, ServerResponse } = messages;

  class Server extends EventEmitter implements Listener {
    timeout = 0;
    keepAliveTimeout = 5000;
    headersTimeout = 60000;
    requestTimeout = 300000;
    maxHeadersCount: number | null = null;
    maxRequestsPerSocket = 0;
    maxConnections = Infinity;
    private bound: { port: number; address: string; family: string } | null = null;
    rejectNonStandardBodyWrites = false;
    private readonly open = new Set<InstanceType<typeof Socket>>();
    /** Connections that carry bytes, and what each is doing. */
    private readonly wired = new Map<NetSocket, ServedConnection>();
    /** Node's http server ends its side itself once a client has ended its own. */
    readonly allowHalfOpen = true;

    constructor(options?: unknown, requestListener?: unknown) {
      super();
      if (options !== null && typeof options === 'object') {
        const settings = options as Record<string, unknown>;
        for (const name of ['keepAliveTimeout', 'headersTimeout', 'requestTimeout', 'maxHeadersCount', 'rejectNonStandardBodyWrites'] as const) {
          if (settings[name] !== undefined) (this as Record<string, unknown>)[name] = settings[name];
        }
      }
      const listener = typeof options === 'function' ? options : requestListener;
      if (typeof listener === 'function') this.on('request', listener as AnyFunction);
    }

    get listening() {
      return this.bound !== null;
    }

    listen(...args: unknown[]) {
      return startListening(this as unknown as ListeningServer, ports, args, (bound) => (this.bound = bound)) && this;
    }

    address() {
      return this.bound ? { ...this.bound } : null;
    }

    close(callback?: AnyFunction) {
      if (!this.bound) {
        if (callback) queueMicrotask(() => callback(codedError('Server is not running.', 'ERR_SERVER_NOT_RUNNING')));
        return this;
      }
      ports.unbind(this.bound.port, this);
      this.bound = null;
      this.closeIdleConnections();
      if (callback) this.once('close', callback);
      queueMicrotask(() => this.emit('close'));
      return this;
    }

    closeAllConnections() {
      for (const socket of [...this.open]) socket.destroy();
      for (const socket of [...this.wired.keys()]) socket.destroy();
    }

    closeIdleConnections() {
      for (const [socket, connection] of [...this.wired]) if (connection.idle()) socket.destroy();
    }

    /** A connection that carries bytes (a net client of this machine). */
    accept(socket: NetSocket) {
      socket.server = this;
      this.emit('connection', socket);
      if (socket.destroyed) return;
      this.wired.set(socket, serveConnection({ server: this as unknown as ConnectionServer, socket, IncomingMessage, ServerResponse }));
      socket.once('close', () => this.wired.delete(socket));
    }

    getConnections(callback: AnyFunction) {
      queueMicrotask(() => callback(null, this.open.size + this.wired.size));
      return this;
    }

    setTimeout(ms: number, callback?: AnyFunction) {
      this.timeout = ms;
      if (callback) this.on('timeout', callback);
      return this;
    }

    ref() {
      return this;
    }

    unref() {
      return this;
    }

    [Symbol.asyncDispose]() {
      return new Promise<void>((resolve) => (this.bound ? this.close(() => resolve()) : resolve()));
    }

    serve(exchange: Exchange, sink: ResponseSink): ServeHandle {
      const socket = new Socket(this.bound?.port ?? 0, encrypted);
      socket.server = this;
      const req = new IncomingMessage(socket);
      req.method = exchange.method.toUpperCase();
      req.url = exchange.url;
      // The preview's service worker cannot see the Host header the browser sends; it is this server's.
      const headers = Object.keys(exchange.headers).some((name) => name.toLowerCase() === 'host')
        ? exchange.headers
        : { host: `localhost:${this.bound?.port ?? 80}`, ...exchange.headers };
      const raw = rawFromHeaders(headers);
      req.setRawHeaders(this.maxHeadersCount ? raw.slice(0, this.maxHeadersCount * 2) : raw);
      const res = new ServerResponse(req as never);
      res.attach(sink, { keepAliveTimeout: this.keepAliveTimeout, rejectNonStandardBodyWrites: this.rejectNonStandardBodyWrites });
      this.open.add(socket);
      socket._httpMessage = res;
      socket.onDestroy = (error) => {
        this.open.delete(socket);
        // A connection gone before the response ended aborts the request, as Node's server does.
        if (!res.writableFinished) req.destroy(codedError('aborted', 'ECONNRESET'));
        res.destroy(error);
      };
      const handle = { abort: () => void socket.destroy() };
      res.once('finish', () => this.open.delete(socket));
      this.emit('connection', socket);
      try {
        this.emit('request', req, res);
      } catch (error) {
        // In Node an exception in a request listener ends the process; here it reaches the page's error
        // handler (the process's output shows it) and the connection is dropped.
        res.destroy(error as Error);
        setTimeout(() => {
          throw error;
        }, 0);
        return handle;
      }
      if (exchange.body?.length) req.deliver(exchange.body);
      req.deliver(null);
      return handle;
    }
  }

  return Server;
}
