/**
 * The preview service worker's own part (run before almostnode's): document navigations carry a mark the
 * runtime uses to add the preview's scripts, other requests do not, and every answer can be embedded.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Listener = (event: unknown) => void;

function loadWorker(): { dispatch(request: { mode: string; destination: string; headers: Headers }): Promise<{ seen: Headers; response: Response }> } {
  const listeners: Listener[] = [];
  const self = { addEventListener: (type: string, listener: Listener) => type === 'fetch' && listeners.push(listener) };
  new Function('self', readFileSync('lib/runtime-frame/offline/sw/mark-navigations.js', 'utf8'))(self);
  // almostnode's worker, as it registers itself: answers with an empty 200 and reads the request's headers.
  let seen = new Headers();
  self.addEventListener('fetch', (event) => {
    const e = event as { request: { headers: Headers }; respondWith(answer: Promise<Response>): void };
    seen = e.request.headers;
    e.respondWith(Promise.resolve(new Response(null, { status: 200 })));
  });
  return {
    dispatch: (request) =>
      new Promise((resolve) => {
        const event = { request, respondWith: (answer: Promise<Response>) => void answer.then((response) => resolve({ seen, response })) };
        for (const listener of listeners) listener(event);
      }),
  };
}

describe('preview service worker', () => {
  it('marks a frame navigation with its destination, and nothing else', async () => {
    const worker = loadWorker();
    const navigation = await worker.dispatch({ mode: 'navigate', destination: 'iframe', headers: new Headers({ accept: 'text/html' }) });
    expect(navigation.seen.get('x-tabsmith-navigation')).toBe('iframe');
    expect(navigation.seen.get('accept')).toBe('text/html');
    const fetched = await worker.dispatch({ mode: 'cors', destination: '', headers: new Headers({ accept: 'text/html' }) });
    expect(fetched.seen.has('x-tabsmith-navigation')).toBe(false);
  });

  it('makes an answer without a body embeddable in the cross-origin-isolated IDE', async () => {
    const { response } = await loadWorker().dispatch({ mode: 'navigate', destination: 'iframe', headers: new Headers() });
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('cross-origin-embedder-policy')).toBe('credentialless');
  });
});
