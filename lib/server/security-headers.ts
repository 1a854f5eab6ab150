/**
 * Every security header the app sends, per site, in one place. next.config.ts applies STATIC_SECURITY_HEADERS
 * to every response (static files included) and CROSS_ORIGIN_ISOLATION_HEADERS to every path matching
 * ISOLATED_PATHS_SOURCE; proxy.ts adds the per-site set from `securityHeaders`.
 *
 * Both sites are cross-origin isolated (COOP same-origin, COEP require-corp): the runtimes need
 * SharedArrayBuffer. The one exception is WebContainer's connect page (see WEBCONTAINER_CONNECT_PATH). The
 * runtime and preview sites' responses also carry CORP cross-origin, because the IDE (another site, itself under
 * COEP require-corp) embeds the runtime frame, the previews and their relay.
 */
import { parseRuntimeOriginPattern, patternToSource } from '../runtime-site/origin';
import { ideSourcesFor } from './ide-origins';
import type { Site } from './sites';

type Env = Record<string, string | undefined>;

/** Site-independent headers for every response, static files included (applied from next.config.ts). */
export const STATIC_SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }> = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  // Keeps the Origin header on same-origin POSTs (the request guard's fallback when Sec-Fetch-Site is absent).
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
];

/** Cross-origin isolation, on every response but WebContainer's connect page (applied from next.config.ts). */
export const CROSS_ORIGIN_ISOLATION_HEADERS: ReadonlyArray<{ key: string; value: string }> = [
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  { key: 'Cross-Origin-Embedder-Policy', value: 'require-corp' },
];

/**
 * The page a WebContainer preview opened in a tab of its own opens on the IDE's host, `/webcontainer/connect/<id>`,
 * to reach the container running in the IDE's tab. The module it runs (`setupConnect`) relays messages between
 * the preview that opened it (`window.opener`) and StackBlitz's frame, so the page must keep its opener: under
 * COOP same-origin a page opened from another site loses it. It is not isolated and needs not be (it runs no
 * user code and shares no memory), so it goes without COEP as well, which StackBlitz's frame is not documented
 * to satisfy. Every other path, its subpaths included, stays isolated.
 */
const WEBCONTAINER_CONNECT_PATH = /^\/webcontainer\/connect\/[^/]+$/;

/** next.config.ts's `source` (Next's path-to-regexp) for every path but WEBCONTAINER_CONNECT_PATH. */
export const ISOLATED_PATHS_SOURCE = '/:path((?!webcontainer/connect/[^/]+$).*)';

export function isCrossOriginIsolatedPath(pathname: string): boolean {
  return !WEBCONTAINER_CONNECT_PATH.test(pathname.toLowerCase());
}

/** WebContainer boots in a frame from StackBlitz and serves previews from its own hosts. */
const WEBCONTAINER_SOURCES = ['https://stackblitz.com', 'https://*.stackblitz.com', 'https://*.webcontainer-api.io', 'https://*.webcontainer.io'];

/** Every `<label>.localhost` runtime frame, on any port. */
const LOCAL_RUNTIME_SOURCE = 'http://*.localhost:*';

/**
 * Paths whose responses are never documents: a CSP there would do nothing, except on worker scripts (the
 * preview service worker, Next's worker chunks), where it would restrict what the worker may fetch.
 */
const NON_DOCUMENT_PREFIXES = ['/_next/static/', '/__sw__.js', '/preview-bridge.js', '/favicon.ico', '/icon.svg', '/robots.txt'];

export function isNonDocumentPath(pathname: string): boolean {
  return NON_DOCUMENT_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(prefix));
}

/** Pages that boot a runtime inside themselves (the contract suite and the bench's in-page baseline). */
const IN_PAGE_RUNTIME_PATHS = ['/selftest', '/bench'];

function runsRuntimeInPage(pathname: string): boolean {
  return IN_PAGE_RUNTIME_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** Source expressions from a space- or comma-separated list of origin patterns; invalid entries are dropped. */
function originSources(list: string | undefined): string[] {
  return (list ?? '')
    .split(/[\s,]+/)
    .map((entry) => parseRuntimeOriginPattern(entry))
    .filter((pattern) => pattern !== null)
    .map(patternToSource);
}

function serialize(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

interface IdePolicyOptions {
  pathname: string;
  /** Per-request nonce for Next's inline scripts; absent on responses that are not rendered pages. */
  nonce?: string;
  env?: Env;
}

export function ideContentSecurityPolicy({ pathname, nonce, env = process.env }: IdePolicyOptions): string {
  const runtimeSources = [LOCAL_RUNTIME_SOURCE, ...originSources(env.TABSMITH_RUNTIME_ORIGIN)];
  const userCode = runsRuntimeInPage(pathname);
  const script = ["'self'"];
  // With a nonce, 'strict-dynamic' lets Next's nonce'd scripts load their chunks, and nothing injected runs.
  if (nonce) script.push(`'nonce-${nonce}'`, "'strict-dynamic'");
  // React's development build evaluates code for its error overlays; a production start never does.
  if (userCode || env.NODE_ENV === 'development') script.push("'unsafe-eval'");
  if (userCode) script.push("'wasm-unsafe-eval'");
  return serialize({
    'default-src': ["'self'"],
    'script-src': script,
    // CodeMirror, xterm.js and the resizable panels inject <style> elements and style attributes at runtime.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'data:', 'blob:'],
    'connect-src': userCode ? ["'self'", 'http:', 'https:', 'ws:', 'wss:', 'data:', 'blob:'] : ["'self'", ...runtimeSources, ...WEBCONTAINER_SOURCES],
    // 'self' is for previews served from the IDE's own /__virtual__/ while the runtime still runs in the page.
    'frame-src': ["'self'", 'blob:', ...runtimeSources, ...WEBCONTAINER_SOURCES],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

/**
 * The runtime site evaluates the user's code, so its scripts and connections are open by design. What this
 * policy is for is `frame-ancestors`: only the IDE (the local one on the request's port, or TABSMITH_IDE_ORIGIN;
 * see ide-origins.ts) may embed the frame. `host` is the request's Host header.
 */
export function runtimeContentSecurityPolicy(env: Env = process.env, host?: string | null): string {
  return userCodePolicy(["'self'", ...ideSourcesFor(host, env)]);
}

/**
 * The preview site runs preview pages (the user's code, served by its service worker, which sets its own
 * headers) and the relay page the IDE embeds. Only the IDE may embed what the server sends there.
 */
export function previewContentSecurityPolicy(env: Env = process.env, host?: string | null): string {
  const ancestors = ideSourcesFor(host, env);
  return userCodePolicy(ancestors.length > 0 ? ancestors : ["'none'"]);
}

/** A site that runs the user's code: scripts and connections open by design, framed only by `frameAncestors`. */
function userCodePolicy(frameAncestors: string[]): string {
  const open = ['*', 'data:', 'blob:', "'unsafe-inline'", "'unsafe-eval'", "'wasm-unsafe-eval'"];
  return serialize({
    'default-src': open,
    'script-src': open,
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': frameAncestors,
  });
}

interface SecurityHeaderOptions {
  site: Site;
  pathname: string;
  nonce?: string;
  env?: Env;
  /** The request's Host header (the runtime site's frame-ancestors depend on its port). */
  host?: string | null;
}

/** The per-site headers proxy.ts sets on a response (on top of STATIC_SECURITY_HEADERS). */
export function securityHeaders({ site, pathname, nonce, env = process.env, host }: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  if (site === 'runtime' || site === 'preview') {
    headers['Cross-Origin-Resource-Policy'] = 'cross-origin';
    const policy = site === 'runtime' ? runtimeContentSecurityPolicy : previewContentSecurityPolicy;
    if (!isNonDocumentPath(pathname)) headers['Content-Security-Policy'] = policy(env, host);
    return headers;
  }
  if (!isNonDocumentPath(pathname)) headers['Content-Security-Policy'] = ideContentSecurityPolicy({ pathname, nonce, env });
  return headers;
}

/** A fresh nonce per rendered page (128 random bits, base64). Web Crypto: works in every runtime Next uses. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
