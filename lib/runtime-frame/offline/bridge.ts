/**
 * Hooks into almostnode's ServerBridge (the main-thread end of its service worker): server listen/close go to
 * the ServerTracker, HTML documents the preview navigates to get the preview error reporter, and 5xx
 * responses are reported as preview errors. Patching the instance is the only way in: the bridge calls these
 * methods on itself.
 */
import type { ServerBridge } from 'almostnode';
import type { PreviewError } from '../../runtime/port';
import { injectPreviewScript, PREVIEW_PATH_PREFIX } from './preview-errors';
import type { ServerTracker } from './servers';

type ResponseData = Awaited<ReturnType<ServerBridge['handleRequest']>>;

/** Set by the service worker (sw/mark-navigations.js) on document navigations only. */
export const NAVIGATION_HEADER = 'x-tabsmith-navigation';

/** Whether the request is a document navigation, and its headers as the user's server should see them. */
function takeNavigationMark(headers: Record<string, string>): { navigation: boolean; headers: Record<string, string> } {
  const rest = Object.fromEntries(Object.entries(headers).filter(([key]) => key.toLowerCase() !== NAVIGATION_HEADER));
  return { navigation: Object.keys(rest).length !== Object.keys(headers).length, headers: rest };
}

function withPreviewScript(response: ResponseData, ideOrigin: string): ResponseData {
  const type = Object.entries(response.headers).find(([key]) => key.toLowerCase() === 'content-type')?.[1];
  if (!type?.toLowerCase().includes('text/html') || !response.body || response.body.length === 0) return response;
  const html = new TextDecoder().decode(response.body);
  // The body grows, so any Content-Length the server set is now wrong.
  const headers = Object.fromEntries(Object.entries(response.headers).filter(([key]) => key.toLowerCase() !== 'content-length'));
  // ResponseData.body is almostnode's Buffer type; the bridge only needs a Uint8Array.
  const body = new TextEncoder().encode(injectPreviewScript(html, ideOrigin)) as unknown as ResponseData['body'];
  return { ...response, headers, body };
}

export function attachBridge(bridge: ServerBridge, tracker: ServerTracker, onPreviewError: (error: PreviewError) => void, ideOrigin: string): () => void {
  const original = {
    registerServer: bridge.registerServer,
    unregisterServer: bridge.unregisterServer,
    handleRequest: bridge.handleRequest,
  };
  bridge.registerServer = function (server, port, hostname) {
    original.registerServer.call(bridge, server, port, hostname);
    tracker.opened(port, server);
  };
  bridge.unregisterServer = function (port) {
    original.unregisterServer.call(bridge, port);
    tracker.closed(port);
  };
  bridge.handleRequest = async function (port, method, url, requestHeaders, body) {
    const { navigation, headers } = takeNavigationMark(requestHeaders);
    const response = await original.handleRequest.call(bridge, port, method, url, headers, body);
    if (response.statusCode >= 500) {
      const text = response.body ? new TextDecoder().decode(response.body.slice(0, 2000)) : '';
      onPreviewError({
        message: `${method} ${url} answered ${response.statusCode}${text ? `: ${text}` : ''}`,
        source: `${PREVIEW_PATH_PREFIX}${port}${url}`,
        at: Date.now(),
        ...(navigation ? {} : { overlay: true }),
      });
    }
    return navigation ? withPreviewScript(response, ideOrigin) : response;
  };
  return () => Object.assign(bridge, original);
}
