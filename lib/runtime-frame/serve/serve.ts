/**
 * Runs inside the runtime frame (a page on the runtime site, never the IDE's origin): boots the offline runtime
 * here and serves the IDE's requests over the MessagePort the IDE hands over. The IDE is the only party this
 * page talks to: the server admitted the page for one IDE origin (its ticket), the browser must report that
 * origin as the page's only ancestor, and the handshake accepts only the parent window at that origin.
 */
import type { Runtime, RuntimeProcess } from '../../runtime/port';
import {
  answerEnvelopeSchema,
  connectSchema,
  FRAME_FAILED,
  FRAME_READY,
  requestEnvelopeSchema,
  type FrameEvent,
  type FrameMessage,
} from '../../runtime/isolated/protocol';
import { ideCalls } from './ide-calls';
import type { GitHttpRequest, GitHttpResponse } from '@/lib/git/http-exchange';
import { handleRequest, type FrameState } from './handle-request';
import { errorMessage } from '../../error-message';

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

/** What the frame's runtime may take from the IDE besides requests: how git reaches remotes. */
export interface ServedRuntime extends Runtime {
  onShellCommand?(listener: (p: RuntimeProcess) => void): () => void;
  useGitHttp?(send: (request: GitHttpRequest) => Promise<GitHttpResponse>): void;
}

export function serveRuntime(runtime: ServedRuntime, port: MessagePort): void {
  const event = (e: FrameEvent) => post(port, { kind: 'event', event: e });
  const state: FrameState = {
    runtime,
    watches: new Map(),
    started: (process) => pump(port, process, true),
    emitFs: (watchId, fsEvent) => event({ type: 'fs', watchId, event: fsEvent }),
  };
  runtime.onPort(({ port: number, type, pid }) => event({ type: 'port', port: number, open: type === 'open', ...(pid !== undefined ? { pid } : {}) }));
  runtime.onPreviewError((error) => event({ type: 'preview-error', error }));
  runtime.onProcessExit((exit) => event({ type: 'process-exit', exit }));
  runtime.onShellCommand?.((process) => {
    event({ type: 'process-start', pid: process.id, command: process.command, inShell: true });
    pump(port, process, false);
  });

  const calls = ideCalls((message) => post(port, message));
  runtime.useGitHttp?.((request) => calls.gitHttp(request));

  port.onmessage = (message: MessageEvent) => {
    const data = dataOf(message);
    const answer = answerEnvelopeSchema.safeParse(data);
    if (answer.success) return calls.answer(answer.data);
    const parsed = requestEnvelopeSchema.safeParse(data);
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

/** Why this page must not serve a runtime where it is, or null when it is embedded by exactly `ideOrigin`. */
export function embeddingRefusal(win: Pick<Window, 'parent' | 'location'>, ideOrigin: string): string | null {
  if (win.parent === win) return NOT_EMBEDDED_MESSAGE;
  // Chromium and WebKit report who embeds the page; the IDE is always a top-level page (its own CSP lets nobody
  // frame it), so the one ancestor must be it. Without the list (Firefox) the handshake's origin check decides.
  const ancestors = win.location.ancestorOrigins as DOMStringList | undefined;
  if (!ancestors) return null;
  const embedder = ancestors.item(0);
  if (ancestors.length === 1 && embedder === ideOrigin) return null;
  return `This runtime frame serves only the IDE it was issued to; it is embedded by ${embedder ?? 'an unknown page'}.`;
}

export const NOT_EMBEDDED_MESSAGE = 'This page runs the Tabsmith runtime inside the IDE; it does nothing on its own.';

/** Shows why the page refused, and tells the IDE (only an allowed IDE origin receives it) so it can say so. */
export function refuseToServe(win: Window, reason: string, ideOrigins: readonly string[]): void {
  win.document.body.textContent = `Tabsmith runtime refused: ${reason}`;
  if (win.parent === win) return;
  const message = { type: FRAME_FAILED, message: reason.slice(0, 4000) };
  // postMessage delivers only when the parent's origin is the target: at most one of these reaches anyone.
  for (const origin of ideOrigins) win.parent.postMessage(message, origin);
}

/**
 * Boots the runtime, says so to the IDE, and serves it once the IDE connects. Everything the IDE sends before
 * the port exists is ignored: only its CONNECT message, from the parent window at the IDE's origin, counts.
 * `ideOrigin` is the origin the server admitted this page for.
 */
export async function startRuntimeFrame(ideOrigin: string, boot: (ideOrigin: string) => Promise<ServedRuntime>): Promise<void> {
  // Taken before anything else runs on this page: later code cannot swap what "the parent" is.
  const parent = window.parent;
  const refusal = embeddingRefusal(window, ideOrigin);
  if (refusal) {
    refuseToServe(window, refusal, [ideOrigin]);
    return;
  }
  let runtime: ServedRuntime;
  try {
    runtime = await boot(ideOrigin);
  } catch (error) {
    parent.postMessage({ type: FRAME_FAILED, message: errorMessage(error).slice(0, 4000) }, ideOrigin);
    return;
  }
  const onConnect = (message: MessageEvent) => {
    if (message.source !== parent || message.origin !== ideOrigin) return;
    if (!connectSchema.safeParse(message.data).success || !message.ports[0]) return;
    window.removeEventListener('message', onConnect);
    serveRuntime(runtime, message.ports[0]);
  };
  window.addEventListener('message', onConnect);
  parent.postMessage({ type: FRAME_READY }, ideOrigin);
}
