/**
 * One request to a git host, redirects included. Redirects are followed here, not by fetch, and only while
 * they stay on the host's origin (scheme, host and port): a host that redirects elsewhere would otherwise make
 * the proxy fetch an address that is not on the allowlist, with the user's credentials, and hand the answer
 * back to the browser.
 */
import { GitProxyError } from './errors';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

// Node's fetch fails with "fetch failed" and puts the reason in `cause.code`.
const NETWORK_REASONS: Record<string, string> = {
  ENOTFOUND: 'its name could not be resolved (DNS)',
  EAI_AGAIN: 'its name could not be resolved right now (DNS)',
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  UND_ERR_SOCKET: 'the connection failed',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
};

/** Why a fetch failed, in words; a TLS failure's own message names the certificate problem. */
export function networkReason(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : undefined;
  if (code !== undefined && NETWORK_REASONS[code] !== undefined) return `${NETWORK_REASONS[code]} (${code})`;
  if (cause instanceof Error) return cause.message;
  return error instanceof Error ? error.message : String(error);
}

interface UpstreamRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: Uint8Array;
  /** The host as the client named it, for messages. */
  host: string;
  signal: AbortSignal;
  maxRedirects: number;
  fetch?: typeof fetch;
}

/** `other.example`, or the whole origin when only the scheme or port differs (`http://github.com`). */
function describeDestination(from: URL, to: URL): string {
  return to.hostname === from.hostname ? to.origin : to.host;
}

/**
 * The host's answer, after following redirects within its origin. The method and body stay the same on every
 * redirect: a smart HTTP endpoint takes one method only, so turning a POST into a GET (what browsers do on a 301
 * to 303) would only fetch an error. Throws GitProxyError (502) for a redirect elsewhere, a redirect loop or
 * an unreachable host, and the signal's reason when it aborts.
 */
export async function fetchUpstream(request: UpstreamRequest): Promise<Response> {
  const doFetch = request.fetch ?? fetch;
  let current = new URL(request.url);
  for (let hop = 0; ; hop += 1) {
    let response: Response;
    try {
      response = await doFetch(current, {
        method: request.method,
        headers: request.headers,
        body: request.body as BodyInit | undefined,
        redirect: 'manual',
        signal: request.signal,
      });
    } catch (error) {
      if (request.signal.aborted) throw request.signal.reason;
      throw new GitProxyError(502, `Could not reach ${request.host}: ${networkReason(error)}.`);
    }
    const location = response.headers.get('location');
    if (!REDIRECT_STATUSES.has(response.status) || location === null) return response;
    await response.body?.cancel().catch(() => undefined);

    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      throw new GitProxyError(502, `${request.host} redirected to an address that is not a URL; refused.`);
    }
    if (next.origin !== current.origin) {
      throw new GitProxyError(
        502,
        `${request.host} redirected to ${describeDestination(current, next)}, another host; refused: the git proxy only follows redirects within the same host (scheme, name and port).`,
      );
    }
    if (hop >= request.maxRedirects) throw new GitProxyError(502, `${request.host} redirected more than ${request.maxRedirects} times; gave up.`);
    current = next;
  }
}
