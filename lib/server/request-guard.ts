/**
 * The IDE's API routes answer only the IDE itself: a request must come from the IDE site, from a page of the
 * same origin, and (for routes that take a body) carry JSON. Without this, any web page could make a visitor's
 * browser spend the deployment's model key with a "simple" cross-site POST (text/plain needs no preflight).
 *
 * Same-origin is read from `Sec-Fetch-Site` when the browser sends it (every current browser does, and a page
 * cannot forge it); otherwise `Origin` must equal the request's own origin. A body-carrying request with
 * neither is refused: browsers always send `Origin` on a POST, so only other clients lack both, and they can
 * send `Origin` themselves.
 */
import { parseHostHeader, siteForRequest } from './sites';

type Env = Record<string, string | undefined>;

interface GuardOptions {
  /** Require an `application/json` body (POST/PUT routes). GET routes pass false. */
  json: boolean;
  /** Also answer the runtime site's own pages (the npm proxy the runtime frame installs through). */
  allowRuntimeSite?: boolean;
  env?: Env;
}

function refuse(status: 403 | 415, reason: string): Response {
  return Response.json({ error: reason }, { status, headers: { 'Cache-Control': 'no-store' } });
}

/** Does the `Origin` header name the host this request was sent to? */
function originMatchesHost(origin: string, host: string | null): boolean {
  const ownHost = parseHostHeader(host);
  if (!ownHost) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const defaultPort = url.protocol === 'https:' ? '443' : '80';
  const ownPort = ownHost.port === defaultPort ? '' : ownHost.port;
  return url.hostname.toLowerCase() === ownHost.hostname && url.port === ownPort;
}

function sameOriginRefusal(request: Request, bodyRoute: boolean): string | null {
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite !== null) {
    // `none` is a person opening the URL themselves: harmless for a GET, impossible for a page's POST.
    return fetchSite === 'same-origin' || (fetchSite === 'none' && !bodyRoute)
      ? null
      : `Refused: this endpoint only answers the IDE's own pages (Sec-Fetch-Site: ${fetchSite}).`;
  }
  const origin = request.headers.get('origin');
  if (origin === null) {
    return bodyRoute ? "Refused: a request to this endpoint must name its Origin (the IDE sends it; other clients must set it to this server's origin)." : null;
  }
  return originMatchesHost(origin, request.headers.get('host')) ? null : `Refused: Origin ${JSON.stringify(origin.slice(0, 200))} is not this server's origin.`;
}

function isJson(contentType: string | null): boolean {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  return mediaType === 'application/json';
}

/**
 * Returns a 403/415 response to send instead of handling the request, or null when it may proceed.
 * Checks in order: the site (the runtime site never reaches the IDE's routes), same-origin, then the body's type,
 * so a cross-site `text/plain` POST is a 403, not a 415.
 */
export function guardRequest(request: Request, { json, allowRuntimeSite = false, env = process.env }: GuardOptions): Response | null {
  if (!allowRuntimeSite && siteForRequest(request, env) !== 'ide') return refuse(403, 'Refused: the runtime site has no access to this endpoint.');
  const refusal = sameOriginRefusal(request, json);
  if (refusal) return refuse(403, refusal);
  if (json && !isJson(request.headers.get('content-type'))) {
    return refuse(415, `Unsupported content type ${JSON.stringify(request.headers.get('content-type') ?? '(none)')}: send application/json.`);
  }
  return null;
}
