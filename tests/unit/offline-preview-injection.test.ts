/**
 * The preview's scripts go into HTML documents the preview frame navigates to, and nowhere else: a page's own
 * fetches and what curl or http.get read in the runtime get the server's bytes as sent.
 */
import type { ServerBridge } from 'almostnode';
import { describe, expect, it } from 'vitest';
import { attachBridge, NAVIGATION_HEADER } from '@/lib/runtime-frame/offline/bridge';
import { ServerTracker } from '@/lib/runtime-frame/offline/servers';

function fakeBridge() {
  const seen: Record<string, string>[] = [];
  const html = new TextEncoder().encode('<html><head></head><body>hi</body></html>');
  const bridge = {
    registerServer: () => undefined,
    unregisterServer: () => undefined,
    handleRequest: async (_port: number, _method: string, _url: string, headers: Record<string, string>) => {
      seen.push(headers);
      return { statusCode: 200, statusMessage: 'OK', headers: { 'Content-Type': 'text/html', 'Content-Length': String(html.length) }, body: html };
    },
  } as unknown as ServerBridge;
  attachBridge(bridge, new ServerTracker(bridge, { open: () => undefined, close: () => undefined }), () => undefined, 'http://ide.test');
  return { bridge, seen };
}

const text = (body: Uint8Array | undefined) => new TextDecoder().decode(body);

describe('preview scripts', () => {
  it('are injected into a document navigation, whose mark the server never sees', async () => {
    const { bridge, seen } = fakeBridge();
    const response = await bridge.handleRequest(3000, 'GET', '/', { accept: 'text/html', [NAVIGATION_HEADER]: 'iframe' });
    expect(text(response.body)).toContain('data-tabsmith-preview');
    expect(Object.keys(response.headers)).not.toContain('Content-Length');
    expect(seen).toEqual([{ accept: 'text/html' }]);
  });

  it('are not injected into anything else the preview fetches', async () => {
    const { bridge } = fakeBridge();
    const response = await bridge.handleRequest(3000, 'GET', '/', { accept: 'text/html' });
    expect(text(response.body)).toBe('<html><head></head><body>hi</body></html>');
    expect(response.headers['Content-Length']).toBe('41');
  });
});
