/**
 * `http` for programs: almostnode's client sends every request with the page's fetch, which cannot reach the
 * runtime's own servers (they live behind its server bridge). Here a request to localhost on a port a
 * runtime server listens on is answered by that server directly, as it would be on one machine in Node.
 */
type Headers = Record<string, string | string[] | undefined>;

interface VirtualServer {
  handleRequest(method: string, url: string, headers: Headers, body?: Uint8Array): Promise<{
    statusCode: number;
    statusMessage?: string;
    headers: Record<string, string>;
    body?: Uint8Array;
  }>;
}

interface ClientRequestLike {
  _options: { hostname?: string; host?: string; port?: string | number; path?: string };
  _bodyChunks: Uint8Array[];
  _aborted: boolean;
  method: string;
  headers: Headers;
  _performRequest(): Promise<void>;
  _responseToIncomingMessage(response: unknown): Promise<unknown>;
  emit(event: string, ...args: unknown[]): boolean;
  end(...args: unknown[]): unknown;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '0.0.0.0', '::1', '[::1]']);

function target(options: ClientRequestLike['_options']): { host: string; port: number } {
  let host = options.hostname ?? '';
  let port = options.port;
  if (!host && options.host) {
    const [name, hostPort] = options.host.split(':');
    host = name ?? '';
    port ??= hostPort;
  }
  return { host: host || 'localhost', port: Number(port || 80) };
}

export function httpModule(almostHttp: Record<string, unknown>): Record<string, unknown> {
  const getServer = almostHttp.getServer as (port: number) => VirtualServer | undefined;
  const almostRequest = almostHttp.request as (...args: unknown[]) => ClientRequestLike;
  const concat = (chunks: Uint8Array[]) => {
    const out = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
    let at = 0;
    for (const chunk of chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  };
  const request = (...args: unknown[]) => {
    const req = almostRequest(...args);
    const { host, port } = target(req._options);
    if (!LOCAL_HOSTS.has(host)) return req;
    req._performRequest = async function (this: ClientRequestLike) {
      if (this._aborted) return;
      const server = getServer(port);
      if (!server) {
        const error = Object.assign(new Error(`connect ECONNREFUSED 127.0.0.1:${port}`), { code: 'ECONNREFUSED', syscall: 'connect', port });
        this.emit('error', error);
        return;
      }
      const body = this._bodyChunks.length && this.method !== 'GET' && this.method !== 'HEAD' ? concat(this._bodyChunks) : undefined;
      const answer = await server.handleRequest(this.method, this._options.path || '/', { host: `${host}:${port}`, ...this.headers }, body);
      if (this._aborted) return;
      // The shape almostnode turns into an IncomingMessage (a fetch Response's).
      const response = {
        status: answer.statusCode,
        statusText: answer.statusMessage ?? '',
        headers: { forEach: (visit: (value: string, key: string) => void) => Object.entries(answer.headers).forEach(([key, value]) => visit(String(value), key)) },
        arrayBuffer: async () => answer.body ?? new Uint8Array(),
      };
      this.emit('response', await this._responseToIncomingMessage(response));
    };
    return req;
  };
  const get = (...args: unknown[]) => {
    const req = request(...args);
    req.end();
    return req;
  };
  const module: Record<string, unknown> = { ...almostHttp, request, get };
  module.default = module;
  return module;
}
