/**
 * Which site a request is for, and what each site serves. The same app answers on three sites:
 *  - the RUNTIME site, where the user's code runs in a frame: any `<label>.localhost` host, or a host matching
 *    TABSMITH_RUNTIME_ORIGIN. It serves only what that frame needs (RUNTIME_SITE_PATHS).
 *  - the PREVIEW site, where preview pages run, apart from the runtime frame (lib/preview/preview-site.ts): any
 *    `p<n>-<label>.localhost` host, or `p<n>-<label>` under a configured wildcard TABSMITH_RUNTIME_ORIGIN. It
 *    serves only what previews need (PREVIEW_SITE_PATHS).
 *  - the IDE site: every other host. It serves the IDE, its API routes and its assets, never the runtime frame.
 *
 * Only the Host header decides. X-Forwarded-Host is ignored on purpose: a script on the runtime site can set it
 * on a same-origin fetch, and must never be able to make its request count as the IDE's. A reverse proxy in
 * front of the app has to pass the original Host through.
 */
import { hostnameMatchesPattern, isLocalhostSubdomain, parseRuntimeOriginPattern, patternToSource } from '../runtime-site/origin';
import { isPreviewHostname, PREVIEW_RELAY_PATH } from '../preview/preview-site';

export type Site = 'ide' | 'runtime' | 'preview';

/** The runtime frame's page; the IDE site answers 404 for it. */
const RUNTIME_FRAME_PATH = '/runtime-frame';

/**
 * Everything the runtime site serves: the frame, Next's chunks, the preview service worker and
 * what it serves, the npm proxy the runtime installs through, and the bridge script previews load. An entry
 * ending in `/` covers that folder; any other entry is one path, and `/runtime-frame` also covers its subpaths.
 */
const RUNTIME_SITE_PATHS: readonly string[] = [
  RUNTIME_FRAME_PATH,
  '/_next/',
  '/__virtual__/',
  '/__sw__.js',
  '/api/npm/',
  '/preview-bridge.js',
  '/favicon.ico',
  '/icon.svg',
];

/**
 * Everything the preview site serves: the relay page the IDE embeds (and Next's chunks it runs on), the preview
 * service worker and what it serves, and the bridge script previews load. No runtime frame, no npm proxy.
 */
const PREVIEW_SITE_PATHS: readonly string[] = [PREVIEW_RELAY_PATH, '/_next/', '/__virtual__/', '/__sw__.js', '/preview-bridge.js', '/favicon.ico', '/icon.svg'];

/** Pages for development and measurement only; a production start serves them when TABSMITH_DEV_PAGES=1. */
const DEV_PAGE_PATHS: readonly string[] = ['/selftest', '/bench'];

type Env = Record<string, string | undefined>;

/** Splits a Host header into a lowercase host name and port; null for anything a browser would not send. */
export function parseHostHeader(host: string | null | undefined): { hostname: string; port: string } | null {
  if (!host) return null;
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(host.trim());
  if (!match) return null;
  return { hostname: (match[1] ?? '').toLowerCase().replace(/\.$/, ''), port: match[2] ?? '' };
}

/** Is this Host header one of the configured runtime origin's hosts (port included when one is configured)? */
function matchesConfiguredRuntimeOrigin(hostname: string, port: string, configured: string | undefined): boolean {
  const pattern = parseRuntimeOriginPattern(configured);
  if (!pattern || !hostnameMatchesPattern(hostname, pattern)) return false;
  const defaultPort = pattern.protocol === 'https:' ? '443' : '80';
  const requestPort = port === defaultPort ? '' : port;
  return requestPort === pattern.port;
}

/**
 * The site a request is for, from its Host header. A missing or malformed Host is the IDE site: browsers always
 * send a well-formed one, so only non-browser clients get there, and they could call the IDE's routes anyway.
 */
export function siteForHost(host: string | null | undefined, env: Env = process.env): Site {
  const parsed = parseHostHeader(host);
  if (!parsed) return 'ide';
  // Before the runtime's patterns: a preview host under a configured wildcard matches that pattern too.
  const configured = env.TABSMITH_RUNTIME_ORIGIN;
  if (
    isPreviewHostname(parsed.hostname, configured) &&
    (parsed.hostname.endsWith('.localhost') || matchesConfiguredRuntimeOrigin(parsed.hostname, parsed.port, configured))
  ) {
    return 'preview';
  }
  if (isLocalhostSubdomain(parsed.hostname)) return 'runtime';
  return matchesConfiguredRuntimeOrigin(parsed.hostname, parsed.port, env.TABSMITH_RUNTIME_ORIGIN) ? 'runtime' : 'ide';
}

export function siteForRequest(request: Pick<Request, 'headers'>, env: Env = process.env): Site {
  return siteForHost(request.headers.get('host'), env);
}

/** `/a` matches `/a` and `/a/...`; a prefix ending in `/` matches everything below it. */
function underPath(pathname: string, entry: string): boolean {
  if (entry.endsWith('/')) return pathname.startsWith(entry);
  return pathname === entry || pathname.startsWith(`${entry}/`);
}

function isRuntimeSitePath(pathname: string): boolean {
  return RUNTIME_SITE_PATHS.some((entry) => underPath(pathname, entry));
}

function isPreviewSitePath(pathname: string): boolean {
  return PREVIEW_SITE_PATHS.some((entry) => underPath(pathname, entry));
}

function isDevPagePath(pathname: string): boolean {
  return DEV_PAGE_PATHS.some((entry) => underPath(pathname, entry));
}

/** `next dev` always serves the dev pages; a production server only when asked to (the e2e suite and the bench). */
export function devPagesEnabled(env: Env = process.env): boolean {
  return env.NODE_ENV === 'development' || env.TABSMITH_DEV_PAGES === '1';
}

/**
 * The path as the router will end up seeing it: percent-escapes decoded, repeated slashes collapsed, dot
 * segments resolved, lowercased. Decisions are made on this form so `/%72untime-frame`, `//bench` or
 * `/api/npm/%2e%2e/ai` cannot slip past a check that the raw form would pass. Null for malformed escapes.
 */
function normalizePathname(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const collapsed = `/${decoded.replace(/\\/g, '/').replace(/^\/+/, '')}`.replace(/\/{2,}/g, '/');
  return new URL(collapsed, 'http://path.invalid').pathname.toLowerCase();
}

/** Whether a site serves a path at all; everything else is answered 404 before any route sees it. */
export function isServed(site: Site, pathname: string, env: Env = process.env): boolean {
  const path = normalizePathname(pathname);
  if (path === null) return false;
  // Both forms must be on the allow-list: a path that only decodes into it is not one the frame ever asks for.
  if (site === 'runtime') return isRuntimeSitePath(path) && isRuntimeSitePath(pathname);
  if (site === 'preview') return isPreviewSitePath(path) && isPreviewSitePath(pathname);
  if (underPath(path, RUNTIME_FRAME_PATH) || underPath(path, PREVIEW_RELAY_PATH)) return false;
  if (isDevPagePath(path)) return devPagesEnabled(env);
  return true;
}

/** TABSMITH_RUNTIME_ORIGIN, normalized, for the IDE page's `<meta>`; null when unset or malformed. */
export function configuredRuntimeOrigin(env: Env = process.env): string | null {
  const pattern = parseRuntimeOriginPattern(env.TABSMITH_RUNTIME_ORIGIN);
  return pattern ? patternToSource(pattern) : null;
}
