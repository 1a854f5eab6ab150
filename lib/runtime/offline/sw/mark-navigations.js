// Runs first in the preview service worker, before almostnode's own code (scripts/vendor-assets.mjs joins
// the two). The worker hands each request's headers to the runtime, which adds the preview's error reporter
// and computer-use bridge to HTML pages; it must do that only for pages the preview frame (or a tab) loads as
// a document, never for what a page fetches or what curl, fetch or http.get read inside the runtime. So the
// worker's fetch listeners see document navigations with one extra header naming their destination; the
// runtime takes it off before the user's server sees the request (lib/runtime/offline/bridge.ts).
//
// It also makes every answer embeddable in the cross-origin-isolated IDE: almostnode's worker adds the
// Cross-Origin-* headers only to responses with a body, so an empty page, a 204 or an error without text was
// blocked in the preview frame instead of shown.
(function () {
  var HEADER = 'x-tabsmith-navigation';
  var DOCUMENTS = { iframe: true, frame: true, document: true };
  function withOverride(target, name, value) {
    return new Proxy(target, {
      get: function (object, key) {
        if (key === name) return value;
        var found = Reflect.get(object, key, object);
        return typeof found === 'function' ? found.bind(object) : found;
      },
    });
  }
  function embeddable(response) {
    if (!response || response.type !== 'default' || response.status < 200 || response.headers.has('cross-origin-resource-policy')) return response;
    var headers = new Headers(response.headers);
    headers.set('Cross-Origin-Embedder-Policy', 'credentialless');
    headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: headers });
  }
  function marked(event) {
    var request = event.request;
    var respondWith = function (answer) {
      return event.respondWith(Promise.resolve(answer).then(embeddable));
    };
    if (request.mode !== 'navigate' || !DOCUMENTS[request.destination]) return withOverride(event, 'respondWith', respondWith);
    var headers = new Headers(request.headers);
    headers.set(HEADER, request.destination);
    return withOverride(withOverride(event, 'respondWith', respondWith), 'request', withOverride(request, 'headers', headers));
  }
  var add = self.addEventListener.bind(self);
  self.addEventListener = function (type, listener, options) {
    if (type !== 'fetch' || typeof listener !== 'function') return add(type, listener, options);
    return add(type, function (event) { return listener.call(self, marked(event)); }, options);
  };
})();
