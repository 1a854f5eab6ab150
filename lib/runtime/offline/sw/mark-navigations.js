// Runs first in the preview service worker, before almostnode's own code (scripts/vendor-assets.mjs joins
// the two). The worker hands each request's headers to the runtime, which adds the preview's error reporter
// and computer-use bridge to HTML pages; it must do that only for pages the preview frame (or a tab) loads as
// a document, never for what a page fetches or what curl, fetch or http.get read inside the runtime. So the
// worker's fetch listeners see document navigations with one extra header naming their destination; the
// runtime takes it off before the user's server sees the request (lib/runtime/offline/bridge.ts).
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
  function marked(event) {
    var request = event.request;
    if (request.mode !== 'navigate' || !DOCUMENTS[request.destination]) return event;
    var headers = new Headers(request.headers);
    headers.set(HEADER, request.destination);
    return withOverride(event, 'request', withOverride(request, 'headers', headers));
  }
  var add = self.addEventListener.bind(self);
  self.addEventListener = function (type, listener, options) {
    if (type !== 'fetch' || typeof listener !== 'function') return add(type, listener, options);
    return add(type, function (event) { return listener.call(self, marked(event)); }, options);
  };
})();
