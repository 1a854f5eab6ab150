/**
 * The page side of preview WebSockets (preview-sockets.ts): injected into every preview document, it replaces
 * `WebSocket` with one that, for a socket to the preview's own origin or to a localhost port, asks the runtime
 * frame to carry it over the runtime site's BroadcastChannel. Sockets to other hosts use the browser's own.
 * The page's own origin maps to the port the preview shows (its path is /__virtual__/<port>/…).
 */
import { PREVIEW_SOCKETS_CHANNEL } from '../../../preview/relay/messages';

/** `pathPrefix`: where previews live on the runtime site ("/__virtual__/"). */
const source = (pathPrefix: string) => `(function(){
if (window.__tabsmithSockets || typeof BroadcastChannel === 'undefined') return; window.__tabsmithSockets = true;
var prefix = ${JSON.stringify(pathPrefix)};
var previewPath = new RegExp('^' + prefix.replace(/[/]/g, '\\\\/') + '(\\\\d+)(\\\\/.*)?$');
var page = previewPath.exec(location.pathname);
if (!page) return;
var pagePort = Number(page[1]);
var Native = window.WebSocket;
var channel = new BroadcastChannel(${JSON.stringify(PREVIEW_SOCKETS_CHANNEL)});
var open = {};
channel.onmessage = function (event) { var m = event.data; var socket = m && typeof m.id === 'string' && open[m.id]; if (socket) socket._receive(m); };
function target(url) {
  if (url.host === location.host) {
    var inner = previewPath.exec(url.pathname);
    return { port: pagePort, path: (inner ? inner[2] || '/' : url.pathname) + url.search };
  }
  if (url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]') {
    return { port: Number(url.port) || (url.protocol === 'wss:' ? 443 : 80), path: url.pathname + url.search };
  }
  return null;
}
class TabsmithWebSocket extends EventTarget {
  constructor(url, protocols) {
    var parsed = new URL(String(url), location.href);
    if (parsed.protocol === 'http:') parsed.protocol = 'ws:'; else if (parsed.protocol === 'https:') parsed.protocol = 'wss:';
    var where = (parsed.protocol === 'ws:' || parsed.protocol === 'wss:') && target(parsed);
    if (!where) return new Native(url, protocols);
    super();
    this.url = parsed.href; this.protocol = ''; this.extensions = ''; this.readyState = 0; this.bufferedAmount = 0; this.binaryType = 'blob';
    this.onopen = null; this.onmessage = null; this.onerror = null; this.onclose = null;
    this._id = Math.random().toString(36).slice(2) + Date.now().toString(36);
    open[this._id] = this;
    var list = protocols === undefined ? [] : [].concat(protocols).map(String);
    channel.postMessage({ t: 'ws-open', id: this._id, port: where.port, path: where.path, protocols: list });
  }
  _fire(event) { var handler = this['on' + event.type]; if (typeof handler === 'function') handler.call(this, event); this.dispatchEvent(event); }
  _receive(m) {
    if (m.t === 'ws-opened' && this.readyState === 0) { this.readyState = 1; this.protocol = m.protocol || ''; this._fire(new Event('open')); }
    else if (m.t === 'ws-message' && this.readyState === 1) {
      var data = m.data;
      if (typeof data !== 'string') data = this.binaryType === 'arraybuffer' ? data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) : new Blob([data]);
      this._fire(new MessageEvent('message', { data: data, origin: new URL(this.url).origin }));
    } else if (m.t === 'ws-closed') this._closed(m.code, m.reason, m.wasClean);
  }
  _closed(code, reason, wasClean) {
    if (this.readyState === 3) return;
    this.readyState = 3; delete open[this._id];
    if (!wasClean) this._fire(new Event('error'));
    this._fire(new CloseEvent('close', { code: code, reason: reason, wasClean: wasClean }));
  }
  send(data) {
    if (this.readyState === 0) throw new DOMException("Failed to execute 'send' on 'WebSocket': Still in CONNECTING state.", 'InvalidStateError');
    if (this.readyState !== 1) return;
    var id = this._id;
    if (typeof data === 'string') return channel.postMessage({ t: 'ws-send', id: id, data: data });
    if (data instanceof Blob) return void data.arrayBuffer().then(function (buffer) { channel.postMessage({ t: 'ws-send', id: id, data: new Uint8Array(buffer) }); });
    if (ArrayBuffer.isView(data)) return channel.postMessage({ t: 'ws-send', id: id, data: new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)) });
    if (data instanceof ArrayBuffer) return channel.postMessage({ t: 'ws-send', id: id, data: new Uint8Array(data.slice(0)) });
    channel.postMessage({ t: 'ws-send', id: id, data: String(data) });
  }
  close(code, reason) {
    if (this.readyState >= 2) return;
    if (this.readyState === 0) { channel.postMessage({ t: 'ws-close', id: this._id }); return this._closed(1006, '', false); }
    this.readyState = 2;
    channel.postMessage({ t: 'ws-close', id: this._id, code: code, reason: reason });
  }
}
['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED'].forEach(function (name, value) { TabsmithWebSocket[name] = value; TabsmithWebSocket.prototype[name] = value; });
window.WebSocket = TabsmithWebSocket;
window.addEventListener('pagehide', function () { Object.keys(open).forEach(function (id) { channel.postMessage({ t: 'ws-drop', id: id }); }); });
})();`;

export function previewSocketScript(pathPrefix: string): string {
  return `<script data-tabsmith-sockets>${source(pathPrefix).replace(/<\//g, '<\\/')}</script>`;
}
