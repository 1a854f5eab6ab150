/**
 * Puts a runtime frame into the IDE page and connects to it: the frame says it is ready (checked: it comes from
 * that frame's window and the runtime origin), the IDE hands it a MessagePort, and from then on the port is
 * the only channel. Disposing removes the frame, which lets the browser end its process even if it is stuck.
 */
import { RuntimeError } from '../../port';
import { createHiddenFrame } from './hidden-frame';
import { CONNECT, FRAME_FAILED, frameHelloSchema, RUNTIME_FRAME_PATH, TICKET_PARAM } from '../protocol';

export interface FrameConnection {
  readonly origin: string;
  readonly frame: HTMLIFrameElement;
  readonly port: MessagePort;
  dispose(): void;
}

interface ConnectOptions {
  /** The runtime site's origin for this frame (never the IDE's own). */
  origin: string;
  ideOrigin: string;
  /** The server's ticket for this origin (the frame boots nothing without it). */
  ticket: string;
  timeoutMs: number;
  host?: HTMLElement;
}

function frameUrl(origin: string, ticket: string): string {
  return `${origin}${RUNTIME_FRAME_PATH}?${TICKET_PARAM}=${encodeURIComponent(ticket)}`;
}

export function connectToFrame({ origin, ideOrigin, ticket, timeoutMs, host = document.body }: ConnectOptions): Promise<FrameConnection> {
  if (origin === ideOrigin) {
    return Promise.reject(new RuntimeError('boot-failed', 'The runtime frame must not run on the IDE origin.'));
  }
  const frame = createHiddenFrame(frameUrl(origin, ticket), 'Tabsmith runtime (runs your code; not interactive)', 'tabsmithRuntime');
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
