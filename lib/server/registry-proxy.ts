/**
 * Same-origin npm registry proxy for the offline runtime.
 *
 * The browser cannot talk to the upstream registry itself (no CORS headers, and under COEP require-corp every
 * response needs a CORP header), so the app forwards two kinds of GET requests, and nothing else:
 *   /api/npm/<name>                 package metadata (tarball URLs rewritten to point back at this proxy)
 *   /api/npm/<name>/-/<file>.tgz    a package tarball, streamed through
 * Names and file names are validated strictly so the proxy can never be steered to another host or path, it
 * follows redirects only within the configured registry's origin, and nothing from the request's headers ever
 * goes into a URL it builds or answers with.
 */
import { z } from 'zod';
import { RegistryProxyError, upstreamNetworkError, upstreamStatusError, upstreamTimeoutError, type RegistryItem } from './registry-proxy-errors';

export { RegistryProxyError } from './registry-proxy-errors';

const PROXY_PREFIX = '/api/npm';

/**
 * The longest path the proxy accepts: `/api/npm/` + a 214-character scoped name (its slash possibly spelled
 * `%2f`) + `/-/` + a tarball file name stays well below this. Anything longer is refused with 414.
 */
export const MAX_PROXY_PATH_LENGTH = 1024;

/** Redirects followed within the registry's own origin (a registry may move a path); more is a loop. */
const MAX_REDIRECTS = 3;

// npm's rules for new package names: lowercase, URL-safe, at most 214 characters, optional @scope/.
const NAME_PART = '[a-z0-9-~][a-z0-9-._~]*';
const packageNameSchema = z
  .string()
  .max(214, 'package name is longer than 214 characters')
  .regex(new RegExp(`^(?:@${NAME_PART}/)?${NAME_PART}$`), 'not a valid npm package name');

const SEMVER = '\\d+\\.\\d+\\.\\d+(?:-[0-9A-Za-z.-]+)?(?:\\+[0-9A-Za-z.-]+)?';

type RegistryRequest = { kind: 'metadata'; name: string } | { kind: 'tarball'; name: string; file: string };

export function validatePackageName(name: string): string {
  const parsed = packageNameSchema.safeParse(name);
  if (!parsed.success) throw new RegistryProxyError(400, `Invalid package name: ${JSON.stringify(name.slice(0, 240))}`);
  return parsed.data;
}

/** The tarball file must be `<unscoped name>-<semver>.tgz`: the only shape a registry serves. */
function validateTarballFile(name: string, file: string): string {
  const unscoped = name.slice(name.lastIndexOf('/') + 1);
  const escaped = unscoped.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (file.length > 300 || !new RegExp(`^${escaped}-${SEMVER}\\.tgz$`).test(file)) {
    throw new RegistryProxyError(400, `Invalid tarball file name: ${JSON.stringify(file.slice(0, 240))}`);
  }
  return file;
}

/**
 * Parses the part of the raw (still percent-encoded) URL path after the proxy prefix. Only `%2f` (the scoped
 * name separator npm clients use) may be encoded; any other escape is refused, which also rules out `%2e%2e`.
 */
export function parseRegistryPath(rawPath: string): RegistryRequest {
  const path = rawPath.replace(/^\/+/, '').replace(/%2f/gi, '/');
  if (path.includes('%')) throw new RegistryProxyError(400, 'Unexpected percent-encoding in registry path');
  const segments = path.split('/');
  const scoped = segments[0]?.startsWith('@') ?? false;
  const nameLength = scoped ? 2 : 1;
  const name = validatePackageName(segments.slice(0, nameLength).join('/'));
  const rest = segments.slice(nameLength);
  if (rest.length === 0) return { kind: 'metadata', name };
  if (rest.length === 2 && rest[0] === '-') return { kind: 'tarball', name, file: validateTarballFile(name, rest[1] ?? '') };
  throw new RegistryProxyError(400, 'Only package metadata and tarballs can be fetched through this proxy');
}

interface PackageMetadata {
  versions?: Record<string, { dist?: { tarball?: string } } | undefined>;
}

/**
 * Points every `dist.tarball` at this proxy with a root-relative URL (`/api/npm/<name>/-/<file>.tgz`). The
 * package manager fetches tarball URLs as they are, so the page resolves them against its own origin (the one
 * whose /api/npm it was given), and the answer does not depend on the request's Host: it can be cached.
 */
export function rewriteTarballUrls<T extends PackageMetadata>(metadata: T, name: string, proxyBase: string = PROXY_PREFIX): T {
  const unscoped = name.slice(name.lastIndexOf('/') + 1);
  for (const [version, manifest] of Object.entries(metadata.versions ?? {})) {
    if (!manifest?.dist) continue;
    const original = manifest.dist.tarball ?? '';
    const file = original.slice(original.lastIndexOf('/') + 1);
    let safeFile: string;
    try {
      safeFile = validateTarballFile(name, file);
    } catch {
      safeFile = `${unscoped}-${version}.tgz`;
    }
    manifest.dist.tarball = `${proxyBase}/${name}/-/${safeFile}`;
  }
  return metadata;
}

const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': 'Accept, Content-Type',
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

/** How long the proxy waits for the registry's answer to start (headers), before telling the client so. */
const UPSTREAM_TIMEOUT_MS = 30_000;

/**
 * Fetches from the upstream registry, following a redirect only when it stays on the registry's own origin:
 * a registry (or anyone able to answer in its name) must not be able to point the server at an internal
 * address and have the proxy hand that address's answer to the browser. Waiting ends after `timeoutMs`
 * without response headers; a body that has started streaming is not cut off.
 */
async function fetchFromRegistry(doFetch: typeof fetch, url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  const registryOrigin = new URL(url).origin;
  let current = url;
  for (let hop = 0; ; hop++) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new UpstreamTimeout()), timeoutMs);
    let response: Response;
    try {
      response = await doFetch(current, { ...init, redirect: 'manual', signal: controller.signal });
    } catch (error) {
      throw controller.signal.aborted ? new UpstreamTimeout() : error;
    } finally {
      clearTimeout(timer);
    }
    if (response.status < 300 || response.status >= 400 || response.status === 304) return response;
    const location = response.headers.get('location');
    if (!location) return response;
    const next = new URL(location, current);
    if (next.origin !== registryOrigin) {
      throw new RegistryProxyError(
        502,
        `The npm registry redirected to another host (${next.host}); only redirects within the configured registry are followed.`,
      );
    }
    if (hop >= MAX_REDIRECTS) throw new RegistryProxyError(502, `The npm registry redirected more than ${MAX_REDIRECTS} times.`);
    await response.body?.cancel();
    current = next.href;
  }
}

class UpstreamTimeout extends Error {}

/** Releases an error answer's body (nobody reads it) and hands back the error to throw. */
async function discard(response: Response, error: RegistryProxyError): Promise<RegistryProxyError> {
  await response.body?.cancel().catch(() => undefined);
  return error;
}

function jsonError(status: number, message: string): Response {
  return new Response(JSON.stringify({ error: message }), {
    status,
    headers: { ...CORS_HEADERS, 'Content-Type': 'application/json; charset=utf-8' },
  });
}

export interface RegistryProxyOptions {
  /**
   * The upstream registry's base URL, or how to get it: the server decides once at start-up
   * (lib/server/npm-upstream.ts); a rejection (an invalid setting) is answered with its message.
   */
  upstream: string | (() => Promise<string>);
  fetch?: typeof fetch;
  /** Wait for the registry's response headers (default UPSTREAM_TIMEOUT_MS). */
  timeoutMs?: number;
}

const METADATA_ACCEPT = 'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8';

/**
 * Handles one proxy request; `request.url` must be the full URL including the `/api/npm` prefix. Every failure
 * is answered as JSON `{ error }` with a sentence the npm client prints as it is.
 */
export async function handleRegistryRequest(request: Request, options: RegistryProxyOptions): Promise<Response> {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS_HEADERS });
  if (request.method !== 'GET' && request.method !== 'HEAD') return jsonError(405, 'Only GET requests are proxied');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? UPSTREAM_TIMEOUT_MS;
  let upstream = '';
  let item: RegistryItem | null = null;
  try {
    const url = new URL(request.url);
    if (url.pathname.length > MAX_PROXY_PATH_LENGTH) throw new RegistryProxyError(414, `Registry path longer than ${MAX_PROXY_PATH_LENGTH} characters`);
    if (!url.pathname.startsWith(`${PROXY_PREFIX}/`)) throw new RegistryProxyError(400, 'Not a registry proxy path');
    const target = parseRegistryPath(url.pathname.slice(PROXY_PREFIX.length + 1));
    item = target.kind === 'tarball' ? { name: target.name, file: target.file } : { name: target.name };
    upstream = typeof options.upstream === 'string' ? options.upstream : await options.upstream();

    if (target.kind === 'tarball') {
      const response = await fetchFromRegistry(doFetch, `${upstream}/${target.name}/-/${target.file}`, {}, timeoutMs);
      if (!response.ok) throw await discard(response, upstreamStatusError(upstream, item, response));
      return new Response(response.body, {
        status: 200,
        headers: {
          ...CORS_HEADERS,
          'Content-Type': 'application/octet-stream',
          'Cache-Control': 'public, max-age=31536000, immutable',
        },
      });
    }

    // The abbreviated ("corgi") document is much smaller and has everything an install needs.
    const init = { headers: { Accept: METADATA_ACCEPT } };
    const response = await fetchFromRegistry(doFetch, `${upstream}/${target.name.replace('/', '%2f')}`, init, timeoutMs);
    if (!response.ok) throw await discard(response, upstreamStatusError(upstream, item, response));
    const document = (await response.json().catch(() => null)) as PackageMetadata | null;
    if (typeof document !== 'object' || document === null) {
      throw new RegistryProxyError(502, `The npm registry sent metadata for ${target.name} that is not a JSON object.`);
    }
    return new Response(JSON.stringify(rewriteTarballUrls(document, target.name)), {
      status: 200,
      headers: { ...CORS_HEADERS, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=60' },
    });
  } catch (error) {
    if (error instanceof RegistryProxyError) return jsonError(error.status, error.message);
    const failed = item ?? { name: 'the package' };
    if (error instanceof UpstreamTimeout) return jsonError(504, upstreamTimeoutError(upstream, failed, timeoutMs).message);
    return jsonError(502, upstreamNetworkError(upstream, failed, error).message);
  }
}
