import { isServiceWorkerPreview } from '@/lib/preview/preview-window';
import { BRIDGE_TAG, type BridgeOpen } from '../computer-use/types';

/**
 * A preview page's own pages cannot open as windows of their own: a top-level window of the preview site has
 * no IDE around it to relay its requests to the runtime, so it would show only an error. A page of the same
 * preview (a link with target=_blank, a Ctrl/middle click, window.open) is handed to the IDE instead, which
 * opens it in a preview window (the same wrapper as "Open preview in new tab"). Pages of other sites open as
 * the browser would, still sandboxed like the preview.
 */
export function forwardPopups(win: Window, post: (message: BridgeOpen) => void): () => void {
  const isPreviewPage = (url: URL) => url.origin === win.location.origin && isServiceWorkerPreview(url.href);
  const resolve = (raw: string | URL | undefined): URL | null => {
    try {
      return new URL(String(raw ?? ''), win.location.href);
    } catch {
      return null;
    }
  };

  const original = win.open.bind(win);
  win.open = ((raw?: string | URL, target?: string, features?: string) => {
    const url = resolve(raw);
    const here = target === '_self' || target === '_parent' || target === '_top';
    if (!url || here || !isPreviewPage(url)) return original(raw, target, features);
    post({ tag: BRIDGE_TAG, kind: 'open', url: url.href });
    // No window object to hand back: the page opens in the IDE's preview window.
    return null;
  }) as typeof win.open;

  const onClick = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || event.defaultPrevented || link.hasAttribute('download')) return;
    const target = link.target.toLowerCase();
    const newWindow =
      (target !== '' && target !== '_self' && target !== '_parent' && target !== '_top') ||
      event.ctrlKey ||
      event.metaKey ||
      event.shiftKey ||
      event.button === 1;
    const url = resolve(link.href);
    if (!newWindow || !url || !isPreviewPage(url)) return;
    event.preventDefault();
    post({ tag: BRIDGE_TAG, kind: 'open', url: url.href });
  };
  win.addEventListener('click', onClick);
  win.addEventListener('auxclick', onClick);
  return () => {
    win.open = original;
    win.removeEventListener('click', onClick);
    win.removeEventListener('auxclick', onClick);
  };
}
