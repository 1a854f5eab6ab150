import { describe, expect, it, vi } from 'vitest';
import { bootRuntime, COULD_NOT_BOOT_MESSAGE, NOT_ISOLATED_MESSAGE, UNREACHABLE_MESSAGE, type RuntimeFactories } from '@/lib/runtime/boot';
import { RuntimeError, type Runtime, type RuntimeKind } from '@/lib/runtime/port';
import type { WebContainerProbeResult } from '@/lib/runtime/webcontainer/probe';

const fakeRuntime = (kind: RuntimeKind) => ({ kind, dispose: () => undefined }) as unknown as Runtime;
const timeout = () => new RuntimeError('boot-timeout', 'The WebContainer service could not be reached within 1 s.');

function factories(overrides: Partial<RuntimeFactories> = {}) {
  return {
    webcontainer: vi.fn(async (_options: { timeoutMs: number }) => fakeRuntime('webcontainer')),
    offline: vi.fn(async () => fakeRuntime('offline')),
    isCrossOriginIsolated: vi.fn(() => true),
    probeWebContainer: vi.fn(async (): Promise<WebContainerProbeResult> => ({ reachable: true })),
    ...overrides,
  };
}

describe('bootRuntime', () => {
  it('boots the offline runtime without touching WebContainer', async () => {
    const f = factories();
    const status: string[] = [];
    const booted = await bootRuntime('offline', { factories: f, onStatus: (s) => status.push(s) });
    expect(booted).toMatchObject({ kind: 'offline', fellBack: false });
    expect(booted.bootMs).toBeGreaterThanOrEqual(0);
    expect(f.webcontainer).not.toHaveBeenCalled();
    expect(status.at(-1)).toMatch(/ready in \d+ ms/);
  });

  it('boots WebContainer with the given timeout (60 s by default)', async () => {
    const webcontainer = vi.fn(async (_options: { timeoutMs: number }) => fakeRuntime('webcontainer'));
    const f = factories({ webcontainer });
    expect(await bootRuntime('webcontainer', { factories: f, timeoutMs: 1234 })).toMatchObject({
      kind: 'webcontainer',
      fellBack: false,
    });
    await bootRuntime('webcontainer', { factories: f });
    expect(webcontainer.mock.calls.map(([o]) => o.timeoutMs)).toEqual([1234, 60_000]);
  });

  it('fails fast with not-isolated when the page is not cross-origin isolated', async () => {
    const f = factories({ isCrossOriginIsolated: () => false });
    const error = await bootRuntime('webcontainer', { factories: f }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RuntimeError);
    expect(error).toMatchObject({ code: 'not-isolated', message: NOT_ISOLATED_MESSAGE });
    expect(NOT_ISOLATED_MESSAGE).toMatch(/Cross-Origin-Opener-Policy: same-origin/);
    expect(NOT_ISOLATED_MESSAGE).toMatch(/Cross-Origin-Embedder-Policy: require-corp/);
    expect(f.webcontainer).not.toHaveBeenCalled();
  });

  it('passes a WebContainer timeout through when WebContainer was chosen explicitly', async () => {
    const f = factories({ webcontainer: async () => Promise.reject(timeout()) });
    await expect(bootRuntime('webcontainer', { factories: f })).rejects.toMatchObject({ code: 'boot-timeout' });
    expect(f.offline).not.toHaveBeenCalled();
  });

  it('auto prefers WebContainer', async () => {
    expect(await bootRuntime('auto', { factories: factories() })).toMatchObject({
      kind: 'webcontainer',
      fellBack: false,
    });
  });

  it.each([
    ['a boot timeout', { webcontainer: async () => Promise.reject(timeout()) }],
    ['a boot failure', { webcontainer: async () => Promise.reject(new Error('iframe blocked')) }],
    ['a page that is not isolated', { isCrossOriginIsolated: () => false }],
  ])('auto falls back to offline on %s', async (_label, overrides: Partial<RuntimeFactories>) => {
    const f = factories(overrides);
    const status: string[] = [];
    const booted = await bootRuntime('auto', { factories: f, onStatus: (s) => status.push(s) });
    expect(booted).toMatchObject({ kind: 'offline', fellBack: true });
    expect(f.offline).toHaveBeenCalledOnce();
    expect(status.some((s) => /WebContainer is unavailable .*offline runtime/.test(s))).toBe(true);
  });

  it('auto reports the offline error when both runtimes fail', async () => {
    const f = factories({
      webcontainer: async () => Promise.reject(timeout()),
      offline: async () => Promise.reject(new Error('offline broke')),
    });
    await expect(bootRuntime('auto', { factories: f })).rejects.toThrow('offline broke');
  });

  it('auto gives up on an unreachable WebContainer host as soon as the probe says so, and says why', async () => {
    let signal: AbortSignal | undefined;
    const f = factories({
      // A boot that never finishes, as with the host out of reach: only the probe can end the wait.
      webcontainer: (options) => {
        signal = options.signal;
        return new Promise<Runtime>(() => undefined);
      },
      probeWebContainer: async () => ({ reachable: false, reason: 'no answer within 1.5 s' }),
    });
    const status: string[] = [];
    const booted = await bootRuntime('auto', { factories: f, timeoutMs: 60_000, onStatus: (s) => status.push(s) });
    expect(booted).toMatchObject({ kind: 'offline', fellBack: true, fallbackReason: UNREACHABLE_MESSAGE });
    expect(booted.bootMs).toBeLessThan(1_000);
    expect(UNREACHABLE_MESSAGE).toBe("WebContainer's servers are unreachable; using the offline runtime");
    expect(status).toContain(`${UNREACHABLE_MESSAGE}…`);
    // The WebContainer wait was released, so a boot finishing later is torn down rather than kept.
    expect(signal?.aborted).toBe(true);
  });

  it('auto keeps waiting for WebContainer when its host answers, or when the probe itself breaks', async () => {
    for (const probeWebContainer of [async () => ({ reachable: true }) as const, () => Promise.reject(new Error('probe broke'))]) {
      let finish: (runtime: Runtime) => void = () => undefined;
      const f = factories({ webcontainer: () => new Promise<Runtime>((resolve) => (finish = resolve)), probeWebContainer });
      const booting = bootRuntime('auto', { factories: f });
      await new Promise((resolve) => setTimeout(resolve, 20));
      finish(fakeRuntime('webcontainer'));
      expect(await booting).toMatchObject({ kind: 'webcontainer', fellBack: false });
      expect(f.offline).not.toHaveBeenCalled();
    }
  });

  it('does not probe when WebContainer or the offline runtime was chosen by name', async () => {
    const f = factories({ probeWebContainer: vi.fn(async () => ({ reachable: false, reason: 'x' }) as const) });
    expect(await bootRuntime('webcontainer', { factories: f })).toMatchObject({ kind: 'webcontainer' });
    expect(await bootRuntime('offline', { factories: f })).toMatchObject({ kind: 'offline', fellBack: false });
    expect(f.probeWebContainer).not.toHaveBeenCalled();
  });

  it('a boot that fails for another reason keeps the short reason for the status bar', async () => {
    const booted = await bootRuntime('auto', { factories: factories({ webcontainer: () => Promise.reject(timeout()) }) });
    expect(booted).toMatchObject({ fellBack: true, fallbackReason: COULD_NOT_BOOT_MESSAGE });
  });
});
