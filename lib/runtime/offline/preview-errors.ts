/**
 * Preview error reporting. Preview pages are served by the service worker from our own origin, so the adapter
 * injects a tiny script into every HTML response; it posts uncaught errors and unhandled rejections to the
 * parent, and the adapter accepts only messages from our origin whose sender is a preview frame.
 */
import { BRIDGE_SCRIPT_PATH } from '@/lib/computer-use/types';
import type { PreviewError, Unsubscribe } from '../port';

export const PREVIEW_PATH_PREFIX = '/__virtual__/';
export const PREVIEW_ERROR_TYPE = 'tabsmith:preview-error';

// Plain ES5 so it runs in whatever page the user writes; guarded so a page that reloads it reports once.
export const PREVIEW_ERROR_SCRIPT = `<script data-tabsmith-preview>(function(){
if (window.__tabsmithPreviewErrors) return; window.__tabsmithPreviewErrors = true;
function send(message, stack){ try { window.parent.postMessage({ type: '${PREVIEW_ERROR_TYPE}', message: String(message), stack: stack ? String(stack) : undefined, source: location.href }, location.origin); } catch (e) {} }
window.addEventListener('error', function(e){ if (e.target && e.target !== window && !e.message) { send('Failed to load ' + (e.target.src || e.target.href || e.target.tagName)); return; } send(e.message || 'Script error', e.error && e.error.stack); }, true);
window.addEventListener('unhandledrejection', function(e){ var r = e.reason; send('Unhandled promise rejection: ' + (r && r.message ? r.message : String(r)), r && r.stack); });
})();</script>`;

/**
 * The computer-use bridge, served from our origin (same as the preview's offline): it reads the IDE origin from
 * its own URL. Deferred so it runs once the document is parsed, before DOMContentLoaded. No referrer: almostnode's
 * service worker forwards every request whose referrer is a preview page to the user's server (so the app's
 * own "/style.css" works), which would answer this one with the app's HTML.
 */
export const PREVIEW_BRIDGE_SCRIPT = `<script src="${BRIDGE_SCRIPT_PATH}" defer referrerpolicy="no-referrer" data-tabsmith-bridge></script>`;

/** Puts the reporter (then the bridge) first in <head> (or first in the document) so it sees errors from every later script. */
export function injectPreviewScript(html: string): string {
  if (html.includes('data-tabsmith-preview')) return html;
  const scripts = PREVIEW_ERROR_SCRIPT + PREVIEW_BRIDGE_SCRIPT;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + scripts + html.slice(head.index + head[0].length);
  const root = /<html(\s[^>]*)?>/i.exec(html);
  if (root) return html.slice(0, root.index + root[0].length) + scripts + html.slice(root.index + root[0].length);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  if (doctype) return doctype[0] + scripts + html.slice(doctype[0].length);
  return scripts + html;
}

function isPreviewFrame(source: MessageEventSource | null): boolean {
  if (!source || !('location' in source)) return false;
  try {
    return source.location.pathname.startsWith(PREVIEW_PATH_PREFIX);
  } catch {
    return false; // a cross-origin window: not ours
  }
}

interface PreviewErrorMessage {
  type: typeof PREVIEW_ERROR_TYPE;
  message: string;
  stack?: string;
  source?: string;
}

function isPreviewErrorMessage(data: unknown): data is PreviewErrorMessage {
  if (typeof data !== 'object' || data === null) return false;
  const record = data as Record<string, unknown>;
  return record.type === PREVIEW_ERROR_TYPE && typeof record.message === 'string';
}

export function listenForPreviewErrors(target: Window, emit: (error: PreviewError) => void): Unsubscribe {
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== target.location.origin || !isPreviewFrame(event.source)) return;
    if (!isPreviewErrorMessage(event.data)) return;
    const { message, stack, source } = event.data;
    emit({
      message: message.slice(0, 4000),
      stack: typeof stack === 'string' ? stack.slice(0, 8000) : undefined,
      source: typeof source === 'string' ? source : undefined,
      at: Date.now(),
    });
  };
  target.addEventListener('message', onMessage);
  return () => target.removeEventListener('message', onMessage);
}
