/**
 * Puts a runtime frame into the IDE page and connects to it: the frame says it is ready (checked: it comes from
 * that frame's window and the runtime origin), the IDE hands it a MessagePort, and from then on the port is
 * the only channel. Disposing removes the frame, which lets the browser end its process even if it is stuck.
 */
import { RuntimeError } from '../../port';
import { CONNECT, FRAME_FAILED, frameHelloSchema, RUNTIME_FRAME_PATH, TICKET_PARAM } from '../protocol';

export interface FrameConnection {
  readonly origin: string;
  readonly frame: HTMLIFrameElement;
  readonly port: MessagePort;
  dispose(): void;
}

export interface ConnectOptions {
  /** The runtime site's origin for this frame (never the IDE's own). */
  origin: string;
  ideOrigin: string;
  /** The server's ticket for this origin (the frame boots nothing without it). */
  ticket: string;
  timeoutMs: number;
  host?: HTMLElement;
}

export function frameUrl(origin: string, ticket: string): string {
  return `${origin}${RUNTIME_FRAME_PATH}?${TICKET_PARAM}=${encodeURIComponent(ticket)}`;
}

function createFrame(src: string): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.src = src;
  frame.title = 'Tabsmith runtime (runs your code; not interactive)';
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  // Its own site and process under COEP: the frame may use SharedArrayBuffer like the IDE.
  frame.allow = 'cross-origin-isolated';
  // Its own origin (for the preview service worker and the runtime's storage) and scripts, nothing else: no
  // navigating the IDE's tab, no popups, no forms, whatever the user's code tries.
  frame.sandbox.add('allow-scripts', 'allow-same-origin');
  frame.dataset.tabsmithRuntime = '';
  // Not rendered at all: a frame in the page's compositing would tie the IDE's painting to a process that a busy
  // loop can hold. Its scripts, timers and messages run as usual (browsers throttle only rendering there).
  frame.style.display = 'none';
  return frame;
}

export function connectToFrame({ origin, ideOrigin, ticket, timeoutMs, host = document.body }: ConnectOptions): Promise<FrameConnection> {
  if (origin === ideOrigin) {
    return Promise.reject(new RuntimeError('boot-failed', 'The runtime frame must not run on the IDE origin.'));
  }
  const frame = createFrame(frameUrl(origin, ticket));
  return new Promise<FrameConnection>((resolve, reject) => {
    const cleanup = () => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
    };
    const fail = (error: RuntimeError) => {
      cleanup();
      frame.remove();
      reject(error);
    };
    const timer = setTimeout(
      () =>
        fail(
          new RuntimeError(
            'boot-timeout',
            `The runtime frame (${origin}) did not start within ${Math.round(timeoutMs / 1000)} s. It is served by this app on a ` +
              'second host name; check that the host name resolves to this server.',
          ),
        ),
      timeoutMs,
    );
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.contentWindow || event.origin !== origin) return;
      const hello = frameHelloSchema.safeParse(event.data);
      if (!hello.success) return;
      if (hello.data.type === FRAME_FAILED) {
        fail(new RuntimeError('boot-failed', `The offline runtime could not start: ${hello.data.message}`));
        return;
      }
      cleanup();
      const channel = new MessageChannel();
      frame.contentWindow?.postMessage({ type: CONNECT }, origin, [channel.port2]);
      resolve({
        origin,
        frame,
        port: channel.port1,
        dispose() {
          channel.port1.close();
          frame.remove();
        },
      });
    };
    window.addEventListener('message', onMessage);
    host.appendChild(frame);
  });
}
