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

interface BridgeInternals {
  handleServiceWorkerMessage(event: MessageEvent): Promise<void>;
}

/**
 * Answers a service worker's requests on `port`. almostnode's handler replies on `this.messageChannel.port1`;
 * run on a view of the bridge whose channel is this port, it replies here and reads everything else (servers,
 * the patched request handler) from the bridge itself.
 */
function serveRequests(bridge: ServerBridge, port: MessagePort): void {
  const view = Object.create(bridge, { messageChannel: { value: { port1: port } } }) as ServerBridge;
  const handle = (bridge as unknown as BridgeInternals).handleServiceWorkerMessage;
  port.onmessage = (event) => void handle.call(view, event);
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
