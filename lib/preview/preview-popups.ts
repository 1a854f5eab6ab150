/**
 * Opens the pages a preview asks to open in new windows (its links with target=_blank, window.open; see
 * lib/preview-page/popups.ts) in preview windows, as "Open preview in new tab" does. Only messages from
 * the preview frame's own window and origin count, and only its own pages are opened; the browser lets the
 * window open because the user's click in the frame counts for the page around it too.
 */
import { bridgeOpenSchema } from '@/lib/computer-use/types';
import { newTabUrl, previewPopupTarget } from '@/lib/preview/preview-window';

export function listenForPreviewPopups(frame: () => HTMLIFrameElement | null, opened?: (url: string, windowUrl: string) => void): () => void {
  const onMessage = (event: MessageEvent) => {
    const current = frame();
    if (!current || event.source !== current.contentWindow) return;
    const parsed = bridgeOpenSchema.safeParse(event.data);
    if (!parsed.success) return;
    let origin: string;
    try {
      origin = new URL(current.src).origin;
    } catch {
      return;
    }
    if (event.origin !== origin) return;
    const target = previewPopupTarget(parsed.data.url, origin);
    if (!target) return;
    const windowUrl = newTabUrl(target, window.location.href);
    window.open(windowUrl, '_blank', 'noopener');
    opened?.(target, windowUrl);
  };
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
}
