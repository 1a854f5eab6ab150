/**
 * The bridge's end of the postMessage protocol: accepts requests only from the parent window with the IDE's
 * origin, validates them, runs them one at a time (actions must not interleave) and answers with the same id.
 */
import { BRIDGE_TAG, bridgeRequestSchema, type BridgeRequest, type BridgeResponse } from '../computer-use/types';

export type Perform = (request: BridgeRequest) => Promise<{ result: unknown; after?: () => void }>;

interface BridgeHandlerOptions {
  /** The window the IDE is in (this page's parent). */
  parent: Window;
  /** The only origin requests are accepted from and answers are sent to. */
  ideOrigin: string;
  perform: Perform;
}

function toError(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name || 'Error', message: error.message };
  return { name: 'Error', message: String(error) };
}

/** Whether a message may be treated as a request at all (origin and sender both checked). */
export function isTrustedSource(event: Pick<MessageEvent, 'origin' | 'source'>, parent: Window, ideOrigin: string): boolean {
  return event.source === parent && event.origin === ideOrigin;
}

export function createBridgeHandler(options: BridgeHandlerOptions): (event: MessageEvent) => void {
  let queue: Promise<unknown> = Promise.resolve();
  const reply = (response: BridgeResponse) => options.parent.postMessage(response, options.ideOrigin);
  return (event) => {
    if (!isTrustedSource(event, options.parent, options.ideOrigin)) return;
    const data = event.data as { tag?: unknown; kind?: unknown; id?: unknown } | null;
    if (typeof data !== 'object' || data === null || data.tag !== BRIDGE_TAG || data.kind !== 'request') return;
    const parsed = bridgeRequestSchema.safeParse(data);
    if (!parsed.success) {
      if (typeof data.id === 'string') {
        const message = parsed.error.issues.map((i) => `${i.path.join('.') || 'request'}: ${i.message}`).join('; ');
        reply({ tag: BRIDGE_TAG, kind: 'response', id: data.id, ok: false, error: { name: 'BadRequest', message } });
      }
      return;
    }
    const request = parsed.data;
    queue = queue.then(async () => {
      try {
        const { result, after } = await options.perform(request);
        reply({ tag: BRIDGE_TAG, kind: 'response', id: request.id, ok: true, result });
        // After the reply is on its way: a navigation started here would otherwise race it.
        if (after) setTimeout(after, 0);
      } catch (error) {
        reply({ tag: BRIDGE_TAG, kind: 'response', id: request.id, ok: false, error: toError(error) });
      }
    });
  };
}
