/**
 * Previews run on a site of their own, apart from the runtime frame that serves them: a preview page that never
 * yields (`while(true){}`) then holds only its own browser process, and the runtime keeps running. On localhost
 * the preview site of the runtime frame `<label>.localhost` is `p<n>-<label>.localhost` on the same port; the
 * browser isolates the two as different sites. `n` counts the preview's restarts: a preview stuck for good is
 * loaded again on a fresh site, since the browser would put a page of the old one back into the stuck process
 * (where that site's service worker still lives). A runtime on a configured wildcard origin
 * (TABSMITH_RUNTIME_ORIGIN `https://*.rt.example.com`) puts previews beside it the same way,
 * `p<n>-<label>.rt.example.com`; they are sites of their own when that domain is on the Public Suffix List, as
 * such user-content domains are. A configured single origin has no second host, so its previews stay on it.
 *
 * Pure and browser-safe: the server's site classification reads the same prefix.
 */
import { hostnameMatchesPattern, parseRuntimeOriginPattern } from '../runtime-site/origin';

/** The first label of every preview host on localhost: `p<generation>-<runtime label>`. */
const PREVIEW_LABEL = /^p\d{1,6}-[a-z0-9]/;

/** The preview site's hidden relay page, embedded by the IDE next to the preview (relay-page.ts). */
export const PREVIEW_RELAY_PATH = '/preview-relay';

/** The part of a host name after its one workspace label, where previews may sit beside the runtime. */
function labelledSuffix(hostname: string, configuredPattern: string | null | undefined): string | null {
  const first = hostname.indexOf('.');
  if (first <= 0) return null;
  const suffix = hostname.slice(first + 1);
  if (suffix === 'localhost') return suffix;
  const pattern = parseRuntimeOriginPattern(configuredPattern);
  return pattern?.wildcard && suffix === pattern.hostname && hostnameMatchesPattern(hostname, pattern) ? suffix : null;
}

/** Is this (lowercase) host name a preview site's? `configuredPattern` is TABSMITH_RUNTIME_ORIGIN. */
export function isPreviewHostname(hostname: string, configuredPattern?: string | null): boolean {
  return PREVIEW_LABEL.test(hostname) && labelledSuffix(hostname, configuredPattern) !== null;
}

/**
 * The n-th preview site for a runtime frame's origin: beside it on localhost or under a configured wildcard
 * origin, else the runtime origin itself.
 */
export function previewOriginFor(runtimeOrigin: string, generation = 0, configuredPattern?: string | null): string {
  const url = new URL(runtimeOrigin);
  if (labelledSuffix(url.hostname, configuredPattern) === null || isPreviewHostname(url.hostname, configuredPattern)) return url.origin;
  url.hostname = `p${Math.max(0, Math.floor(generation))}-${url.hostname}`;
  return url.origin;
}
