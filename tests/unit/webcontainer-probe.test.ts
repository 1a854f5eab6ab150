/** The quick check 'auto' makes before waiting on WebContainer: reached, refused, or no answer in time. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { probeWebContainerHost, webContainerProbeUrl, WEBCONTAINER_PROBE_TIMEOUT_MS } from '@/lib/runtime/webcontainer/probe';

afterEach(() => {
  delete (globalThis as { WEBCONTAINER_API_IFRAME_URL?: string }).WEBCONTAINER_API_IFRAME_URL;
});

/** A fetch that never answers, like a host whose packets are dropped; it ends only when aborted. */
const silentFetch = vi.fn(
  (_url: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
);

describe('WebContainer host probe', () => {
  it('an opaque answer means the host was reached; nothing is read and no credentials are sent', async () => {
    const fetchImpl = vi.fn(async () => new Response(null, { status: 200 }));
    expect(await probeWebContainerHost({ fetch: fetchImpl })).toEqual({ reachable: true });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(webContainerProbeUrl());
    expect(init).toMatchObject({ mode: 'no-cors', credentials: 'omit' });
  });

  it('a failed request (DNS, refused, blocked) means unreachable, with the reason', async () => {
    const fetchImpl = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await probeWebContainerHost({ fetch: fetchImpl })).toEqual({ reachable: false, reason: 'Failed to fetch' });
  });

  it('no answer ends at the probe timeout, well under 2 s by default', async () => {
    const started = Date.now();
    expect(await probeWebContainerHost({ fetch: silentFetch, timeoutMs: 200 })).toEqual({ reachable: false, reason: 'no answer within 0.2 s' });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(WEBCONTAINER_PROBE_TIMEOUT_MS).toBeLessThan(2_000);
  });

  it('with fake timers the default wait is the constant', async () => {
    vi.useFakeTimers();
    try {
      const probing = probeWebContainerHost({ fetch: silentFetch });
      await vi.advanceTimersByTimeAsync(WEBCONTAINER_PROBE_TIMEOUT_MS - 1);
      let settled = false;
      void probing.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await probing).toEqual({ reachable: false, reason: 'no answer within 1.5 s' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('probes the host @webcontainer/api loads its frame from, the same override included', () => {
    expect(webContainerProbeUrl()).toMatch(/^https:\/\/[^/]+\/headless\?coep=require-corp$/);
    (globalThis as { WEBCONTAINER_API_IFRAME_URL?: string }).WEBCONTAINER_API_IFRAME_URL = 'https://wc.example.test/some/path';
    expect(webContainerProbeUrl()).toBe('https://wc.example.test/headless?coep=require-corp');
  });
});
