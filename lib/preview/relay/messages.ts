/**
 * Messages between the IDE, the preview site's relay page and the runtime frame. The preview site's service
 * worker answers preview pages with what the runtime frame's servers send, over a MessagePort the IDE obtains
 * from the runtime frame and hands to the relay page, which passes it on to its service worker. Preview pages'
 * WebSockets travel over a second port the same way. Every message is checked against its schema on arrival.
 */
import { z } from 'zod';

/** almostnode's service worker, copied into public/ by scripts/vendor-assets.mjs. It must sit at the root:
 * almostnode registers it with scope "/", and preview pages live under /__virtual__/<port>/. The runtime frame
 * and the preview site's relay page both register it. */
export const SERVICE_WORKER_URL = '/__sw__.js';

/** The BroadcastChannel between preview pages' socket shim and the relay page (or the runtime frame) that carries their WebSockets. */
export const PREVIEW_SOCKETS_CHANNEL = 'tabsmith-preview-sockets';

/** Relay → IDE: its service worker is active and needs (fresh) ports to the runtime frame. */
export const RELAY_READY = 'tabsmith:preview-relay-ready';
/**
 * Relay → IDE: its service worker now holds the ports just brokered. Only then may a preview load: a worker
 * still alive from before an IDE reload holds the old page's port, and would send the request there, unanswered.
 */
export const RELAY_CONNECTED = 'tabsmith:preview-relay-connected';
/** IDE → relay: the two ports (requests, sockets). */
export const RELAY_CONNECT = 'tabsmith:preview-relay-connect';
/** IDE → runtime frame: serve these two ports (requests, sockets) for the preview site. */
export const PREVIEW_SERVE = 'tabsmith:preview-serve';
/** IDE ⇄ relay: the health check that tells a preview busy forever from one that works. */
export const RELAY_PING = 'tabsmith:preview-relay-ping';
export const RELAY_PONG = 'tabsmith:preview-relay-pong';

const sequence = z.number().int().nonnegative();

export const relayToIdeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal(RELAY_READY) }),
  z.object({ type: z.literal(RELAY_CONNECTED) }),
  z.object({ type: z.literal(RELAY_PONG), n: sequence }),
]);

export const ideToRelaySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal(RELAY_CONNECT) }),
  z.object({ type: z.literal(RELAY_PING), n: sequence }),
]);

export const previewServeSchema = z.object({ type: z.literal(PREVIEW_SERVE) });

/** What the service worker sends its clients when it lost its port (it was stopped and started again). */
export const serviceWorkerNeedsInitSchema = z.object({ type: z.literal('sw-needs-init') });
