/**
 * The ports of this machine: which server listens where, shared by every process of the page. A port may be
 * bound once per address, as in Node: servers on 127.0.0.1 and ::1 can share port 3000 (Fastify listens on
 * both for `localhost`), while a wildcard address (0.0.0.0, ::) takes the port for every address. Requests to
 * a port go to its first listening server. The first bind of a port opens it to the preview (through
 * `announce`), the last close closes it.
 */
import type { NetSocket } from './net-socket';

export interface Exchange {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body?: Uint8Array;
}

export interface ResponseHead {
  statusCode: number;
  statusMessage: string;
  headers: Record<string, string>;
  /** Name/value pairs as the server sent them (repeated headers such as set-cookie stay apart). */
  rawHeaders?: string[];
}

/** Where a server's response goes: the preview, curl, or another process's http client. */
export interface ResponseSink {
  head(head: ResponseHead): void;
  chunk(bytes: Uint8Array): void;
  end(): void;
  /** The connection broke before the response ended (the server destroyed it). */
  abort(error: Error): void;
}

/** A request being served: the client may drop its connection before the answer ends. */
export interface ServeHandle {
  abort(): void;
}

/** A connection of bytes to a server, opened from outside its thread (a preview page's WebSocket). */
export interface ByteTunnel {
  write(bytes: Uint8Array): void;
  /** Ends the sending side; the server's side ends on its own. */
  end(): void;
  onData(listener: (bytes: Uint8Array) => void): void;
  /** The connection closed (either side ended it, or the server's process went away). */
  onEnd(listener: () => void): void;
}

export interface Listener {
  /**
   * Serves one request; the server answers through the sink, possibly over many tasks. A server in this
   * thread returns a handle through which the client's dropped connection reaches it.
   */
  // A server in another thread answers through the sink alone and returns nothing.
  // eslint-disable-next-line @typescript-eslint/no-invalid-void-type
  serve(exchange: Exchange, sink: ResponseSink): ServeHandle | void;
  /** Closes the server (a process ending, "stop all"). */
  close(): void;
  /** A connection that carries bytes, paired with a client of this thread; absent for another thread's server. */
  accept?(socket: NetSocket): void;
  /** Whether the server's side of a connection stays open after the client ends its own. */
  readonly allowHalfOpen?: boolean;
  /** A connection of bytes to a server in a worker's process, for a client outside that thread. */
  tunnel?(): ByteTunnel;
}

/** What almostnode's service-worker bridge needs of a server on a port. */
export interface PortEntry {
  listening: boolean;
  address(): { port: number; address: string; family: string };
  close(): void;
  handleRequest(method: string, url: string, headers: Record<string, string>, body?: Uint8Array): Promise<ResponseHead & { body: Uint8Array }>;
  /** The bridge's streaming form (the service worker streams POSTs to /api/…): chunks as the server writes them. */
  handleStreamingRequest(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: Uint8Array | undefined,
    onStart: (statusCode: number, statusMessage: string, headers: Record<string, string>) => void,
    onChunk: (chunk: Uint8Array) => void,
    onEnd: () => void,
  ): Promise<void>;
}

export interface PortAnnouncer {
  open(port: number, entry: PortEntry): void;
  close(port: number): void;
}

const WILDCARDS = new Set(['0.0.0.0', '::', '']);

function addressInUse(port: number, address: string): Error {
  return Object.assign(new Error(`listen EADDRINUSE: address already in use ${address.includes(':') ? `[${address}]` : address}:${port}`), {
    code: 'EADDRINUSE',
    errno: -98,
    syscall: 'listen',
    address,
    port,
  });
}

export function connectionRefused(port: number): Error {
  return Object.assign(new Error(`connect ECONNREFUSED 127.0.0.1:${port}`), {
    code: 'ECONNREFUSED',
    errno: -111,
    syscall: 'connect',
    address: '127.0.0.1',
    port,
  });
}

/** Collects a whole response, for the preview and curl. */
function collect(serve: (sink: ResponseSink) => void): Promise<ResponseHead & { body: Uint8Array }> {
  return new Promise((resolve, reject) => {
    let head: ResponseHead = { statusCode: 200, statusMessage: 'OK', headers: {} };
    const chunks: Uint8Array[] = [];
    serve({
      head: (value) => void (head = value),
      chunk: (bytes) => void chunks.push(bytes),
      end: () => {
        const body = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
        let at = 0;
        for (const chunk of chunks) body.set(chunk, (at += chunk.length) - chunk.length);
        resolve({ ...head, body });
      },
      abort: reject,
    });
  });
}

/**
 * Headers about the connection itself (Node's server sends them); the page's service worker answers the
 * browser without a connection of its own, so they are left out of what it hands over.
 */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding']);

function forPage(head: ResponseHead): ResponseHead {
  const headers = Object.fromEntries(Object.entries(head.headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));
  return { ...head, headers };
}

export class PortTable {
  private readonly bindings = new Map<number, { address: string; listener: Listener }[]>();

  /**
   * `elsewhere` finds a server another thread's table holds (a process in a worker asks the runtime frame's),
   * for clients whose port is not bound here.
   */
  constructor(
    private readonly announce: PortAnnouncer,
    private readonly elsewhere: (port: number) => Listener | undefined = () => undefined,
  ) {}

  /** Binds `listener` to port/address; throws EADDRINUSE when the port is taken for that address. */
  bind(port: number, address: string, listener: Listener): void {
    const taken = this.bindings.get(port) ?? [];
    if (taken.some((binding) => binding.address === address || WILDCARDS.has(binding.address) || WILDCARDS.has(address))) {
      throw addressInUse(port, address);
    }
    taken.push({ address, listener });
    this.bindings.set(port, taken);
    if (taken.length > 1) return;
    try {
      this.announce.open(port, this.entry(port));
    } catch (error) {
      // The announcer may refuse the port (another process holds it): the bind did not happen.
      this.bindings.delete(port);
      throw error;
    }
  }

  unbind(port: number, listener: Listener): void {
    const taken = (this.bindings.get(port) ?? []).filter((binding) => binding.listener !== listener);
    if (taken.length > 0) {
      this.bindings.set(port, taken);
      return;
    }
    if (!this.bindings.delete(port)) return;
    this.announce.close(port);
  }

  listening(port: number): boolean {
    return this.get(port) !== undefined;
  }

  /** The server that answers requests to `port`, if any. */
  get(port: number): Listener | undefined {
    return this.bindings.get(port)?.[0]?.listener ?? this.elsewhere(port);
  }

  /** A whole response from the server on `port` (ECONNREFUSED when none listens), for the preview and curl. */
  request(port: number, exchange: Exchange): Promise<ResponseHead & { body: Uint8Array }> {
    const listener = this.get(port);
    if (!listener) return Promise.reject(connectionRefused(port));
    return collect((sink) => listener.serve(exchange, sink));
  }

  /** A free port for `listen(0)`, from the range Linux hands out. */
  ephemeral(): number {
    for (;;) {
      const port = 32768 + Math.floor(Math.random() * 28000);
      if (!this.bindings.has(port)) return port;
    }
  }

  private entry(port: number): PortEntry {
    const bindings = this.bindings;
    return {
      get listening() {
        return bindings.has(port);
      },
      address: () => ({ port, address: '::', family: 'IPv6' }),
      close: () => {
        for (const binding of [...(bindings.get(port) ?? [])]) binding.listener.close();
      },
      handleRequest: async (method, url, headers, body) =>
        forPage(await this.request(port, { method, url, headers, body })) as ResponseHead & { body: Uint8Array },
      handleStreamingRequest: (method, url, headers, body, onStart, onChunk, onEnd) =>
        new Promise<void>((resolve, reject) => {
          const listener = this.get(port);
          if (!listener) return reject(connectionRefused(port));
          let started = false;
          const start = (head: ResponseHead) => {
            if (!started) onStart(head.statusCode, head.statusMessage, forPage(head).headers);
            started = true;
          };
          listener.serve(
            { method, url, headers, body },
            {
              head: start,
              chunk: onChunk,
              end: () => (start({ statusCode: 200, statusMessage: 'OK', headers: {} }), onEnd(), resolve()),
              abort: (error) => (started ? (onEnd(), resolve()) : reject(error)),
            },
          );
        }),
    };
  }
}
