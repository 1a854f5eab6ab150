/**
 * Runs inside the runtime frame (a page on the runtime site, never the IDE's origin): boots the offline runtime
 * here and serves the IDE's requests over the MessagePort the IDE hands over. The IDE is the only party this
 * page talks to: the handshake accepts only its parent window at the origin named in `?ide=`.
 */
import type { Runtime, RuntimeProcess } from '../../port';
import { connectSchema, FRAME_FAILED, FRAME_READY, requestEnvelopeSchema, type FrameEvent, type FrameMessage } from '../protocol';
import { handleRequest, type FrameState } from './handle-request';
import { errorMessage } from '../../../error-message';

/** The IDE origin from `?ide=`, or null when it is missing or not an http(s) origin. */
export function ideOriginFrom(search: string): string | null {
  const declared = new URLSearchParams(search).get('ide');
  if (!declared) return null;
  try {
    const url = new URL(declared);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/*
 * The frame's own copies of the functions that touch the IDE's port, taken when this module loads, before any
 * workspace code runs. Code that runs on this page's thread (the dev server loads the project's config and
 * plugins here) could otherwise replace MessagePort.prototype.postMessage or MessageEvent.prototype.data in
 * this realm, be handed the port, and send the IDE forged events.
 */
/* Bound now, so a later change to Function.prototype.call or Reflect cannot reach them either. */
const postOn: (port: MessagePort, message: unknown) => void = Function.prototype.call.bind(MessagePort.prototype.postMessage);
const dataGetter = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data')?.get;
const dataOf: (message: MessageEvent) => unknown = dataGetter ? Function.prototype.call.bind(dataGetter) : (message) => message.data;

function post(port: MessagePort, message: FrameMessage): void {
  postOn(port, message);
}

/** Streams a process's output and exit to the IDE; output of shell command lines travels with their shell's. */
function pump(port: MessagePort, process: RuntimeProcess, withOutput: boolean): void {
  const event = (e: FrameEvent) => post(port, { kind: 'event', event: e });
  if (withOutput) {
    void (async () => {
      const reader = process.output.getReader();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          if (value) event({ type: 'output', pid: process.id, data: value });
        }
      } catch {
        // The stream ended abnormally: the exit event below still tells the IDE.
      }
    })();
  }
  void process.exit.then((code) => event({ type: 'exit', pid: process.id, code }));
}

export function serveRuntime(runtime: Runtime & { onShellCommand?(listener: (p: RuntimeProcess) => void): () => void }, port: MessagePort): void {
  const event = (e: FrameEvent) => post(port, { kind: 'event', event: e });
  const state: FrameState = {
    runtime,
    watches: new Map(),
    started: (process) => pump(port, process, true),
    emitFs: (watchId, fsEvent) => event({ type: 'fs', watchId, event: fsEvent }),
  };
  runtime.onPort(({ port: number, type }) => event({ type: 'port', port: number, open: type === 'open' }));
  runtime.onPreviewError((error) => event({ type: 'preview-error', error }));
  runtime.onProcessExit((exit) => event({ type: 'process-exit', exit }));
  runtime.onShellCommand?.((process) => {
    event({ type: 'process-start', pid: process.id, command: process.command, inShell: true });
    pump(port, process, false);
  });

  port.onmessage = (message: MessageEvent) => {
    const parsed = requestEnvelopeSchema.safeParse(dataOf(message));
    if (!parsed.success) {
      console.warn('[runtime frame] refused a malformed request:', parsed.error.issues[0]?.message);
      return;
    }
    const { id, request } = parsed.data;
    handleRequest(state, request).then(
      (value) => post(port, { kind: 'response', id, ok: true, value: value ?? null }),
      (error: unknown) => {
        const code = typeof error === 'object' && error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
        post(port, { kind: 'response', id, ok: false, error: { code, message: errorMessage(error).slice(0, 8000) } });
      },
    );
  };
  port.start();
}

/**
 * Boots the runtime, says so to the IDE, and serves it once the IDE connects. Everything the IDE sends before
 * the port exists is ignored: only its CONNECT message, from the parent window and the declared origin, counts.
 */
export async function startRuntimeFrame(boot: (ideOrigin: string) => Promise<Runtime>): Promise<void> {
  const ideOrigin = ideOriginFrom(window.location.search);
  if (!ideOrigin || window.parent === window) {
    document.body.textContent = 'This page runs the Tabsmith runtime inside the IDE; it does nothing on its own.';
    return;
  }
  let runtime: Runtime;
  try {
    runtime = await boot(ideOrigin);
  } catch (error) {
    window.parent.postMessage({ type: FRAME_FAILED, message: errorMessage(error).slice(0, 4000) }, ideOrigin);
    return;
  }
  const onConnect = (message: MessageEvent) => {
    if (message.source !== window.parent || message.origin !== ideOrigin) return;
    if (!connectSchema.safeParse(message.data).success || !message.ports[0]) return;
    window.removeEventListener('message', onConnect);
    serveRuntime(runtime, message.ports[0]);
  };
  window.addEventListener('message', onConnect);
  window.parent.postMessage({ type: FRAME_READY }, ideOrigin);
}
