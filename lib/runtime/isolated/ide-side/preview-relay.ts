/**
 * The IDE's side of the preview site: a hidden relay page on that site (lib/preview/relay/relay-page.ts), and
 * the broker that connects it to the runtime frame. Each time the relay is ready (first load, or its service
 * worker lost its port), the IDE makes two channels and gives one end of each to the runtime frame and the
 * other to the relay; it never carries preview traffic itself.
 *
 * The relay shares its browser process with the preview pages, so it also tells when a preview is stuck: a ping
 * left unanswered for HUNG_AFTER_MS means the preview site's process is busy for good. Then the relay is
 * removed and a fresh one starts on the next preview site (a new site: the browser would put a page of the old
 * one back into the stuck process, where that site's service worker lives); once that relay's service worker is
 * connected, `onMoved` has the preview frame loaded again there. The runtime frame, on a site of its own, keeps running throughout.
 */
import { PREVIEW_RELAY_PATH } from '@/lib/preview/preview-site';
import { createHiddenFrame } from './hidden-frame';
import { PREVIEW_SERVE, RELAY_CONNECT, RELAY_CONNECTED, RELAY_PING, RELAY_PONG, relayToIdeSchema } from '@/lib/preview/relay/messages';

const PING_EVERY_MS = 1_000;
/** How long `ready` waits for the relay's first connection before giving up on it (it never rejects). */
const READY_WITHIN_MS = 8_000;
const HUNG_AFTER_MS = 5_000;
interface PreviewRelayOptions {
  /** The n-th preview site (0 first); a new one per restart. */
  originFor(generation: number): string;
  ideOrigin: string;
  /** The runtime frame's window and origin right now, or null while there is none. */
  runtimeFrame(): { win: Window; origin: string } | null;
  /** The preview was stuck and now lives on `origin`: load the preview frame again there. */
  onMoved(origin: string): void;
  host?: HTMLElement;
}

export class PreviewRelay {
  private frame: HTMLIFrameElement | null = null;
  private sent = 0;
  private answered = 0;
  private lastAnswerAt = 0;
  private connected = false;
  private generation = 0;
  private moving = false;
  private markReady: () => void = () => undefined;
  /**
   * Settles once the preview site's service worker holds ports to the runtime frame (or after READY_WITHIN_MS):
   * a preview frame loaded before that would reach the server, or a worker's port from before an IDE reload.
   */
  readonly ready: Promise<void>;
  private readonly pinger: ReturnType<typeof setInterval>;
  private readonly onMessage = (event: MessageEvent) => this.receive(event);

  constructor(private readonly options: PreviewRelayOptions) {
    this.ready = new Promise<void>((resolve) => {
      this.markReady = resolve;
      setTimeout(resolve, READY_WITHIN_MS);
    });
    window.addEventListener('message', this.onMessage);
    this.mount();
    this.pinger = setInterval(() => this.ping(), PING_EVERY_MS);
  }

  /** The preview site in use now. */
  get origin(): string {
    return this.options.originFor(this.generation);
  }

  dispose(): void {
    clearInterval(this.pinger);
    window.removeEventListener('message', this.onMessage);
    this.frame?.remove();
    this.frame = null;
  }

  private mount(): void {
    const src = `${this.origin}${PREVIEW_RELAY_PATH}?ide=${encodeURIComponent(this.options.ideOrigin)}`;
    const frame = createHiddenFrame(src, 'Tabsmith preview relay (not interactive)', 'tabsmithPreviewRelay');
    this.connected = false;
    this.frame = frame;
    (this.options.host ?? document.body).appendChild(frame);
  }

  private receive(event: MessageEvent): void {
    const relay = this.frame?.contentWindow;
    if (!relay || event.source !== relay || event.origin !== this.origin) return;
    const parsed = relayToIdeSchema.safeParse(event.data);
    if (!parsed.success) return;
    if (parsed.data.type === RELAY_PONG) {
      this.answered = Math.max(this.answered, parsed.data.n);
      this.lastAnswerAt = Date.now();
      return;
    }
    if (parsed.data.type === RELAY_CONNECTED) {
      this.connected = true;
      this.lastAnswerAt = Date.now();
      this.markReady();
      if (!this.moving) return;
      this.moving = false;
      this.options.onMoved(this.origin);
      return;
    }
    this.connect(relay);
  }

  private connect(relay: Window): void {
    const runtime = this.options.runtimeFrame();
    if (!runtime) return;
    const requests = new MessageChannel();
    const sockets = new MessageChannel();
    runtime.win.postMessage({ type: PREVIEW_SERVE }, runtime.origin, [requests.port2, sockets.port2]);
    // Ready (and a moved preview loaded again) once the relay says its service worker holds these ports.
    relay.postMessage({ type: RELAY_CONNECT }, this.origin, [requests.port1, sockets.port1]);
  }

  private ping(): void {
    const relay = this.frame?.contentWindow;
    if (!relay || !this.connected) return;
    if (this.answered < this.sent && Date.now() - this.lastAnswerAt > HUNG_AFTER_MS) {
      this.restart();
      return;
    }
    relay.postMessage({ type: RELAY_PING, n: ++this.sent }, this.origin);
  }

  /** The stuck site's relay out, a fresh one on the next site: see the module comment. */
  private restart(): void {
    this.frame?.remove();
    this.frame = null;
    this.sent = 0;
    this.answered = 0;
    this.generation += 1;
    this.moving = true;
    this.mount();
  }
}
