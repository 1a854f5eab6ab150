/**
 * The provider-neutral Computer over the preview iframe: every operation is a postMessage request to the bridge
 * script running inside the preview page (lib/preview-page), answered by id. Messages are only sent to,
 * and only accepted from, the frame's own window and origin.
 */
import {
  BRIDGE_TAG,
  bridgeReadySchema,
  bridgeResponseSchema,
  type Action,
  type ActionResult,
  type BridgeRequest,
  type Computer,
  type DisplaySize,
  type Screenshot,
  type ScreenshotOptions,
} from './types';

interface PreviewComputerOptions {
  /** Per-request limit (a `wait` action gets its duration on top). Default 10 s. */
  timeoutMs?: number;
  /** The IDE window (tests pass another). Default: `window`. */
  host?: Window;
}

class BridgeError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

interface Pending {
  request: BridgeRequest;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

interface ExecuteReply {
  at?: { x: number; y: number };
  note?: string;
  navigating?: boolean;
}

const RESEND_MS = 400;

/** The origin a frame's document comes from, from its src (about:blank and srcdoc frames have none usable). */
export function frameOrigin(frame: HTMLIFrameElement, base: string): string {
  const src = frame.getAttribute('src') ?? '';
  if (!src) throw new BridgeError('NoPreview', 'the preview frame has no page loaded: start the app and open the preview');
  const origin = new URL(src, base).origin;
  if (origin === 'null') throw new BridgeError('NoPreview', `the preview frame's page (${src}) has no origin the bridge can answer from`);
  return origin;
}

export function createPreviewComputer(getFrame: () => HTMLIFrameElement | null, options: PreviewComputerOptions = {}): Computer {
  const host = options.host ?? window;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const pending = new Map<string, Pending>();
  let nextId = 0;
  let closed = false;
  /** Bumped by every `ready` (a page with the bridge finished loading in the frame). */
  let generation = 0;
  let readyWaiters: ((error?: Error) => void)[] = [];
  let bridgeAlive = false;

  function target(): { win: Window; origin: string } {
    if (closed) throw new BridgeError('Closed', 'this preview computer was closed');
    const frame = getFrame();
    const win = frame?.contentWindow;
    if (!frame || !win) throw new BridgeError('NoPreview', 'no preview frame is open: start the app and open the preview');
    return { win, origin: frameOrigin(frame, host.location.href) };
  }

  const onMessage = (event: MessageEvent) => {
    const data = event.data as { tag?: unknown } | null;
    if (typeof data !== 'object' || data === null || data.tag !== BRIDGE_TAG) return;
    let expected: { win: Window; origin: string };
    try {
      expected = target();
    } catch {
      return;
    }
    if (event.source !== expected.win || event.origin !== expected.origin) return;
    if (bridgeReadySchema.safeParse(data).success) {
      generation++;
      bridgeAlive = true;
      const waiters = readyWaiters;
      readyWaiters = [];
      waiters.forEach((wake) => wake());
      // Requests that went to the page before it was replaced are lost; the harmless ones are sent again, and an
      // action whose page navigated away before answering counts as done (its effect was the navigation).
      for (const [id, entry] of pending) {
        if (entry.request.op !== 'execute') {
          expected.win.postMessage(entry.request, expected.origin);
        } else {
          pending.delete(id);
          clearTimeout(entry.timer);
          entry.resolve({ navigating: true, note: 'the page navigated before answering' } satisfies ExecuteReply);
        }
      }
      return;
    }
    const response = bridgeResponseSchema.safeParse(data);
    if (!response.success) return;
    const entry = pending.get(response.data.id);
    if (!entry) return;
    pending.delete(response.data.id);
    clearTimeout(entry.timer);
    bridgeAlive = true;
    if (response.data.ok) entry.resolve(response.data.result);
    else entry.reject(new BridgeError(response.data.error?.name ?? 'BridgeError', response.data.error?.message ?? 'the preview bridge failed'));
  };
  host.addEventListener('message', onMessage);

  function send(op: BridgeRequest['op'], extra: Partial<BridgeRequest> = {}, limitMs = timeoutMs): Promise<unknown> {
    return new Promise((resolve, reject) => {
      let dest: { win: Window; origin: string };
      try {
        dest = target();
      } catch (error) {
        reject(error as Error);
        return;
      }
      const request: BridgeRequest = { tag: BRIDGE_TAG, kind: 'request', id: `cu-${++nextId}`, op, ...extra };
      const timer = setTimeout(() => {
        pending.delete(request.id);
        bridgeAlive = false;
        reject(
          new BridgeError('BridgeTimeout', `the preview page did not answer "${op}" within ${Math.round(limitMs / 1000)} s: is it loaded? reload the preview`),
        );
      }, limitMs);
      pending.set(request.id, { request, resolve, reject, timer });
      dest.win.postMessage(request, dest.origin);
    });
  }

  /** Resolves once a `ready` newer than `after` arrives (or a ping is answered), else rejects after the timeout. */
  function waitForBridge(after: number | null): Promise<void> {
    if (after === null && bridgeAlive) return Promise.resolve();
    return new Promise((resolve, reject) => {
      let done = false;
      const finish = (error?: Error) => {
        if (done) return;
        done = true;
        clearInterval(pinger);
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      readyWaiters.push((error) => finish(error));
      // A page that loaded before we listened already sent its `ready`: pings find it. After a navigation, only
      // a `ready` from the new page counts (the old page may still answer pings while it unloads).
      const ping = () => {
        if (after !== null) return;
        send('ping', {}, RESEND_MS * 2).then(
          () => finish(),
          () => undefined,
        );
      };
      const pinger = setInterval(ping, RESEND_MS);
      ping();
      const timer = setTimeout(() => {
        if (after !== null && generation > after) return finish();
        finish(new BridgeError('BridgeTimeout', 'the preview page did not answer: is it loaded? reload the preview'));
      }, timeoutMs);
    });
  }

  async function screenshot(opts: ScreenshotOptions = {}): Promise<Screenshot> {
    await waitForBridge(null);
    return (await send('screenshot', { ...(opts.marks ? { marks: true } : {}), ...(opts.allowJpeg ? { allowJpeg: true } : {}) })) as Screenshot;
  }

  return {
    async execute(action: Action, opts: Pick<ScreenshotOptions, 'allowJpeg'> = {}): Promise<ActionResult> {
      await waitForBridge(null);
      const before = generation;
      const extra = action.type === 'wait' ? action.durationMs : 0;
      const reply = (await send('execute', { action }, timeoutMs + extra)) as ExecuteReply;
      if (reply.navigating) {
        bridgeAlive = false;
        await waitForBridge(before).catch(() => waitForBridge(null));
      }
      const shot = await screenshot(opts);
      return { screenshot: shot, ...(reply.at ? { at: reply.at } : {}), ...(reply.note ? { note: reply.note } : {}) };
    },
    screenshot,
    async displaySize(): Promise<DisplaySize> {
      const frame = getFrame();
      // The frame's content box is the page's viewport; reading it needs no round trip.
      if (frame && frame.clientWidth > 0 && frame.clientHeight > 0) return { width: frame.clientWidth, height: frame.clientHeight };
      await waitForBridge(null);
      return (await send('size')) as DisplaySize;
    },
    async close(): Promise<void> {
      closed = true;
      host.removeEventListener('message', onMessage);
      for (const entry of pending.values()) {
        clearTimeout(entry.timer);
        entry.reject(new BridgeError('Closed', 'the preview computer was closed'));
      }
      pending.clear();
      const waiters = readyWaiters;
      readyWaiters = [];
      waiters.forEach((stop) => stop(new BridgeError('Closed', 'the preview computer was closed')));
    },
  };
}
