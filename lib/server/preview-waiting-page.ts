/**
 * What the server answers for a preview page on the preview site. Preview pages are answered by the preview
 * site's service worker; a request reaches the server only when no worker controls the page yet: the preview
 * frame can load before the relay page the IDE embeds beside it has registered the worker (the first preview,
 * or a preview restarted on a fresh site). This page registers the same worker, waits for it, and loads the
 * address again, now through the worker. It tries three times in 30 s at most, so a broken worker cannot make it loop.
 */
const SCRIPT = `(function () {
  var key = 'tabsmith-preview-wait:' + location.pathname;
  var last = (sessionStorage.getItem(key) || '0:0').split(':');
  var tries = Date.now() - Number(last[1]) < 30000 ? Number(last[0]) : 0;
  if (!('serviceWorker' in navigator) || tries >= 3) { document.body.textContent = 'The preview could not start; reload it.'; return; }
  sessionStorage.setItem(key, (tries + 1) + ':' + Date.now());
  navigator.serviceWorker.register('/__sw__.js', { scope: '/' })
    .then(function () { return navigator.serviceWorker.ready; })
    .then(function () { setTimeout(function () { location.reload(); }, 100 * (tries + 1)); })
    .catch(function () { document.body.textContent = 'The preview could not start; reload it.'; });
})();`;

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Starting the preview…</title></head><body><p>Starting the preview…</p><script>${SCRIPT}</script></body></html>`;

/** True for the preview pages the preview site's service worker serves (`/__virtual__/<port>/…`). */
export function isPreviewPagePath(pathname: string): boolean {
  return pathname.startsWith('/__virtual__/');
}

export function previewWaitingResponse(): Response {
  return new Response(PAGE, {
    status: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      // Embedded by the cross-origin-isolated IDE, like every response of the preview site.
      'Cross-Origin-Embedder-Policy': 'require-corp',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Resource-Policy': 'cross-origin',
    },
  });
}
