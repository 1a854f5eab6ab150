// @vitest-environment jsdom
/**
 * The boot-timeout path against the real `@webcontainer/api` module. Under jsdom (no network, no
 * subresource loading) its boot() inserts the stackblitz.com iframe and then waits forever for an
 * `init` message, which is exactly what happens in a browser that cannot reach stackblitz.com.
 */
import { describe, expect, it, vi } from 'vitest';
import { bootRuntime } from '@/lib/runtime/boot';
import { bootWebContainerRuntime } from '@/lib/runtime/webcontainer';
import type { Runtime } from '@/lib/runtime/port';

const offlineRuntime = { kind: 'offline', dispose: () => undefined } as unknown as Runtime;
/** The probe is covered on its own (webcontainer-probe.test.ts); here the boot timeout is the subject. */
const reachable = async () => ({ reachable: true }) as const;

describe('booting the real @webcontainer/api when stackblitz.com is unreachable', () => {
  it('rejects with a clear boot-timeout RuntimeError', async () => {
    const started = Date.now();
    const error = await bootWebContainerRuntime({ timeoutMs: 300 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'RuntimeError', code: 'boot-timeout' });
    expect((error as Error).message).toMatch(/WebContainer did not finish booting within 0\.3 s/i);
    expect((error as Error).message).toMatch(/offline runtime/);
    expect(Date.now() - started).toBeLessThan(2000);
    const iframe = document.querySelector('iframe');
    expect(iframe?.getAttribute('src')).toMatch(/^https:\/\/stackblitz\.com\/headless\?.*coep=require-corp/);
  });

  it('lets a later call try again, sharing the one pending boot (no second iframe)', async () => {
    const [a, b] = await Promise.allSettled([bootWebContainerRuntime({ timeoutMs: 200 }), bootWebContainerRuntime({ timeoutMs: 250 })]);
    expect(a).toMatchObject({ status: 'rejected', reason: { code: 'boot-timeout' } });
    expect(b).toMatchObject({ status: 'rejected', reason: { code: 'boot-timeout' } });
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('bootRuntime("webcontainer") surfaces the timeout for the UI to offer the offline runtime', async () => {
    const offline = vi.fn(async () => offlineRuntime);
    await expect(
      bootRuntime('webcontainer', { timeoutMs: 200, factories: { offline, isCrossOriginIsolated: () => true, probeWebContainer: reachable } }),
    ).rejects.toMatchObject({ code: 'boot-timeout', message: expect.stringMatching(/did not finish booting/i) });
    expect(offline).not.toHaveBeenCalled();
  });

  it('bootRuntime("auto") falls back to the offline runtime after the timeout', async () => {
    const offline = vi.fn(async () => offlineRuntime);
    const status: string[] = [];
    const booted = await bootRuntime('auto', {
      timeoutMs: 200,
      onStatus: (s) => status.push(s),
      factories: { offline, isCrossOriginIsolated: () => true, probeWebContainer: reachable },
    });
    expect(booted).toMatchObject({ kind: 'offline', fellBack: true });
    expect(booted.bootMs).toBeGreaterThanOrEqual(190);
    expect(status.join('\n')).toMatch(/did not finish booting/i);
  });

  it('bootRuntime("auto") with the real adapter stops waiting once the probe finds the host unreachable', async () => {
    const started = Date.now();
    const booted = await bootRuntime('auto', {
      timeoutMs: 60_000,
      factories: {
        offline: async () => offlineRuntime,
        isCrossOriginIsolated: () => true,
        probeWebContainer: async () => ({ reachable: false, reason: 'test' }),
      },
    });
    expect(booted).toMatchObject({ kind: 'offline', fellBack: true });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
