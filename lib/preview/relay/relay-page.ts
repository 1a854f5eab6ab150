/**
 * The preview site's relay page: hidden, embedded by the IDE next to the preview. It registers the preview
 * site's service worker (the same worker the runtime site uses) and gives it the port to the runtime frame that
 * the IDE brokered, so preview pages get the runtime's servers' answers; it carries preview pages' WebSockets
 * between the preview site's BroadcastChannel and the runtime frame; and it answers the IDE's health pings.
 * It shares its process with the preview pages, so an unanswered ping means the preview is busy for good.
 *
 * Preview pages are on this page's origin and could reach it; all they could take is ports that serve what
 * their own fetches and sockets already reach.
 */
import {
  ideToRelaySchema,
  PREVIEW_SOCKETS_CHANNEL,
  RELAY_CONNECTED,
  RELAY_PONG,
  RELAY_READY,
  SERVICE_WORKER_URL,
  serviceWorkerNeedsInitSchema,
} from './messages';

/** The embedding IDE's origin as the browser reports it (the site's frame-ancestors admit only the IDE). */
function embedderOrigin(): string | null {
  const reported = window.location.ancestorOrigins?.[0];
  if (reported && reported !== 'null') return reported;
  const declared = new URLSearchParams(window.location.search).get('ide');
  try {
    return declared ? new URL(declared).origin : null;
  } catch {
    return null;
  }
}

export async function startPreviewRelay(): Promise<void> {
  const ide = embedderOrigin();
  if (!ide || window.parent === window || !('serviceWorker' in navigator)) {
    document.body.textContent = 'This page relays Tabsmith previews inside the IDE; it does nothing on its own.';
    return;
  }
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  await navigator.serviceWorker.ready;
  const worker = () => registration.active ?? navigator.serviceWorker.controller;
  const sockets = new BroadcastChannel(PREVIEW_SOCKETS_CHANNEL);
  let socketPort: MessagePort | null = null;
  // Page → runtime frame; what comes back goes to every preview page, which each take only their own sockets.
  sockets.onmessage = (event) => socketPort?.postMessage(event.data);
  const ready = () => window.parent.postMessage({ type: RELAY_READY }, ide);

  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || event.origin !== ide) return;
    const parsed = ideToRelaySchema.safeParse(event.data);
    if (!parsed.success) return;
    if (parsed.data.type === 'tabsmith:preview-relay-ping') {
      window.parent.postMessage({ type: RELAY_PONG, n: parsed.data.n }, ide);
      return;
    }
    const [requests, socketEnd] = event.ports;
    const active = worker();
    if (!requests || !socketEnd || !active) return;
    active.postMessage({ type: 'init' }, [requests]);
    socketPort?.close();
    socketPort = socketEnd;
    socketPort.onmessage = (message) => sockets.postMessage(message.data);
    window.parent.postMessage({ type: RELAY_CONNECTED }, ide);
  });
  // The worker is stopped when idle and loses its port; started again by a request, it asks its pages for one.
  navigator.serviceWorker.addEventListener('message', (event) => {
    if (serviceWorkerNeedsInitSchema.safeParse(event.data).success) ready();
  });
  navigator.serviceWorker.startMessages();
  ready();
}
