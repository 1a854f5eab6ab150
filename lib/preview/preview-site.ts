/**
 * Previews run on a site of their own, apart from the runtime frame that serves them: a preview page that never
 * yields (`while(true){}`) then holds only its own browser process, and the runtime keeps running. On localhost
 * the preview site of the runtime frame `<label>.localhost` is `p<n>-<label>.localhost` on the same port; the
 * browser isolates the two as different sites. `n` counts the preview's restarts: a preview stuck for good is
 * loaded again on a fresh site, since the browser would put a page of the old one back into the stuck process
 * (where that site's service worker still lives). A runtime on a configured origin (TABSMITH_RUNTIME_ORIGIN) has
 * no second wildcard to put previews on, so its previews stay on the runtime's origin.
 *
 * Pure and browser-safe: the server's site classification reads the same prefix.
 */

/** The first label of every preview host on localhost: `p<generation>-<runtime label>`. */
const PREVIEW_LABEL = /^p\d{1,6}-[a-z0-9]/;

/** The preview site's hidden relay page, embedded by the IDE next to the preview (relay-page.ts). */
export const PREVIEW_RELAY_PATH = '/preview-relay';

/** Is this (lowercase) host name a preview site's? */
export function isPreviewHostname(hostname: string): boolean {
  return PREVIEW_LABEL.test(hostname) && hostname.endsWith('.localhost') && hostname.split('.').length === 2;
}

/** The n-th preview site for a runtime frame's origin; the runtime origin itself when it is not on localhost. */
export function previewOriginFor(runtimeOrigin: string, generation = 0): string {
  const url = new URL(runtimeOrigin);
  const labels = url.hostname.split('.');
  if (labels.length !== 2 || labels[1] !== 'localhost' || isPreviewHostname(url.hostname)) return url.origin;
  url.hostname = `p${Math.max(0, Math.floor(generation))}-${url.hostname}`;
  return url.origin;
}
