import { describe, expect, it, vi } from 'vitest';
import { bootRuntime, NOT_ISOLATED_MESSAGE, type RuntimeFactories } from '@/lib/runtime/boot';
import { RuntimeError, type Runtime, type RuntimeKind } from '@/lib/runtime/port';

const fakeRuntime = (kind: RuntimeKind) => ({ kind, dispose: () => undefined }) as unknown as Runtime;
const timeout = () => new RuntimeError('boot-timeout', 'The WebContainer service could not be reached within 1 s.');

function factories(overrides: Partial<RuntimeFactories> = {}) {
  return {
    webcontainer: vi.fn(async (_options: { timeoutMs: number }) => fakeRuntime('webcontainer')),
    offline: vi.fn(async () => fakeRuntime('offline')),
    isCrossOriginIsolated: vi.fn(() => true),
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
});
