/**
 * Node's http client for requests to this machine: `http.request`/`http.get` to localhost reach the server
 * listening on that port directly (whichever process started it), as on one machine in Node. The request is a
 * writable message (headers, body in chunks, `end()`), the response an IncomingMessage read as the server
 * writes it; 'socket', 'response', 'timeout', 'error' (ECONNREFUSED when nothing listens, ECONNRESET when the
 * server drops the connection) and 'close' come in Node's order. Other hosts go to almostnode's client
 * (the page's fetch).
 */
import { codedError, rawFromHeaders } from './http-headers';
import type { MessageClasses } from './http-messages';
import { connectionRefused, type PortTable, type ResponseSink } from './ports';
import { currentTimerOwner, runAs } from '../timers';

type AnyFunction = (...args: unknown[]) => unknown;
type HeaderInput = Record<string, string | number | readonly string[] | undefined> | readonly string[];

export interface RequestOptions {
  protocol?: string;
  host?: string;
  hostname?: string;
  port?: string | number;
  path?: string;
  method?: string;
  headers?: HeaderInput;
  auth?: string;
  timeout?: number;
  signal?: AbortSignal;
  setHost?: boolean;
  defaultPort?: number;
  [key: string]: unknown;
}

export const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '0.0.0.0', '::1', '[::1]', '::']);

/** `request(url, [options], [callback])` or `request(options, [callback])`, as Node takes them. */
export function parseRequestArgs(args: unknown[], protocol: string): { options: RequestOptions; callback?: AnyFunction } {
  const callback = typeof args[args.length - 1] === 'function' ? (args.pop() as AnyFunction) : undefined;
  let [first, second] = args;
  let options: RequestOptions = {};
  if (typeof first === 'string' || first instanceof URL) {
    const url = new URL(String(first));
    options = {
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      ...(url.username ? { auth: `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` } : {}),
    };
    first = second;
    second = undefined;
  }
  if (first && typeof first === 'object') options = { ...options, ...(first as RequestOptions) };
  options.protocol ??= protocol;
  return { options, callback };
}

export function target(options: RequestOptions): { host: string; port: number } {
  let host = options.hostname ?? '';
  let port = options.port;
  if (!host && options.host) {
    const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(options.host);
    host = match?.[1] ?? options.host;
    port ??= match?.[2];
  }
  const fallback = options.defaultPort ?? (options.protocol === 'https:' ? 443 : 80);
  return { host: (host || 'localhost').replace(/^\[|\]$/g, ''), port: Number(port || fallback) };
}

export function createClientRequestClass(messages: MessageClasses, ports: PortTable, Buffer: { concat(list: Uint8Array[]): Uint8Array }) {
  const { Socket, IncomingMessage, OutgoingMessage } = messages;

  class ClientRequest extends OutgoingMessage {
    readonly method: string;
    readonly path: string;
    readonly host: string;
    readonly protocol: string;
    readonly socket: InstanceType<typeof Socket>;
    aborted = false;
    reusedSocket = false;
    res: InstanceType<typeof IncomingMessage> | null = null;
    maxHeadersCount: number | null = null;
    private readonly port: number;
    private readonly body: Uint8Array[] = [];
    private timer: ReturnType<typeof setTimeout> | undefined;
    private sent = false;

    constructor(options: RequestOptions, callback?: AnyFunction) {
      super();
      const { host, port } = target(options);
      this.host = host;
      this.port = port;
      this.protocol = options.protocol ?? 'http:';
      this.method = String(options.method ?? 'GET').toUpperCase();
      this.path = options.path ?? '/';
      this.socket = new Socket(port, this.protocol === 'https:');
      if (callback) this.once('response', callback);
      const headers = options.headers;
      if (Array.isArray(headers)) for (let i = 0; i + 1 < headers.length; i += 2) this.appendHeader(headers[i] as string, headers[i + 1] as string);
      else if (headers) for (const [name, value] of Object.entries(headers)) if (value !== undefined) this.setHeader(name, value);
      if (options.setHost !== false && !this.hasHeader('host')) this.setHeader('Host', `${host.includes(':') ? `[${host}]` : host}:${port}`);
      if (options.auth && !this.hasHeader('authorization')) this.setHeader('Authorization', `Basic ${btoa(options.auth)}`);
      if (options.timeout) this.setTimeout(options.timeout);
      options.signal?.addEventListener('abort', () => this.destroy(Object.assign(new Error('The operation was aborted'), { name: 'AbortError', code: 'ABORT_ERR' })), { once: true });
      this.keepProcessAlive();
      queueMicrotask(() => this.emit('socket', this.socket));
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
      const handle = runAs(owner, () => setInterval(() => undefined, 2 ** 30));
      this.releaseProcess = () => clearInterval(handle);
      this.once('close', this.releaseProcess);
    }

    private releaseProcess = () => {};

    get connection() {
      return this.socket;
    }

    write(chunk: unknown, encoding?: unknown, callback?: AnyFunction) {
      if (typeof encoding === 'function') [callback, encoding] = [encoding as AnyFunction, undefined];
      if (this.writableEnded) {
        const error = codedError('write after end', 'ERR_STREAM_WRITE_AFTER_END');
        queueMicrotask(() => (callback ? callback(error) : this.emit('error', error)));
        return false;
      }
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
      this.writable = false;
      queueMicrotask(() => {
        this.writableFinished = true;
        this.emit('finish');
        if (callback) callback();
        this.send();
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
      const response = this.res;
      queueMicrotask(() => {
        if (response && !response.complete) {
          response.aborted = true;
          response.emit('aborted');
          response.destroy(codedError('aborted', 'ECONNRESET'));
        } else if (!response) {
          this.emit('error', error ?? codedError('socket hang up', 'ECONNRESET'));
        }
        this.emit('close');
      });
      return this;
    }

    private send() {
      if (this.sent || this.destroyed) return;
      this.sent = true;
      const server = ports.get(this.port);
      if (!server) {
        this.destroyed = true;
        clearTimeout(this.timer);
        this.emit('error', connectionRefused(this.port));
        this.emit('close');
        return;
      }
      const headers: Record<string, string[]> = {};
      for (const [name, value] of this.headerPairs()) (headers[name] ??= []).push(value);
      const body = this.body.length ? Buffer.concat(this.body) : undefined;
      server.serve({ method: this.method, url: this.path, headers, body }, this.sink());
    }

    /** The response reaches the client a task later than the server writes it, as over a connection. */
    private sink(): ResponseSink {
      const later = (fn: () => void) => () => void setTimeout(fn, 0);
      return {
        head: (head) =>
          later(() => {
            if (this.destroyed) return;
            const res = new IncomingMessage(this.socket);
            res.statusCode = head.statusCode;
            res.statusMessage = head.statusMessage;
            res.setRawHeaders(head.rawHeaders ?? rawFromHeaders(head.headers));
            res.req = this;
            res.once('end', () => {
              clearTimeout(this.timer);
              queueMicrotask(() => {
                res.emit('close');
                this.emit('close');
              });
            });
            this.res = res;
            // Node dumps a response nobody listens for, so the request still completes.
            if (!this.emit('response', res)) res.resume();
          })(),
        chunk: (bytes) => later(() => this.res?.deliver(bytes))(),
        end: () =>
          later(() => {
            this.releaseProcess();
            this.res?.deliver(null);
          })(),
        abort: () => later(() => this.destroy())(),
      };
    }
  }

  return ClientRequest;
}

export function isLocal(options: RequestOptions): boolean {
  return LOCAL_HOSTS.has(target(options).host);
}
