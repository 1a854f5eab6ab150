/**
 * The IDE's side of preview_logs: asks the preview page's bridge for what the page logged since it loaded
 * (lib/preview-page/console-capture.ts). Answers are taken only from the preview frame's window and
 * origin, and checked against the entry schema: the page is the user's code, so its reply is untrusted.
 */
import { z } from 'zod';
import { previewLogEntrySchema } from '@/lib/agent/tool-schemas';
import { frameOrigin } from '@/lib/computer-use/preview-computer';
import { BRIDGE_TAG, bridgeResponseSchema, type BridgeRequest } from '@/lib/computer-use/types';
import type { PreviewLogs, PreviewLogsHook } from '@/lib/agent/preview-hooks';
import { ToolFailure } from '@/lib/agent/tool-failure';

const logsReplySchema = z.object({ entries: z.array(previewLogEntrySchema).max(1_000), dropped: z.number().int().min(0), url: z.string().optional() });

/** How long a page has to answer; a page busy in a loop does not, and the tool says so. */
const LOGS_ANSWER_MS = 4_000;

function readPreviewLogs(frame: HTMLIFrameElement, signal: AbortSignal, host: Window = window): Promise<PreviewLogs> {
  const win = frame.contentWindow;
  if (!win) return Promise.reject(new ToolFailure('Unavailable', 'No preview page is open: start the dev server and open the preview.'));
  const origin = frameOrigin(frame, host.location.href);
  const id = `logs-${crypto.randomUUID()}`;
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      host.removeEventListener('message', onMessage);
      signal.removeEventListener('abort', onAbort);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== win || event.origin !== origin) return;
      const response = bridgeResponseSchema.safeParse(event.data);
      if (!response.success || response.data.id !== id) return;
      done();
      const reply = logsReplySchema.safeParse(response.data.result);
      if (response.data.ok && reply.success) resolve(reply.data);
      else
        reject(
          new ToolFailure(
            'InternalError',
            `The preview page answered with something other than its logs${response.data.error ? `: ${response.data.error.message}` : ''}.`,
          ),
        );
    };
    const onAbort = () => {
      done();
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      done();
      reject(
        new ToolFailure(
          'Unavailable',
          `The preview page did not answer within ${LOGS_ANSWER_MS / 1000} s: is it loaded (and not stuck in a loop)? Reload the preview.`,
        ),
      );
    }, LOGS_ANSWER_MS);
    host.addEventListener('message', onMessage);
    signal.addEventListener('abort', onAbort, { once: true });
    const request: BridgeRequest = { tag: BRIDGE_TAG, kind: 'request', id, op: 'logs' };
    win.postMessage(request, origin);
  });
}

/** preview_logs over whatever preview frame is open when the tool runs. */
export function createPreviewLogsHook(getFrame: () => HTMLIFrameElement | null): PreviewLogsHook {
  return async (signal) => {
    const frame = getFrame();
    if (!frame) throw new ToolFailure('Unavailable', 'No preview page is open: start the dev server (run_sh with background: true) and open the preview.');
    return readPreviewLogs(frame, signal);
  };
}
