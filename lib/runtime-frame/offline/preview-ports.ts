/**
 * The runtime frame's end of the preview site (lib/preview/preview-site.ts). Previews run on a site of their
 * own, whose service worker cannot reach this frame's servers by itself: the IDE (this frame's parent, at its
 * origin) hands over two ports, one for the service worker's requests and one for preview pages' WebSockets.
 * Requests are answered by almostnode's own handler, exactly as for this site's service worker.
 */
import type { ServerBridge } from 'almostnode';
import type { Listener } from './node/ports';
import { previewServeSchema } from '../../preview/relay/messages';
import { servePreviewSockets } from './websocket/preview-sockets';
import { base64Encode, nativeBase64 } from './node/buffer-native-codecs';

interface BridgeInternals {
  handleServiceWorkerMessage(event: MessageEvent): Promise<void>;
  handleRequest(
    port: number,
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: ArrayBuffer,
  ): Promise<{ statusCode: number; statusMessage: string; headers: Record<string, string>; body?: unknown }>;
}

interface ServiceWorkerRequest {
  type: 'request';
  id: number;
  data: { port: number; method: string; url: string; headers: Record<string, string>; body?: ArrayBuffer; streaming?: boolean };
}

const isPlainRequest = (data: unknown): data is ServiceWorkerRequest =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'request' && !(data as ServiceWorkerRequest).data?.streaming;

/**
 * Answers one request as almostnode's handler does (the service worker reads the body as base64), with the body
 * encoded by the browser: almostnode's encoder builds strings from arrays of bytes, and this thread also answers
 * every process's file system calls while a dev server sends a page its megabytes of modules.
 */
async function answerRequest(view: BridgeInternals, port: MessagePort, { id, data }: ServiceWorkerRequest): Promise<void> {
  try {
    const response = await view.handleRequest(data.port, data.method, data.url, data.headers, data.body);
    const body = response.body instanceof Uint8Array ? response.body : new Uint8Array(0);
    const bodyBase64 = body.length > 0 ? (base64Encode(body) ?? '') : '';
    port.postMessage({
      type: 'response',
      id,
      data: { statusCode: response.statusCode, statusMessage: response.statusMessage, headers: response.headers, bodyBase64 },
    });
  } catch (error) {
    port.postMessage({ type: 'response', id, error: error instanceof Error ? error.message : 'Unknown error' });
  }
}

/**
 * Answers a service worker's requests on `port`. almostnode's handler replies on `this.messageChannel.port1`;
 * run on a view of the bridge whose channel is this port, it replies here and reads everything else (servers,
 * the patched request handler) from the bridge itself. Plain requests are answered here where the browser has a
 * base64 encoder; streaming ones, and every request in a browser without one, by almostnode's handler.
 */
function serveRequests(bridge: ServerBridge, port: MessagePort): void {
  const view = Object.create(bridge, { messageChannel: { value: { port1: port } } }) as BridgeInternals;
  const handle = view.handleServiceWorkerMessage;
  port.onmessage = (event) => {
    if (nativeBase64 && isPlainRequest(event.data)) void answerRequest(view, port, event.data);
    else void handle.call(view, event);
  };
}

/** A MessagePort as servePreviewSockets' channel. */
function portChannel(port: MessagePort) {
  return {
    postMessage: (message: unknown) => port.postMessage(message),
    addEventListener: (type: 'message', listener: (event: MessageEvent) => void) => {
      port.addEventListener(type, listener);
      port.start();
    },
    removeEventListener: (type: 'message', listener: (event: MessageEvent) => void) => port.removeEventListener(type, listener),
    close: () => port.close(),
  };
}

/** Serves every pair of preview ports the IDE sends until the returned function is called. */
export function servePreviewPorts(bridge: ServerBridge, ideOrigin: string, listenerFor: (port: number) => Listener | undefined): () => void {
  if (typeof window === 'undefined' || window.parent === window) return () => {};
  const stops: (() => void)[] = [];
  const onMessage = (event: MessageEvent) => {
    if (event.source !== window.parent || event.origin !== ideOrigin || !previewServeSchema.safeParse(event.data).success) return;
    const [requests, sockets] = event.ports;
    if (!requests || !sockets) return;
    serveRequests(bridge, requests);
    stops.push(() => requests.close(), servePreviewSockets(listenerFor, portChannel(sockets)));
  };
  window.addEventListener('message', onMessage);
  return () => {
    window.removeEventListener('message', onMessage);
    for (const stop of stops.splice(0)) stop();
  };
}
