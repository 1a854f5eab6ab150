/**
 * The preview bridge's loader: a few lines of inline JavaScript that append a `<script src>` for the bridge.
 *
 * Both runtimes inject script *code* into preview pages (WebContainer's `setPreviewScript` takes the script's
 * text; the offline runtime writes an inline tag into each HTML response), while the bridge must be loaded
 * from a URL: it reads `document.currentScript.src` to learn which origin it answers. A loader keeps one
 * injection for both and leaves `currentScript` pointing at the bridge's own tag.
 */

import { EARLY_CAPTURE_SCRIPT } from './console-capture';

/** The script the preview pages load (served from the app's origin; the offline runtime injects it). */
export const BRIDGE_SCRIPT_PATH = '/preview-bridge.js';

/** Marks the bridge's tag, so a page that runs the loader twice (a second injection) loads the bridge once. */
const BRIDGE_LOADER_MARKER = 'data-tabsmith-bridge';

/**
 * The loader's source for the bridge at `src` (absolute, or relative to the preview page). Plain ES5, since it
 * runs in whatever page the user writes; `<` is escaped so the text can sit inside an inline tag. No referrer: the offline runtime's service worker forwards requests
 * whose referrer is a preview page to the user's server, which would answer with the app's HTML instead.
 */
export function bridgeLoaderScript(src: string): string {
  // The console capture's early buffer runs first, inline: the app's own scripts may run before the bridge loads.
  return `${EARLY_CAPTURE_SCRIPT}
(function(){
if (document.querySelector('script[${BRIDGE_LOADER_MARKER}]')) return;
var s = document.createElement('script');
s.src = ${JSON.stringify(src).replace(/</g, '\\u003c')};
s.referrerPolicy = 'no-referrer';
s.setAttribute('${BRIDGE_LOADER_MARKER}', '');
(document.head || document.documentElement).appendChild(s);
})();`;
}
