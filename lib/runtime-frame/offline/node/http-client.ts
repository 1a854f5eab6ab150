/**
 * Node's http client for requests to this machine: `http.request`/`http.get` to localhost reach the server
 * listening on that port directly (whichever process started it), as on one machine in Node. The request takes
 * its connection from an Agent (the global one unless told otherwise), is a writable message (headers, body in
 * chunks, `end()`), and its response an IncomingMessage read as the server writes it; 'socket', 'response',
 * 'timeout', 'error' (ECONNREFUSED when nothing listens, ECONNRESET when either side drops the connection) and
 * 'close' come in Node's order. Other hosts go to almostnode's client (the page's fetch).
 */
import type { AgentOptions, AgentRequest, AgentSocket } from './http-agent';
import { codedError, rawFromHeaders } from './http-headers';
import type { MessageClasses } from './http-messages';
import { target, type RequestOptions } from './http-request-options';
import { validateRequestPath } from './http-validate';
import { nodeError } from './node-errors';
import { connectionRefused, type PortTable, type ResponseSink, type ServeHandle } from './ports';
import { currentTimerOwner, runAs } from '../timers';
import { afterIo } from './after-io';

export { LOCAL_HOSTS, isLocal, parseRequestArgs } from './http-request-options';

type AnyFunction = (...args: unknown[]) => unknown;

interface RequestAgent {
  defaultPort?: number;
  keepAlive?: boolean;
  maxSockets?: number;
  options?: { timeout?: number };
  addRequest(req: AgentRequest, options: AgentOptions): void;
}

interface ClientBases {
  messages: MessageClasses;
  ports: PortTable;
  Buffer: { concat(list: Uint8Array[]): Uint8Array };
  /** The agent a request without `agent` uses (the module's `globalAgent`, which programs may replace). */
  globalAgent(protocol: string | undefined): RequestAgent;
}

const IP = /^(\d{1,3}(\.\d{1,3}){3}|[\da-f:]*:[\da-f:.]*)$/i;
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/i;

export function createClientRequestClass({ messages, ports, Buffer, globalAgent }: ClientBases) {
  const { IncomingMessage, OutgoingMessage } = messages;
  type Socket = InstanceType<typeof messages.Socket>;

  class ClientRequest extends OutgoingMessage implements AgentRequest {
    readonly method: string;
    readonly path: string;
    readonly host: string;
    readonly protocol: string;
    readonly agent: RequestAgent | undefined;
    socket: Socket | null = null;
    aborted = false;
    reusedSocket = false;
    res: InstanceType<typeof IncomingMessage> | null = null;
    maxHeadersCount: number | null = null;
    timeout: number | undefined;
    timeoutCb: AnyFunction | null = null;
    private readonly port: number;
    private readonly options: RequestOptions;
    private readonly body: Uint8Array[] = [];
    private timer: ReturnType<typeof setTimeout> | undefined;
    private sent = false;
    private closed = false;
    private exchange: ServeHandle | undefined = undefined;

    constructor(input: RequestOptions, callback?: AnyFunction) {
      super();
      const options = { ...input };
      if (options.path !== undefined && options.path !== null) validateRequestPath(String(options.path));
      const agent = options.agent === false ? undefined : ((options.agent as RequestAgent | null | undefined) ?? globalAgent(options.protocol));
      this.agent = agent;
      const defaultPort = options.defaultPort || agent?.defaultPort;
      const { host, port } = target({ ...options, defaultPort });
      this.options = options;
      this.host = host;
      this.port = port;
      this.protocol = options.protocol ?? 'http:';
      this.method = String(options.method ?? 'GET').toUpperCase();
      this.path = options.path ?? '/';
      this.shouldKeepAlive = agent ? Boolean(agent.keepAlive) || Number.isFinite(agent.maxSockets) : false;
      if (callback) this.once('response', callback);
      this.storeHeaders(options, defaultPort || (this.protocol === 'https:' ? 443 : 80));
      if (options.timeout !== undefined) this.timeout = Number(options.timeout);
      if (options.timeout) this.setTimeout(Number(options.timeout));
      const signal = options.signal;
      if (signal) {
        const onAbort = () => this.destroy(Object.assign(nodeError(Error, 'ABORT_ERR', 'The operation was aborted'), { name: 'AbortError' }));
        if (signal.aborted) onAbort();
        else {
          signal.addEventListener('abort', onAbort, { once: true });
          this.once('close', () => signal.removeEventListener('abort', onAbort));
        }
      }
      this.keepProcessAlive();
      const connectOptions = { ...options, host, port };
      delete connectOptions.signal;
      if (agent && !options.createConnection) agent.addRequest(this, connectOptions as AgentOptions);
      else this.onSocket(new messages.Socket(port, this.protocol === 'https:') as unknown as AgentSocket);
    }

    private storeHeaders(options: RequestOptions, defaultPort: number) {
      const headers = options.headers;
      if (Array.isArray(headers)) {
        const pairs = headers.length && Array.isArray(headers[0]) ? (headers as [string, string][]) : [];
        if (!pairs.length) for (let i = 0; i + 1 < headers.length; i += 2) pairs.push([headers[i] as string, headers[i + 1] as string]);
        for (const [name, value] of pairs) this.appendHeader(name, value);
      } else if (headers) {
        for (const [name, value] of Object.entries(headers)) if (value !== undefined) this.setHeader(name, value as string);
      }
      const host = this.host.includes(':') ? `[${this.host}]` : this.host;
      if (options.setHost !== false && !this.hasHeader('host')) this.setHeader('Host', this.port === defaultPort ? host : `${host}:${this.port}`);
      if (options.auth && !this.hasHeader('authorization')) this.setHeader('Authorization', `Basic ${btoa(options.auth)}`);
    }

    /**
     * In Node an open connection keeps its process running. The runtime sees a process's pending timers, so
     * the request holds one for the process that made it (when made from that process's own code) until the
     * server has sent the whole answer or the request ends otherwise; a slow answer would else arrive after the
     * process was deemed idle. An answer the program never reads does not hold it (Node's socket closes too).
     */
    private keepProcessAlive() {
      const owner = currentTimerOwner();
      if (!owner) return;
      let handle: ReturnType<typeof setInterval> | undefined;
      this.holdProcess = () => {
        if (handle === undefined && !this.closed) handle = runAs(owner, () => setInterval(() => undefined, 2 ** 30));
      };
      this.releaseProcess = () => {
        clearInterval(handle);
        handle = undefined;
      };
      this.holdProcess();
      this.once('close', this.releaseProcess);
    }

    private holdProcess = () => {};
    private releaseProcess = () => {};

    get connection() {
      return this.socket;
    }

    /** The agent (or createConnection) hands over the connection; 'socket' follows on the next tick. */
    onSocket(socket: AgentSocket, error?: Error) {
      queueMicrotask(() => {
        if (this.destroyed || error) {
          if (this.agent && !error) socket.emit('free');
          else socket.destroy();
          if (error) this.fail(error);
          return;
        }
        const connection = socket as unknown as Socket;
        this.socket = connection;
        connection._httpMessage = this;
        connection.on('error', this.onSocketError);
        connection.once('close', this.onSocketClose);
        if (this.timeout !== undefined || this.agent?.options?.timeout) {
          this.timeoutCb = () => this.emit('timeout');
          connection.once('timeout', this.timeoutCb);
        }
        this.emit('socket', connection);
        if (this.writableEnded) this.send();
      });
    }

    private readonly onSocketError = (error: unknown) => {
      if (this.socket?._httpMessage === this) this.fail(error as Error);
    };

    /** The connection closed: an unfinished answer is aborted, a request with none fails with "socket hang up". */
    private readonly onSocketClose = () => {
      if (this.socket?._httpMessage !== this) return;
      const response = this.res;
      if (response && !response.complete) {
        response.destroy(codedError('aborted', 'ECONNRESET'));
      } else if (!response) {
        this.fail(codedError('socket hang up', 'ECONNRESET'));
      }
      if (!response?.complete) this.exchange?.abort();
      // The response's own 'close' comes first.
      queueMicrotask(() => this.finishClose());
    };

    private failed = false;
    private fail(error: Error) {
      if (this.failed) return;
      this.failed = true;
      this.emit('error', error);
    }

    private finishClose() {
      if (this.closed) return;
      this.closed = true;
      this.destroyed = true;
      clearTimeout(this.timer);
      this.releaseProcess();
      this.emit('close');
    }

    write(chunk: unknown, encoding?: unknown, callback?: AnyFunction) {
      if (typeof encoding === 'function') [callback, encoding] = [encoding as AnyFunction, undefined];
      if (this.writableEnded) return this.writeAfterEnd(callback);
      this.headersSent = true;
      this.body.push(this.toBytes(chunk, encoding));
      if (callback) queueMicrotask(callback);
      return true;
    }

    end(chunk?: unknown, encoding?: unknown, callback?: AnyFunction) {
      if (typeof chunk === 'function') [callback, chunk] = [chunk as AnyFunction, undefined];
      else if (typeof encoding === 'function') [callback, encoding] = [encoding as AnyFunction, undefined];
      if (this.writableEnded) return this;
      if (chunk !== undefined && chunk !== null) this.write(chunk, encoding);
      this.headersSent = true;
      this.finished = true;
      this.writableEnded = true;
      queueMicrotask(() => {
        this.writableFinished = true;
        this.emit('finish');
        if (callback) callback();
        if (this.socket) this.send();
      });
      return this;
    }

    flushHeaders() {
      this.headersSent = true;
    }

    setTimeout(ms: number, callback?: AnyFunction) {
      if (callback) this.once('timeout', callback);
      clearTimeout(this.timer);
      if (ms > 0) this.timer = setTimeout(() => this.emit('timeout'), ms);
      this.socket?.setTimeout(ms);
      return this;
    }

    setNoDelay() {}
    setSocketKeepAlive() {}

    abort() {
      if (this.aborted) return;
      this.aborted = true;
      queueMicrotask(() => this.emit('abort'));
      this.destroy();
    }

    destroy(error?: Error) {
      if (this.destroyed) return this;
      this.destroyed = true;
      clearTimeout(this.timer);
      const socket = this.socket;
      if (socket) {
        if (error) this.fail(error);
        socket.destroy();
        return this;
      }
      queueMicrotask(() => {
        this.fail(error ?? codedError('socket hang up', 'ECONNRESET'));
        this.finishClose();
      });
      return this;
    }

    /** Connecting takes at least a turn of the event loop, as in Node: a request aborted before then sends nothing. */
    private send() {
      if (this.sent || this.destroyed) return;
      this.sent = true;
      afterIo(() => this.lookupAndConnect());
    }

    private lookupAndConnect() {
      if (this.destroyed) return;
      const lookup = this.options.lookup;
      if (typeof lookup === 'function' && !IP.test(this.host)) {
        // A lookup the program supplies holds nothing open by itself: Node's process may end while it is pending.
        this.releaseProcess();
        (lookup as AnyFunction)(this.host, { family: this.options.family ?? 0, hints: this.options.hints ?? 0 }, (error: Error | null) => {
          this.holdProcess();
          if (error) this.connectFailed(error);
          else this.connect();
        });
        return;
      }
      this.connect();
    }

    private connectFailed(error: Error) {
      this.socket?.destroy(error);
    }

    private connect() {
      if (this.destroyed) return;
      const local = this.options.localAddress;
      if (local && !LOOPBACK.test(local)) {
        // The only addresses this machine has are its loopback ones; Node's bind to any other fails so.
        this.connectFailed(Object.assign(new Error(`bind EADDRNOTAVAIL ${local}`), { errno: -99, code: 'EADDRNOTAVAIL', syscall: 'bind', address: local }));
        return;
      }
      const server = ports.get(this.port);
      if (!server) {
        this.connectFailed(connectionRefused(this.port));
        return;
      }
      if (!this.hasHeader('connection')) this.outHeaders.set('connection', { name: 'Connection', value: this.shouldKeepAlive ? 'keep-alive' : 'close' });
      const headers: Record<string, string[]> = Object.create(null);
      for (const [name, value] of this.headerPairs()) (headers[name] ??= []).push(value);
      const body = this.body.length ? Buffer.concat(this.body) : undefined;
      this.exchange = server.serve({ method: this.method, url: this.path, headers, body }, this.sink()) ?? undefined;
    }

    private onResponse(res: InstanceType<typeof IncomingMessage>) {
      const socket = this.socket as Socket;
      const responseTimeout = () => res.emit('timeout');
      socket.on('timeout', responseTimeout);
      res.once('end', () => {
        clearTimeout(this.timer);
        socket.removeListener('timeout', responseTimeout);
        if (this.timeoutCb) socket.removeListener('timeout', this.timeoutCb);
        const connection = String(res.headers.connection ?? '');
        if (/(?:^|,)\s*close\s*(?:,|$)/i.test(connection)) this.shouldKeepAlive = false;
        queueMicrotask(() => {
          res.emit('close');
          if (!this.shouldKeepAlive || !this.agent) {
            socket.destroy();
            return;
          }
          this.finishClose();
          socket.emit('free');
        });
      });
    }

    /** The response reaches the client a task later than the server writes it, as over a connection. */
    private sink(): ResponseSink {
      const later = (fn: () => void) => () => afterIo(fn);
      return {
        head: (head) =>
          later(() => {
            if (this.destroyed || !this.socket) return;
            const res = new IncomingMessage(this.socket);
            res.statusCode = head.statusCode;
            res.statusMessage = head.statusMessage;
            const raw = head.rawHeaders ?? rawFromHeaders(head.headers);
            res.setRawHeaders(this.maxHeadersCount ? raw.slice(0, this.maxHeadersCount * 2) : raw);
            res.req = this;
            this.res = res;
            this.onResponse(res);
            // Node dumps a response nobody listens for, so the request still completes.
            if (!this.emit('response', res)) res.resume();
          })(),
        chunk: (bytes) => later(() => this.res?.deliver(bytes))(),
        end: () =>
          later(() => {
            this.releaseProcess();
            this.res?.deliver(null);
          })(),
        abort: () => later(() => this.socket?.destroy())(),
      };
    }
  }

  return ClientRequest;
}
