/**
 * `fetch` for programs: a request to localhost on a port a server of this runtime listens on is answered by
 * that server, as on one machine (undici in Node); one to a local port where nothing listens fails as undici
 * fails (TypeError "fetch failed", cause ECONNREFUSED). Everything else, and the page's own origin, goes to
 * the page's fetch. Installed once per page (every process shares the page's global fetch); the ports it
 * asks are those of the newest file system's processes.
 */
import { LOCAL_HOSTS } from './http-client';
import { connectionRefused, type PortTable } from './ports';

const INSTALLED = Symbol.for('tabsmith.localFetch');

function localPort(url: URL): number | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!LOCAL_HOSTS.has(url.hostname) || url.origin === globalThis.location?.origin) return null;
  return Number(url.port || (url.protocol === 'https:' ? 443 : 80));
}

export function installLocalFetch(ports: PortTable): void {
  const page = globalThis as unknown as Record<PropertyKey, unknown> & { fetch: typeof fetch };
  if (typeof page.fetch !== 'function') return;
  const installed = Boolean(page[INSTALLED]);
  page[INSTALLED] = ports;
  if (installed) return;
  const original = page.fetch.bind(globalThis);
  page.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const ports = page[INSTALLED] as PortTable;
    const request = new Request(input, init);
    const port = localPort(new URL(request.url));
    if (port === null) return original(input, init);
    if (!ports.listening(port)) throw Object.assign(new TypeError('fetch failed'), { cause: connectionRefused(port) });
    const url = new URL(request.url);
    const headers: Record<string, string> = { host: url.host };
    request.headers.forEach((value, key) => (headers[key] = value));
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : new Uint8Array(await request.arrayBuffer());
    const answer = await ports.request(port, { method: request.method, url: `${url.pathname}${url.search}`, headers, body });
    const nullBody = request.method === 'HEAD' || [101, 204, 205, 304].includes(answer.statusCode);
    const response = new Response(nullBody ? null : (answer.body as BodyInit), {
      status: answer.statusCode,
      statusText: answer.statusMessage,
      headers: answer.headers,
    });
    Object.defineProperty(response, 'url', { value: request.url });
    return response;
  };
}
