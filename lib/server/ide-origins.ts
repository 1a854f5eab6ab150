/**
 * Which IDE origins may embed (and so drive) a runtime frame served on a given runtime host. A local runtime
 * host (`<label>.localhost:<port>`) is served by the IDE's own server, so its IDE is that server on the same
 * port, at localhost or 127.0.0.1: any other port is another program. A runtime host on a configured origin has
 * no local IDE: only TABSMITH_IDE_ORIGIN (one or more origin patterns) may embed it.
 *
 * The runtime site's `frame-ancestors`, the tickets that let a frame boot and the frame's own check of its
 * parent all read the list from here, so the three cannot disagree.
 */
import { hostnameMatchesPattern, isLocalhostSubdomain, parseRuntimeOriginPattern, patternToSource, type RuntimeOriginPattern } from '../runtime-site/origin';
import { parseHostHeader } from './sites';

type Env = Record<string, string | undefined>;

/** The local IDE's two origins for a `<label>.localhost` host; none for any other host. */
function localIdeOrigins(host: string | null | undefined): string[] {
  const parsed = parseHostHeader(host);
  if (!parsed || !isLocalhostSubdomain(parsed.hostname)) return [];
  const port = parsed.port ? `:${parsed.port}` : '';
  return [`http://localhost${port}`, `http://127.0.0.1${port}`];
}

/** The patterns in TABSMITH_IDE_ORIGIN (space- or comma-separated); invalid entries are dropped. */
function configuredIdePatterns(env: Env = process.env): RuntimeOriginPattern[] {
  return (env.TABSMITH_IDE_ORIGIN ?? '')
    .split(/[\s,]+/)
    .map((entry) => parseRuntimeOriginPattern(entry))
    .filter((pattern) => pattern !== null);
}

/**
 * CSP source expressions for everything that may embed a frame on `host` (the runtime site's frame-ancestors).
 * CSP cannot name IPv6 literals, so an IDE opened at [::1] cannot embed the frame.
 */
export function ideSourcesFor(host: string | null | undefined, env: Env = process.env): string[] {
  return [...localIdeOrigins(host), ...configuredIdePatterns(env).map(patternToSource)];
}

/** Is `origin` (exactly an origin, as a browser reports it) an IDE allowed to embed a frame on `host`? */
export function isIdeOriginFor(origin: string, host: string | null | undefined, env: Env = process.env): boolean {
  if (localIdeOrigins(host).includes(origin)) return true;
  const parsed = parseRuntimeOriginPattern(origin);
  if (!parsed || parsed.wildcard || patternToSource(parsed) !== origin) return false;
  return configuredIdePatterns(env).some(
    (pattern) => pattern.protocol === parsed.protocol && pattern.port === parsed.port && hostnameMatchesPattern(parsed.hostname, pattern),
  );
}

/** The exact origins (no wildcards) that may embed a frame on `host`: what the frame page hands its script. */
export function exactIdeOriginsFor(host: string | null | undefined, env: Env = process.env): string[] {
  const exact = configuredIdePatterns(env)
    .filter((pattern) => !pattern.wildcard)
    .map(patternToSource);
  return [...localIdeOrigins(host), ...exact];
}
