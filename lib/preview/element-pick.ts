/**
 * The IDE's end of picking an element in the preview: asks the page's bridge to start (op `pick`) and waits for
 * its `picked` or `pick-ended`, taking messages only from the preview frame's own window and origin.
 */
import { frameOrigin } from '@/lib/computer-use/preview-computer';
import { BRIDGE_TAG, bridgePickEndedSchema, bridgePickedSchema, type BridgeRequest, type PickedElement } from '@/lib/computer-use/types';

export interface ElementPick {
  /** The element chosen, or null when picking ended without one (Esc, cancel, the page went away). */
  result: Promise<PickedElement | null>;
  cancel(): void;
}

let nextId = 0;

export function pickElement(frame: HTMLIFrameElement, host: Window = window): ElementPick {
  const win = frame.contentWindow;
  if (!win) throw new Error('No preview page is open: start the app and open the preview.');
  const origin = frameOrigin(frame, host.location.href);
  const send = (op: BridgeRequest['op']) => win.postMessage({ tag: BRIDGE_TAG, kind: 'request', id: `pick-${++nextId}`, op } satisfies BridgeRequest, origin);
  let finish: (element: PickedElement | null) => void = () => undefined;
  const result = new Promise<PickedElement | null>((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== win || event.origin !== origin) return;
      const picked = bridgePickedSchema.safeParse(event.data);
      if (picked.success) finish(picked.data.element);
      else if (bridgePickEndedSchema.safeParse(event.data).success) finish(null);
    };
    finish = (element) => {
      host.removeEventListener('message', onMessage);
      finish = () => undefined;
      resolve(element);
    };
    host.addEventListener('message', onMessage);
  });
  send('pick');
  return {
    result,
    cancel() {
      send('pick-stop');
      finish(null);
    },
  };
}
