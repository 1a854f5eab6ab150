/**
 * WebSockets of preview pages. A service worker cannot intercept a WebSocket, so a preview page's socket to its
 * own origin (where the dev server's client connects: Vite's HMR, a `ws` or socket.io app) is handed to the
 * runtime frame over a BroadcastChannel of the runtime site, and the frame speaks the WebSocket protocol to the
 * server on that port over a connection of bytes (client.ts). The page's side is preview-socket-script.ts.
 * Only pages of the runtime site share the channel; what they send is validated like any other input.
 */
import { z } from 'zod';
import type { Listener } from '../node/ports';
import { connectWebSocket, type WebSocketConnection } from './client';
import { PREVIEW_SOCKETS_CHANNEL } from '../../../preview/relay/messages';

const socketId = z.string().min(1).max(64);
const fromPage = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('ws-open'),
    id: socketId,
    port: z.number().int().min(1).max(65535),
    path: z.string().startsWith('/').max(8192),
    protocols: z.array(z.string().max(256)).max(16),
  }),
  z.object({ t: z.literal('ws-send'), id: socketId, data: z.union([z.string(), z.instanceof(Uint8Array)]) }),
  z.object({ t: z.literal('ws-close'), id: socketId, code: z.number().int().min(1000).max(4999).optional(), reason: z.string().max(123).optional() }),
  // The page is going away (pagehide): its sockets are dropped, not closed politely. A dev server that still
  // counted the old page's socket would send the reloaded page's first error (Vite's overlay) to it and lose it.
  z.object({ t: z.literal('ws-drop'), id: socketId }),
]);

type PageSocketMessage = z.infer<typeof fromPage>;
export type FrameSocketMessage =
  | { t: 'ws-opened'; id: string; protocol: string }
  | { t: 'ws-message'; id: string; data: string | Uint8Array }
  | { t: 'ws-closed'; id: string; code: number; reason: string; wasClean: boolean };

interface Channel {
  postMessage(message: FrameSocketMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close?(): void;
}

/** Relays preview pages' sockets to the servers on `listenerFor`'s ports until the returned function is called. */
export function servePreviewSockets(
  listenerFor: (port: number) => Listener | undefined,
  channel: Channel = new BroadcastChannel(PREVIEW_SOCKETS_CHANNEL),
): () => void {
  const sockets = new Map<string, WebSocketConnection>();
  const post = (message: FrameSocketMessage) => channel.postMessage(message);
  const open = (request: Extract<PageSocketMessage, { t: 'ws-open' }>) => {
    const { id, port } = request;
    const tunnel = sockets.has(id) ? undefined : listenerFor(port)?.tunnel?.();
    if (!tunnel) return post({ t: 'ws-closed', id, code: 1006, reason: '', wasClean: false });
    const connection = connectWebSocket(
      tunnel,
      { port, path: request.path, protocols: request.protocols, origin: `http://localhost:${port}` },
      {
        open: (protocol) => post({ t: 'ws-opened', id, protocol }),
        message: (data) => post({ t: 'ws-message', id, data }),
        close: (code, reason, wasClean) => {
          sockets.delete(id);
          post({ t: 'ws-closed', id, code, reason, wasClean });
        },
      },
    );
    sockets.set(id, connection);
  };
  const onMessage = (event: MessageEvent) => {
    const parsed = fromPage.safeParse(event.data);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.t === 'ws-open') open(message);
    else if (message.t === 'ws-send') sockets.get(message.id)?.send(message.data);
    else if (message.t === 'ws-drop') sockets.get(message.id)?.drop();
    else sockets.get(message.id)?.close(message.code, message.reason);
  };
  channel.addEventListener('message', onMessage);
  return () => {
    channel.removeEventListener('message', onMessage);
    for (const connection of sockets.values()) connection.close(1001, 'The runtime stopped');
    sockets.clear();
    channel.close?.();
  };
}
