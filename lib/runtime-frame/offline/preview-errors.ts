/**
 * What the runtime puts into every HTML response a preview page gets from its service worker: the WebSocket
 * shim, the error reporter (lib/preview-page/error-script.ts) and the bridge's loader.
 */
import { previewErrorScript } from '@/lib/preview-page/error-script';
import { BRIDGE_SCRIPT_PATH, bridgeLoaderScript } from '@/lib/preview-page/loader';

import { previewSocketScript } from './websocket/preview-socket-script';

export const PREVIEW_PATH_PREFIX = '/__virtual__/';

/**
 * The computer-use bridge, served from the preview's own origin (the runtime site), told by `?ide=` which origin
 * it answers. Injected as the same inline loader WebContainer previews get (see lib/preview-page/loader.ts), so the
 * loader runs in every e2e test of the offline runtime.
 */
function previewBridgeScript(ideOrigin: string): string {
  return `<script data-tabsmith-bridge-loader>${bridgeLoaderScript(`${BRIDGE_SCRIPT_PATH}?ide=${encodeURIComponent(ideOrigin)}`)}</script>`;
}

/** Puts the reporter (then the bridge) first in <head> (or first in the document) so it sees errors from every later script. */
export function injectPreviewScript(html: string, ideOrigin: string): string {
  if (html.includes('data-tabsmith-preview')) return html;
  // The socket script goes first: a dev server's client may open its socket as soon as it runs.
  const scripts = previewSocketScript(PREVIEW_PATH_PREFIX) + previewErrorScript(ideOrigin) + previewBridgeScript(ideOrigin);
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + scripts + html.slice(head.index + head[0].length);
  const root = /<html(\s[^>]*)?>/i.exec(html);
  if (root) return html.slice(0, root.index + root[0].length) + scripts + html.slice(root.index + root[0].length);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  if (doctype) return doctype[0] + scripts + html.slice(doctype[0].length);
  return scripts + html;
}
