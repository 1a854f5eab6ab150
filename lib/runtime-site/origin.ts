/**
 * Where the runtime frame lives, as seen from the IDE page. Pure and browser-safe (no Node APIs): the server's
 * site classification (lib/server/sites.ts) and the IDE's frame both read runtime-origin patterns through here,
 * so the two can never disagree about what a pattern means.
 *
 * A runtime-origin pattern is an http(s) origin, optionally with `*` as its whole leftmost label, which stands
 * for one label per workspace: `https://rt.example.com` or `https://*.rt.example.com`.
 */

/** A workspace's label in a runtime host name: one DNS label, lowercase, no leading or trailing hyphen. */
const RUNTIME_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/** One host-name label as browsers send it (lowercase; the server lowercases the Host header first). */
const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export interface RuntimeOriginPattern {
  protocol: 'http:' | 'https:';
  /** The host name after `*.` for a wildcard pattern, or the whole host name. Lowercase. */
  hostname: string;
  wildcard: boolean;
  /** The explicit port, or '' for the protocol's default. */
  port: string;
}

const DEFAULT_PORTS: Record<RuntimeOriginPattern['protocol'], string> = { 'http:': '80', 'https:': '443' };

/** Parses a configured pattern; anything that is not exactly an origin (paths, queries, credentials) is null. */
export function parseRuntimeOriginPattern(pattern: string | undefined | null): RuntimeOriginPattern | null {
  const trimmed = pattern?.trim().replace(/\/$/, '');
  if (!trimmed) return null;
  const match = /^(https?):\/\/(\*\.)?([a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(trimmed);
  if (!match) return null;
  const [, scheme = '', star, host = '', rawPort] = match;
  const hostname = host.toLowerCase();
  if (!hostname.split('.').every((label) => DNS_LABEL.test(label))) return null;
  const protocol = `${scheme.toLowerCase()}:` as RuntimeOriginPattern['protocol'];
  const port = rawPort && rawPort !== DEFAULT_PORTS[protocol] ? String(Number(rawPort)) : '';
  if (port && (Number(port) < 1 || Number(port) > 65535)) return null;
  return { protocol, hostname, wildcard: Boolean(star), port };
}

/** The pattern written back as a CSP source expression (`https://*.rt.example.com:8443`). */
export function patternToSource(pattern: RuntimeOriginPattern): string {
  return `${pattern.protocol}//${pattern.wildcard ? '*.' : ''}${pattern.hostname}${pattern.port ? `:${pattern.port}` : ''}`;
}

/**
 * Does a host name (lowercase, no port) fall under the pattern? A wildcard covers every name below its suffix,
 * however deep: wildcard DNS resolves `a.b.rt.example.com` too, and nothing under the runtime domain may ever
 * be treated as the IDE.
 */
export function hostnameMatchesPattern(hostname: string, pattern: RuntimeOriginPattern): boolean {
  if (!pattern.wildcard) return hostname === pattern.hostname;
  if (!hostname.endsWith(`.${pattern.hostname}`)) return false;
  const labels = hostname.slice(0, -pattern.hostname.length - 1).split('.');
  return labels.every((label) => DNS_LABEL.test(label));
}

/** Loopback names a browser treats as a secure context over plain http. */
function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name === '127.0.0.1' || name === '[::1]' || name === '::1';
}

/** `x.localhost`, at any depth: browsers resolve these to loopback, and each one is a site of its own. */
export function isLocalhostSubdomain(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (!name.endsWith('.localhost')) return false;
  return name
    .slice(0, -'.localhost'.length)
    .split('.')
    .every((label) => DNS_LABEL.test(label));
}

/** The parts of `window.location` this needs (so tests and the server can pass plain objects). */
interface PageLocation {
  protocol: string;
  hostname: string;
  port: string;
}

/**
 * The origin of the runtime frame for one workspace label, or null when no separate site is available (then
 * the IDE must say so rather than run user code in its own origin).
 *  - IDE on localhost, 127.0.0.1 or [::1]: `<label>.localhost` on the same port, a site of its own per label.
 *  - A configured wildcard pattern: the label replaces `*`.
 *  - A configured plain origin: that origin (one runtime site shared by all workspaces).
 * A result that would equal the IDE's own origin is null: that is no separation at all.
 * Throws a RangeError for a label that is not RUNTIME_LABEL: that is a bug in the caller, not a configuration.
 */
export function runtimeFrameOrigin(location: PageLocation, configuredPattern: string | null | undefined, label: string): string | null {
  if (!RUNTIME_LABEL.test(label)) throw new RangeError(`Not a runtime label: ${JSON.stringify(label)}`);
  const idePort = location.port ? `:${location.port}` : '';
  const ideOrigin = `${location.protocol}//${location.hostname.toLowerCase()}${idePort}`;
  let origin: string | null = null;
  if (isLoopbackHostname(location.hostname) && (location.protocol === 'http:' || location.protocol === 'https:')) {
    origin = `${location.protocol}//${label}.localhost${idePort}`;
  } else {
    const pattern = parseRuntimeOriginPattern(configuredPattern);
    if (pattern) {
      const host = pattern.wildcard ? `${label}.${pattern.hostname}` : pattern.hostname;
      origin = `${pattern.protocol}//${host}${pattern.port ? `:${pattern.port}` : ''}`;
    }
  }
  return origin === ideOrigin ? null : origin;
}

/**
 * The server hands the configured pattern to the IDE page at request time, in this `<meta>` (so changing
 * TABSMITH_RUNTIME_ORIGIN needs a restart, not a rebuild). Absent when nothing is configured.
 */
export const RUNTIME_ORIGIN_META_NAME = 'tabsmith-runtime-origin';

/** The configured pattern as the page received it, or null. */
export function readRuntimeOriginPattern(doc: Pick<Document, 'querySelector'>): string | null {
  return doc.querySelector<HTMLMetaElement>(`meta[name="${RUNTIME_ORIGIN_META_NAME}"]`)?.content || null;
}
