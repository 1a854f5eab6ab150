/**
 * Preview error reporting: a tiny script the runtime injects into every preview page (as text, ahead of the
 * page's own scripts). It posts uncaught errors and unhandled rejections to the IDE that embeds the preview
 * (lib/runtime/isolated/ide-side/preview-errors.ts takes them there, checking them against these types).
 */

export const PREVIEW_ERROR_TYPE = 'tabsmith:preview-error';
export const PREVIEW_CLEAR_TYPE = 'tabsmith:preview-clear';
/** The custom element Vite's client (real Vite's and this runtime's) shows compile errors in. */
export const ERROR_OVERLAY_TAG = 'vite-error-overlay';

/**
 * Plain ES5 so it runs in whatever page the user writes; guarded so a page that reloads it reports once. It posts
 * to the IDE's origin only: the preview is embedded by the IDE, on another site than the preview itself.
 *
 * Besides errors it tells the IDE when earlier ones are past, so the IDE's error bar shows what is wrong now:
 * - on every load, with the navigation's start time (errors reported before it belong to an older page);
 * - when the dev server's error overlay leaves the page (the fix was applied by HMR without a reload). Errors
 *   reported while the overlay showed are marked, so that only those are cleared, not a runtime error.
 * The overlay's own message is reported when it appears: Vite shows a compile error there and nowhere else in the
 * page (no console message, no failed request when the error comes with the file's change).
 * The overlay is always a direct child of <body>, so watching body's children costs next to nothing.
 */
export function previewErrorScript(ideOrigin: string): string {
  const target = JSON.stringify(ideOrigin).replace(/</g, '\\u003c');
  return `<script data-tabsmith-preview>(function(){
if (window.__tabsmithPreviewErrors) return; window.__tabsmithPreviewErrors = true;
function post(data){ try { window.parent.postMessage(data, ${target}); } catch (e) {} }
function overlayShown(){ return !!document.querySelector('${ERROR_OVERLAY_TAG}'); }
function send(message, stack){ post({ type: '${PREVIEW_ERROR_TYPE}', message: String(message), stack: stack ? String(stack) : undefined, source: location.href, overlay: overlayShown() }); }
function clear(reason, since){ post({ type: '${PREVIEW_CLEAR_TYPE}', reason: reason, since: since, source: location.href }); }
clear('load', Math.floor(performance.timeOrigin || Date.now()));
window.addEventListener('error', function(e){ if (e.target && e.target !== window && !e.message) { send('Failed to load ' + (e.target.src || e.target.href || e.target.tagName)); return; } send(e.message || 'Script error', (e.error && e.error.stack) || (e.filename ? 'at ' + e.filename + ':' + e.lineno + ':' + e.colno : undefined)); }, true);
window.addEventListener('unhandledrejection', function(e){ var r = e.reason; send('Unhandled promise rejection: ' + (r && r.message ? r.message : String(r)), r && r.stack); });
function overlayText(selector){ var overlay = document.querySelector('${ERROR_OVERLAY_TAG}'); var found = overlay && overlay.shadowRoot && overlay.shadowRoot.querySelector(selector); return found ? String(found.textContent || '').trim() : ''; }
function reportOverlay(){ var message = overlayText('.message-body'); if (message) send(message, overlayText('.file')); }
function watchOverlay(){ if (!document.body || !window.MutationObserver) return; var shown = overlayShown(); if (shown) reportOverlay();
  new MutationObserver(function(){ var now = overlayShown(); if (shown && !now) clear('overlay', Date.now()); if (now && !shown) reportOverlay(); shown = now; }).observe(document.body, { childList: true }); }
if (document.body) watchOverlay(); else document.addEventListener('DOMContentLoaded', watchOverlay);
})();</script>`;
}
