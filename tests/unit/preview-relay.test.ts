// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PreviewRelay } from '@/lib/runtime/isolated/ide-side/preview-relay';
import { PREVIEW_SERVE, RELAY_CONNECT, RELAY_CONNECTED, RELAY_PING, RELAY_PONG, RELAY_READY } from '@/lib/preview/relay/messages';

// The IDE's broker for the preview site: which relay page it trusts, what it hands the runtime frame and the
// relay, and how it moves a preview whose site stopped answering. The relay page and the runtime frame are
// stood in for by their windows' postMessage; messages from them arrive as the browser delivers them.

const IDE = 'http://localhost:3000';
const originFor = (generation: number) => `http://p${generation}-wabc-0.localhost:3000`;

interface Harness {
  relay: PreviewRelay;
  runtimePosts: { data: unknown; origin: string; ports: number }[];
  moved: string[];
  frame(): HTMLIFrameElement;
  relayPosts(): { data: unknown; origin: string; ports: number }[];
  fromRelay(data: unknown, options?: { origin?: string; source?: Window | null }): void;
}

// jsdom has no iframe.sandbox token list; this one reads and writes the attribute as browsers do.
if (!('sandbox' in HTMLIFrameElement.prototype)) {
  Object.defineProperty(HTMLIFrameElement.prototype, 'sandbox', {
    get(this: HTMLIFrameElement) {
      const tokens = () => (this.getAttribute('sandbox') ?? '').split(' ').filter(Boolean);
      return {
        add: (...added: string[]) => this.setAttribute('sandbox', [...new Set([...tokens(), ...added])].join(' ')),
        contains: (token: string) => tokens().includes(token),
      };
    },
  });
}

const relays: PreviewRelay[] = [];
afterEach(() => {
  for (const relay of relays.splice(0)) relay.dispose();
  vi.useRealTimers();
  document.body.innerHTML = '';
});
beforeEach(() => vi.useFakeTimers());

function start(): Harness {
  const runtimePosts: Harness['runtimePosts'] = [];
  const runtimeWin = {
    postMessage: (data: unknown, origin: string, ports: MessagePort[] = []) => void runtimePosts.push({ data, origin, ports: ports.length }),
  } as unknown as Window;
  const moved: string[] = [];
  const relay = new PreviewRelay({
    originFor,
    ideOrigin: IDE,
    runtimeFrame: () => ({ win: runtimeWin, origin: 'http://wabc-0.localhost:3000' }),
    onMoved: (origin) => void moved.push(origin),
  });
  relays.push(relay);
  const posted = new WeakMap<Window, Harness['runtimePosts']>();
  const frame = () => {
    const found = document.querySelector<HTMLIFrameElement>('iframe[data-tabsmith-preview-relay]');
    if (!found) throw new Error('no relay frame in the page');
    return found;
  };
  const relayPosts = () => {
    const win = frame().contentWindow;
    if (!win) throw new Error('the relay frame has no window');
    let list = posted.get(win);
    if (!list) {
      const posts: Harness['runtimePosts'] = [];
      list = posts;
      posted.set(win, posts);
      win.postMessage = ((data: unknown, origin: string, ports: MessagePort[] = []) =>
        void posts.push({ data, origin, ports: ports.length })) as Window['postMessage'];
    }
    return list;
  };
  const fromRelay: Harness['fromRelay'] = (data, options = {}) => {
    relayPosts();
    const source = options.source === undefined ? frame().contentWindow : options.source;
    window.dispatchEvent(new MessageEvent('message', { data, origin: options.origin ?? relay.origin, source }));
  };
  return { relay, runtimePosts, moved, frame, relayPosts, fromRelay };
}

describe('PreviewRelay', () => {
  it('loads the relay hidden on the first preview site, brokers two channels when it asks, and is ready once its worker holds them', async () => {
    const h = start();
    const frame = h.frame();
    expect(new URL(frame.src).origin).toBe(originFor(0));
    expect(new URL(frame.src).searchParams.get('ide')).toBe(IDE);
    expect(frame.getAttribute('aria-hidden')).toBe('true');
    expect(frame.sandbox.contains('allow-popups')).toBe(false);

    let ready = false;
    void h.relay.ready.then(() => (ready = true));
    h.fromRelay({ type: RELAY_READY });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.runtimePosts).toEqual([{ data: { type: PREVIEW_SERVE }, origin: 'http://wabc-0.localhost:3000', ports: 2 }]);
    expect(h.relayPosts()).toEqual([{ data: { type: RELAY_CONNECT }, origin: originFor(0), ports: 2 }]);
    // Not before its service worker has the ports: one alive from before an IDE reload still holds a dead one.
    expect(ready).toBe(false);
    h.fromRelay({ type: RELAY_CONNECTED });
    await vi.advanceTimersByTimeAsync(0);
    expect(ready).toBe(true);
  });

  it('ignores "ready" from another origin, from another window, and anything malformed', async () => {
    const h = start();
    h.fromRelay({ type: RELAY_READY }, { origin: 'http://evil.localhost:3000' });
    h.fromRelay({ type: RELAY_READY }, { source: window });
    h.fromRelay({ type: 'tabsmith:preview-relay-ready', extra: 1 }, { origin: originFor(5) });
    h.fromRelay('ready');
    await vi.advanceTimersByTimeAsync(0);
    expect(h.runtimePosts).toEqual([]);
  });

  it('settles ready after 8 s even when the relay never answers, so a preview is not held back for ever', async () => {
    const h = start();
    let ready = false;
    void h.relay.ready.then(() => (ready = true));
    await vi.advanceTimersByTimeAsync(7_900);
    expect(ready).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(ready).toBe(true);
    expect(h.runtimePosts).toEqual([]);
  });

  it('pings the relay each second; one silent for 5 s is replaced on the next preview site, and the preview moves there', async () => {
    const h = start();
    h.fromRelay({ type: RELAY_READY });
    h.fromRelay({ type: RELAY_CONNECTED });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.relayPosts().filter((post) => (post.data as { type: string }).type === RELAY_PING)).toHaveLength(1);
    h.fromRelay({ type: RELAY_PONG, n: 1 });
    // Answered pings keep it: ten seconds later it is still the first site.
    for (let n = 2; n <= 11; n += 1) {
      await vi.advanceTimersByTimeAsync(1_000);
      h.fromRelay({ type: RELAY_PONG, n });
    }
    expect(h.relay.origin).toBe(originFor(0));

    // Then it goes quiet (its process is held by a preview page that never yields).
    const stuck = h.frame();
    await vi.advanceTimersByTimeAsync(7_000);
    expect(stuck.isConnected).toBe(false);
    expect(h.relay.origin).toBe(originFor(1));
    expect(new URL(h.frame().src).origin).toBe(originFor(1));
    expect(h.moved).toEqual([]);
    // The preview moves once the new site's service worker holds its ports, not before.
    h.fromRelay({ type: RELAY_READY });
    expect(h.moved).toEqual([]);
    h.fromRelay({ type: RELAY_CONNECTED });
    expect(h.moved).toEqual([originFor(1)]);
    expect(h.runtimePosts).toHaveLength(2);
  });

  it('stops pinging and removes its frame when disposed', async () => {
    const h = start();
    h.fromRelay({ type: RELAY_READY });
    h.fromRelay({ type: RELAY_CONNECTED });
    const posts = h.relayPosts();
    h.relay.dispose();
    expect(document.querySelector('iframe')).toBeNull();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(posts.filter((post) => (post.data as { type: string }).type === RELAY_PING)).toEqual([]);
  });
});
