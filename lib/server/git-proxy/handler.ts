/**
 * The git proxy: git's smart HTTP protocol, from the IDE's pages to an allowlisted git host and back. Browsers
 * cannot talk to git hosts themselves (no CORS there), so clone, fetch, pull and push in the IDE go through
 * this server. The route only guards the request (same-origin IDE pages) and hands it here.
 *
 * Each step refuses with a JSON `{ error }` sentence: 404 for anything but a smart HTTP endpoint, 400 for a
 * malformed path, query or header, 403 for a host off the allowlist, 413 for a body past the limit, 502 when the
 * host cannot be reached or redirects elsewhere, 504 when the exchange outlasts its time. The host's own answers,
 * 401 and 403 included, pass through with their status and body.
 */
import { readRequestBody, limitedBody } from './body';
import { errorResponse, GitProxyError, jsonError } from './errors';
import { allowedGitHosts, describeAllowedHosts, GIT_HOSTS_VARIABLE, originForHost } from './hosts';
import { DEFAULT_GIT_PROXY_LIMITS, describeBytes, describeSeconds, type GitProxyLimits } from './limits';
import { upstreamHeaders, type UpstreamHeaders } from './request-headers';
import { gitProxyResponse } from './response';
import { parseGitTarget, upstreamUrl, type GitTarget } from './target';
import { fetchUpstream, networkReason } from './upstream';

type Env = Record<string, string | undefined>;

export interface GitProxyOptions {
  env?: Env;
  fetch?: typeof fetch;
  limits?: Partial<GitProxyLimits>;
}

class ExchangeTimeout extends Error {
  constructor(host: string, timeoutMs: number) {
    super(`${host} did not finish within ${describeSeconds(timeoutMs)}, the git proxy's limit for one exchange.`);
    this.name = 'ExchangeTimeout';
  }
}

/**
 * Replaces the credentials wherever a message might carry them. No message here is built from a header's
 * value; this holds for errors thrown by code that is not this proxy's too.
 */
function redact(message: string, credentials: string | undefined): string {
  const secret = credentials?.slice(credentials.indexOf(' ') + 1);
  return secret ? message.split(secret).join('[credentials]') : message;
}

interface Exchange {
  request: Request;
  target: GitTarget;
  origin: string;
  outgoing: UpstreamHeaders;
  limits: GitProxyLimits;
  fetch?: typeof fetch;
}

async function exchange({ request, target, origin, outgoing, limits, fetch }: Exchange): Promise<Response> {
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(new ExchangeTimeout(target.host, limits.timeoutMs)), limits.timeoutMs);
  // The client going away (Next aborts the request's signal when its connection closes) ends the exchange too.
  const signal = AbortSignal.any([timer.signal, request.signal]);
  const finished = () => clearTimeout(timeout);
  const credentials = outgoing.headers.Authorization;
  try {
    const body = target.endpoint === 'info/refs' ? undefined : await readRequestBody(request, limits.maxRequestBytes, signal);
    const upstream = await fetchUpstream({
      url: upstreamUrl(origin, target),
      method: target.endpoint === 'info/refs' ? 'GET' : 'POST',
      headers: outgoing.headers,
      body,
      host: target.host,
      signal,
      maxRedirects: limits.maxRedirects,
      fetch,
    });
    const declared = Number(upstream.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > limits.maxResponseBytes) {
      await upstream.body?.cancel().catch(() => undefined);
      throw new GitProxyError(
        502,
        `The answer from ${target.host} is ${describeBytes(declared)}, more than the git proxy's limit of ${describeBytes(limits.maxResponseBytes)}.`,
      );
    }
    const stream = upstream.body ? limitedBody(upstream.body, limits.maxResponseBytes, target.host, finished) : null;
    if (!stream) finished();
    return gitProxyResponse({ upstream, body: stream, hasCredentials: outgoing.hasCredentials, credentials });
  } catch (error) {
    finished();
    if (error instanceof GitProxyError) return jsonError(error.status, redact(error.message, credentials), error.headers);
    if (error instanceof ExchangeTimeout) return jsonError(504, error.message);
    if (request.signal.aborted) return jsonError(400, 'The client cancelled the request.');
    return jsonError(502, redact(`The exchange with ${target.host} failed: ${networkReason(error)}.`, credentials));
  }
}

export async function handleGitProxy(request: Request, options: GitProxyOptions = {}): Promise<Response> {
  let hosts: ReadonlyMap<string, string>;
  try {
    hosts = allowedGitHosts(options.env ?? process.env);
  } catch (error) {
    return jsonError(500, `The git proxy is not configured correctly: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    const url = new URL(request.url);
    const target = parseGitTarget(request.method, url.pathname, url.searchParams);
    const origin = originForHost(hosts, target.host);
    if (origin === null) {
      throw new GitProxyError(
        403,
        `Git host ${target.host} is not allowed here: the proxy only forwards to ${describeAllowedHosts(hosts)} (operators add hosts with ${GIT_HOSTS_VARIABLE}).`,
      );
    }
    const outgoing = upstreamHeaders(request, target);
    const limits = { ...DEFAULT_GIT_PROXY_LIMITS, ...options.limits };
    return await exchange({ request, target, origin, outgoing, limits, fetch: options.fetch });
  } catch (error) {
    if (error instanceof GitProxyError) return errorResponse(error);
    throw error;
  }
}
