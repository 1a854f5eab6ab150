/**
 * Previews live on another site than the IDE. The IDE embeds them sandboxed with only what apps need (scripts,
 * their own origin for storage and the service worker, forms, dialogs, popups, downloads) and never lets them
 * navigate the IDE itself. Popups stay sandboxed like the preview that opened them, and a sandboxed window
 * cannot load a page that sends Cross-Origin-Opener-Policy, as every IDE page does: a preview can never open
 * the IDE.
 */
export const PREVIEW_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-modals allow-popups allow-downloads';

const PREVIEW_WINDOW_PATH = '/preview-window';
const VIRTUAL_PREFIX = '/__virtual__/';

/** Offline previews are served at `/__virtual__/<port>/` by the runtime frame's service worker. */
export function isServiceWorkerPreview(url: string): boolean {
  try {
    return new URL(url).pathname.startsWith(VIRTUAL_PREFIX);
  } catch {
    return false;
  }
}

/** Where "Open in new tab" goes: service-worker previews through the IDE's preview window, others directly. */
export function newTabUrl(previewUrl: string, ideHref: string): string {
  const absolute = new URL(previewUrl, ideHref).href;
  if (!isServiceWorkerPreview(absolute)) return absolute;
  return new URL(`${PREVIEW_WINDOW_PATH}?src=${encodeURIComponent(absolute)}`, ideHref).href;
}

/** The preview the window should show: only an http(s) service-worker preview on another origin than the IDE's. */
export function previewWindowSource(search: string, ideOrigin = globalThis.location?.origin): string | null {
  const raw = new URLSearchParams(search).get('src');
  if (!raw) return null;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.origin === ideOrigin || !url.pathname.startsWith(VIRTUAL_PREFIX)) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** A page a preview asked to open in a new window: only one of its own service-worker pages, else null. */
export function previewPopupTarget(raw: string, previewOrigin: string): string | null {
  try {
    const url = new URL(raw);
    return url.origin === previewOrigin && isServiceWorkerPreview(url.href) ? url.href : null;
  } catch {
    return null;
  }
}
