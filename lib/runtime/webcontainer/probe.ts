/**
 * A quick look at whether WebContainer's host answers at all, so 'auto' can give up on it in a second or two
 * instead of waiting out the boot timeout: `boot()` loads a frame from that host and waits for a message with
 * no deadline of its own, so an unreachable host otherwise looks exactly like a slow first download.
 *
 * The probe fetches the page that frame loads, in `no-cors` mode: the answer is opaque (nothing is read), but
 * it only arrives when the host was reached. That page must carry `Cross-Origin-Resource-Policy` for a
 * cross-origin isolated page to frame it at all, so the isolated IDE page may fetch it too.
 */
import { errorMessage } from '../../error-message';
import { webContainerEditorOrigin } from './editor-origin';

/** Well under the 2 s a person notices; a reachable host answers a small page much faster. */
export const WEBCONTAINER_PROBE_TIMEOUT_MS = 1_500;

export type WebContainerProbeResult = { reachable: true } | { reachable: false; reason: string };

interface WebContainerProbeOptions {
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** The URL to try; defaults to the frame's page on WebContainer's host. */
  url?: string;
}

export function webContainerProbeUrl(): string {
  return `${webContainerEditorOrigin()}/headless?coep=require-corp`;
}

export async function probeWebContainerHost(options: WebContainerProbeOptions = {}): Promise<WebContainerProbeResult> {
  const timeoutMs = options.timeoutMs ?? WEBCONTAINER_PROBE_TIMEOUT_MS;
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await doFetch(options.url ?? webContainerProbeUrl(), {
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      signal: controller.signal,
    });
    // Nobody reads it: the arrival was the answer.
    void response.body?.cancel().catch(() => undefined);
    return { reachable: true };
  } catch (error) {
    const seconds = Number((timeoutMs / 1000).toFixed(1));
    const reason = controller.signal.aborted ? `no answer within ${seconds} s` : errorMessage(error);
    return { reachable: false, reason };
  } finally {
    clearTimeout(timer);
  }
}
