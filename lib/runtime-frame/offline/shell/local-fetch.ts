/**
 * curl's fetch in this runtime: requests to localhost reach the runtime's own servers through almostnode's
 * server bridge (the same path the preview takes); there is no other network here, and curl says so.
 */
import type { SecureFetch } from 'just-bash';

interface LocalServers {
  ports(): number[];
  request(
    port: number,
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: ArrayBuffer,
  ): Promise<{ statusCode: number; statusMessage: string; headers: Record<string, string>; body?: Uint8Array }>;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '0.0.0.0', '[::1]']);

export function localFetch(servers: LocalServers): SecureFetch {
  return async (url, options = {}) => {
    const target = new URL(url);
    if (!LOCAL_HOSTS.has(target.hostname) || target.protocol !== 'http:') {
      throw new Error(`${target.host}: no internet access from this runtime; curl reaches only servers started here (http://localhost:<port>)`);
    }
    const port = Number(target.port || 80);
    if (!servers.ports().includes(port)) throw new Error(`Failed to connect to ${target.hostname} port ${port}: no server listens there`);
    const headers = options.headers instanceof Headers ? Object.fromEntries(options.headers.entries()) : (options.headers ?? {});
    const body = options.body === undefined ? undefined : (new TextEncoder().encode(options.body).buffer as ArrayBuffer);
    const response = await servers.request(port, options.method ?? 'GET', `${target.pathname}${target.search}`, headers, body);
    return {
      status: response.statusCode,
      statusText: response.statusMessage,
      headers: response.headers,
      body: response.body ? new Uint8Array(response.body) : new Uint8Array(),
      url,
    };
  };
}
