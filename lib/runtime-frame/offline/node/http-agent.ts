/**
 * Node's http.Agent for requests to this machine: it hands each request a connection (`createConnection`),
 * keyed by `getName` ("host:port:localAddress"), keeps at most `maxSockets` per key and `maxTotalSockets` in all
 * (further requests wait in `requests`), and, with `keepAlive`, parks a connection whose response ended in
 * `freeSockets` for the next request to that key. Programs and libraries read `sockets`, `freeSockets` and
 * `requests` to see how busy an agent is, so they follow Node's bookkeeping.
 */
import { nodeError } from './node-errors';

type AnyFunction = (...args: unknown[]) => unknown;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Constructor = new (...args: any[]) => any;

export interface AgentSocket {
  writable: boolean;
  destroyed: boolean;
  timeout: number;
  _httpMessage: AgentRequest | null;
  on(event: string, listener: AnyFunction): unknown;
  once(event: string, listener: AnyFunction): unknown;
  emit(event: string, ...args: unknown[]): boolean;
  removeListener(event: string, listener: AnyFunction): unknown;
  setTimeout(ms: number): unknown;
  setKeepAlive(enable: boolean, delay?: number): unknown;
  ref(): unknown;
  unref(): unknown;
  destroy(error?: Error): unknown;
}

export interface AgentRequest {
  timeout?: number;
  shouldKeepAlive: boolean;
  reusedSocket: boolean;
  res?: { headers: Record<string, string | string[]> } | null;
  onSocket(socket: AgentSocket, error?: Error): void;
}

export type AgentOptions = Record<string, unknown> & {
  host?: string;
  port?: unknown;
  localAddress?: string;
  family?: number;
  socketPath?: string;
  timeout?: number;
  signal?: AbortSignal;
};
type Lists = Record<string, AgentSocket[]>;

const abortError = () => Object.assign(nodeError(Error, 'ABORT_ERR', 'The operation was aborted'), { name: 'AbortError' });

export function createAgentClass(EventEmitter: Constructor, makeSocket: (port: number, encrypted: boolean) => AgentSocket) {
  class Agent extends EventEmitter {
    defaultPort = 80;
    protocol = 'http:';
    readonly options: AgentOptions;
    requests: Record<string, AgentRequest[]> = Object.create(null);
    sockets: Lists = Object.create(null);
    freeSockets: Lists = Object.create(null);
    keepAliveMsecs: number;
    keepAlive: boolean;
    maxSockets: number;
    maxFreeSockets: number;
    maxTotalSockets: number;
    totalSocketCount = 0;
    scheduling: 'lifo' | 'fifo';

    constructor(options: AgentOptions = {}) {
      super();
      this.options = { __proto__: null, ...options, path: null } as AgentOptions;
      if (this.options.noDelay === undefined) this.options.noDelay = true;
      this.keepAliveMsecs = Number(options.keepAliveMsecs ?? 1000);
      this.keepAlive = Boolean(options.keepAlive);
      this.maxSockets = Number(options.maxSockets ?? Infinity);
      this.maxFreeSockets = Number(options.maxFreeSockets ?? 256);
      this.maxTotalSockets = Number(options.maxTotalSockets ?? Infinity);
      this.scheduling = options.scheduling === 'lifo' ? 'lifo' : 'fifo';
      this.on('free', (socket: AgentSocket, socketOptions: AgentOptions) => this.onFree(socket, socketOptions));
    }

    getName(options: AgentOptions = {}) {
      let name = `${options.host || 'localhost'}:`;
      if (options.port) name += String(options.port);
      name += ':';
      if (options.localAddress) name += options.localAddress;
      if (options.family === 4 || options.family === 6) name += `:${options.family}`;
      if (options.socketPath) name += `:${options.socketPath}`;
      return name;
    }

    /** A connection to options.port; an AbortSignal in the options destroys it with an AbortError. */
    createConnection(options: AgentOptions, callback?: AnyFunction): AgentSocket {
      const socket = makeSocket(Number(options.port) || this.defaultPort, this.protocol === 'https:');
      if (options.timeout) socket.setTimeout(options.timeout);
      const signal = options.signal;
      if (signal?.aborted) queueMicrotask(() => socket.destroy(abortError()));
      else if (signal) {
        const onAbort = () => socket.destroy(abortError());
        signal.addEventListener('abort', onAbort, { once: true });
        socket.once('close', () => signal.removeEventListener('abort', onAbort));
      }
      if (callback) queueMicrotask(() => callback(null, socket));
      return socket;
    }

    addRequest(req: AgentRequest, requestOptions: AgentOptions) {
      const options = { __proto__: null, ...requestOptions, ...this.options } as AgentOptions;
      if (options.socketPath) options.path = options.socketPath;
      const name = this.getName(options);
      this.sockets[name] ??= [];
      const free = this.freeSockets[name];
      if (free?.length) {
        const socket = (this.scheduling === 'fifo' ? free.shift() : free.pop()) as AgentSocket;
        if (!free.length) Reflect.deleteProperty(this.freeSockets, name);
        this.reuseSocket(socket, req);
        this.assign(req, socket);
        this.sockets[name].push(socket);
      } else if (this.sockets[name].length < this.maxSockets && this.totalSocketCount < this.maxTotalSockets) {
        this.assign(req, this.createSocket(options));
      } else {
        (this.requests[name] ??= []).push(req);
        pendingOptions.set(req, options);
      }
    }

    createSocket(requestOptions: AgentOptions, callback?: AnyFunction): AgentSocket {
      const options = { __proto__: null, ...requestOptions, ...this.options } as AgentOptions;
      const name = this.getName(options);
      options._agentKey = name;
      this.totalSocketCount++;
      const socket = this.createConnection(options);
      socket.on('free', () => this.emit('free', socket, options));
      socket.on('close', () => {
        this.totalSocketCount--;
        this.removeSocket(socket, options);
      });
      socket.on('timeout', () => {
        if (Object.values(this.freeSockets).some((list) => list.includes(socket))) socket.destroy();
      });
      socket.on('agentRemove', () => this.removeSocket(socket, options));
      (this.sockets[name] ??= []).push(socket);
      if (callback) queueMicrotask(() => callback(null, socket));
      return socket;
    }

    removeSocket(socket: AgentSocket, options: AgentOptions) {
      const name = this.getName(options);
      const lists = socket.writable ? [this.sockets] : [this.sockets, this.freeSockets];
      for (const lists_ of lists) {
        const list = lists_[name];
        const index = list?.indexOf(socket) ?? -1;
        if (!list || index === -1) continue;
        list.splice(index, 1);
        if (list.length === 0) Reflect.deleteProperty(lists_, name);
      }
      const waiting = this.requests[name]?.length
        ? this.requests[name]
        : Object.values(this.requests).find((list) => list.length && this.totalSocketCount < this.maxTotalSockets);
      const next = waiting?.[0];
      if (!next) return;
      const nextOptions = pendingOptions.get(next) ?? options;
      if ((this.sockets[this.getName(nextOptions)]?.length ?? 0) >= this.maxSockets) return;
      this.createSocket(nextOptions).emit('free');
    }

    keepSocketAlive(socket: AgentSocket) {
      socket.setKeepAlive(true, this.keepAliveMsecs);
      socket.unref();
      let timeout = Number(this.options.timeout ?? 0);
      const hint = socket._httpMessage?.res?.headers['keep-alive'];
      const seconds = typeof hint === 'string' ? /^timeout=(\d+)/.exec(hint)?.[1] : undefined;
      if (seconds !== undefined) {
        // Node lets a parked connection go a second before the server would.
        const serverTimeout = Number(seconds) * 1000 - 1000;
        if (serverTimeout <= 0) return false;
        if (serverTimeout < timeout) timeout = serverTimeout;
      }
      if (socket.timeout !== timeout) socket.setTimeout(timeout);
      return true;
    }

    reuseSocket(socket: AgentSocket, req: AgentRequest) {
      req.reusedSocket = true;
      socket.ref();
    }

    destroy() {
      for (const lists of [this.freeSockets, this.sockets]) {
        for (const list of Object.values(lists)) for (const socket of [...list]) socket.destroy();
      }
    }

    private assign(req: AgentRequest, socket: AgentSocket) {
      req.onSocket(socket);
      const agentTimeout = Number(this.options.timeout ?? 0);
      if (req.timeout !== undefined && req.timeout !== agentTimeout) socket.setTimeout(req.timeout);
    }

    private onFree(socket: AgentSocket, options: AgentOptions) {
      const name = this.getName(options);
      if (!socket.writable) {
        socket.destroy();
        return;
      }
      const waiting = this.requests[name];
      if (waiting?.length) {
        const req = waiting.shift() as AgentRequest;
        pendingOptions.delete(req);
        if (!waiting.length) Reflect.deleteProperty(this.requests, name);
        this.assign(req, socket);
        return;
      }
      const req = socket._httpMessage;
      if (!req || !req.shouldKeepAlive || !this.keepAlive) {
        socket.destroy();
        return;
      }
      const free = this.freeSockets[name] ?? [];
      const count = free.length + (this.sockets[name]?.length ?? 0);
      if (this.totalSocketCount > this.maxTotalSockets || count > this.maxSockets || free.length >= this.maxFreeSockets || !this.keepSocketAlive(socket)) {
        socket.destroy();
        return;
      }
      this.freeSockets[name] = free;
      socket._httpMessage = null;
      this.removeSocket(socket, options);
      socket.once('error', () => socket.destroy());
      free.push(socket);
    }
  }

  const pendingOptions = new WeakMap<AgentRequest, AgentOptions>();
  return Agent;
}
