// Runs first in the preview service worker, before almostnode's own code (scripts/vendor-assets.mjs joins
// the two). The worker hands each request's headers to the runtime, which adds the preview's error reporter
// and computer-use bridge to HTML pages; it must do that only for pages the preview frame (or a tab) loads as
// a document, never for what a page fetches or what curl, fetch or http.get read inside the runtime. So the
// worker's fetch listeners see document navigations with one extra header naming their destination; the
// runtime takes it off before the user's server sees the request (lib/runtime-frame/offline/bridge.ts).
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
  // A preview page lives under /__virtual__/<port>/, and almostnode's worker sends a request that lacks the prefix
  // to that port when its referrer has it. An ES module's imports have the importing module as referrer
  // (/src/main.tsx imports /node_modules/.vite/deps/react.js), which lacks it; so the worker also remembers which
  // client each preview document became, and a request from that client goes to its preview's port whatever its
  // referrer. After a restart of the worker the map is empty: the client is looked up once, asynchronously. A
  // request sent with no referrer at all stays the runtime site's own (the preview bridge loads that way).
  /* global handleVirtualRequest -- almostnode's worker code, joined after this file into one script */
  var VIRTUAL = /^\/__virtual__\/(\d+)(?=\/|$)/;
  var previewOf = new Map();
  function virtualPrefix(url) {
    try {
      var match = url ? VIRTUAL.exec(new URL(url).pathname) : null;
      return match ? match[0] : null;
    } catch {
      return null;
    }
  }
  function sameSite(url) {
    return new URL(url).origin === self.location.origin;
  }
  function remember(clientId, prefix) {
    if (previewOf.size > 1000) previewOf.clear();
    previewOf.set(clientId, prefix);
  }
  function fromPreviewClient(event, listener) {
    var request = event.request;
    var known = previewOf.get(event.clientId);
    if (known) return listener.call(self, marked(withOverride(event, 'request', withOverride(request, 'referrer', new URL(known + '/', request.url).href))));
    if (known === null || typeof handleVirtualRequest !== 'function') return listener.call(self, marked(event));
    var url = new URL(request.url);
    var answer = self.clients.get(event.clientId).then(function (client) {
      var prefix = client ? virtualPrefix(client.url) : null;
      remember(event.clientId, prefix);
      return prefix ? handleVirtualRequest(request, Number(VIRTUAL.exec(prefix)[1]), url.pathname + url.search) : fetch(request);
    });
    return event.respondWith(answer.then(embeddable));
  }
  var add = self.addEventListener.bind(self);
  self.addEventListener = function (type, listener, options) {
    if (type !== 'fetch' || typeof listener !== 'function') return add(type, listener, options);
    return add(
      type,
      function (event) {
        var request = event.request;
        var own = virtualPrefix(request.url);
        if (own && request.mode === 'navigate' && event.resultingClientId) remember(event.resultingClientId, own);
        if (!own && request.mode !== 'navigate' && event.clientId && request.referrer && !virtualPrefix(request.referrer) && sameSite(request.url))
          return fromPreviewClient(event, listener);
        return listener.call(self, marked(event));
      },
      options,
    );
  };
})();
