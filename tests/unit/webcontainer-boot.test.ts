import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootRuntime, SLOW_BOOT_MESSAGE } from '@/lib/runtime/boot';
import type { Runtime } from '@/lib/runtime/port';
import { createFakeWebContainerApi } from './fakes/webcontainer-api';
import { bootFake, disposeAll, loadAdapter, sleep } from './fakes/webcontainer-harness';

afterEach(() => {
  disposeAll();
  vi.useRealTimers();
});

describe('booting WebContainer patiently and cleanly', () => {
  it('a timeout says the service may be unreachable or just slow, not that the network is down', async () => {
    const fake = createFakeWebContainerApi({ hangBoot: true });
    const adapter = await loadAdapter();
    const error = await adapter.bootWebContainerRuntime({ timeoutMs: 100, api: fake.api }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'boot-timeout' });
    const message = (error as Error).message;
    expect(message).toMatch(/did not finish booting within 0\.1 s/);
    expect(message).toMatch(/or just slow: the first start downloads the runtime/);
    expect(message).not.toMatch(/looks offline/);
  });

  it('a boot that finishes after every caller gave up is torn down, and the next call boots afresh', async () => {
    const fake = createFakeWebContainerApi({ hangBoot: true });
    const adapter = await loadAdapter();
    await expect(adapter.bootWebContainerRuntime({ timeoutMs: 30, api: fake.api })).rejects.toMatchObject({ code: 'boot-timeout' });
    fake.releaseBoot();
    await sleep(10);
    expect(fake.instances[0]?.tornDown).toBe(true);
    const runtime = await adapter.bootWebContainerRuntime({ timeoutMs: 1000, api: fake.api });
    expect(fake.bootCalls).toHaveLength(2);
    expect(fake.instances[1]?.tornDown).toBe(false);
    runtime.dispose();
  });

  it('"auto" falls back to the offline runtime, and the late WebContainer boot does not stay alive', async () => {
    const fake = createFakeWebContainerApi({ hangBoot: true });
    const adapter = await loadAdapter();
    const offline = { kind: 'offline', dispose: () => undefined } as unknown as Runtime;
    const booted = await bootRuntime('auto', {
      timeoutMs: 30,
      factories: {
        webcontainer: (options) => adapter.bootWebContainerRuntime({ ...options, api: fake.api }),
        offline: async () => offline,
        isCrossOriginIsolated: () => true,
        probeWebContainer: async () => ({ reachable: true }),
      },
    });
    expect(booted.fellBack).toBe(true);
    fake.releaseBoot();
    await sleep(10);
    expect(fake.instances[0]?.tornDown).toBe(true);
  });

  it('"auto" stops waiting when the host probe fails, and the boot that finishes later does not stay alive', async () => {
    const fake = createFakeWebContainerApi({ hangBoot: true });
    const adapter = await loadAdapter();
    const offline = { kind: 'offline', dispose: () => undefined } as unknown as Runtime;
    const started = Date.now();
    const booted = await bootRuntime('auto', {
      timeoutMs: 60_000,
      factories: {
        webcontainer: (options) => adapter.bootWebContainerRuntime({ ...options, api: fake.api }),
        offline: async () => offline,
        isCrossOriginIsolated: () => true,
        probeWebContainer: async () => ({ reachable: false, reason: 'no answer within 1.5 s' }),
      },
    });
    expect(booted).toMatchObject({ kind: 'offline', fellBack: true });
    expect(Date.now() - started).toBeLessThan(1_000);
    fake.releaseBoot();
    await sleep(10);
    expect(fake.instances[0]?.tornDown).toBe(true);
  });

  it('says it is still booting after 10 s, and why', async () => {
    vi.useFakeTimers();
    const status: string[] = [];
    let finish: (runtime: Runtime) => void = () => undefined;
    const booting = bootRuntime('webcontainer', {
      timeoutMs: 60_000,
      onStatus: (text) => status.push(text),
      factories: {
        webcontainer: () => new Promise<Runtime>((resolve) => (finish = resolve)),
        offline: async () => ({}) as Runtime,
        isCrossOriginIsolated: () => true,
        probeWebContainer: async () => ({ reachable: true }),
      },
    });
    await vi.advanceTimersByTimeAsync(9_000);
    expect(status).not.toContain(SLOW_BOOT_MESSAGE);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(status).toContain(SLOW_BOOT_MESSAGE);
    expect(SLOW_BOOT_MESSAGE).toMatch(/still booting \(the first start downloads the runtime\)/);
    finish({ kind: 'webcontainer' } as Runtime);
    await booting;
  });

  it("shows the container's own errors to the IDE, also one reported before anyone listened", async () => {
    const { runtime, wc } = await bootFake();
    wc.emitError('Unable to create more instances');
    const seen: string[] = [];
    runtime.onRuntimeError?.((message) => seen.push(message));
    wc.emitError('third-party cookies are blocked');
    expect(seen[0]).toBe('Unable to create more instances');
    // With its next step in front (which sites to allow), and its own words kept at the end.
    expect(seen[1]).toMatch(/^WebContainer could not use its storage: .*\(WebContainer said: third-party cookies are blocked\)$/);
  });
});
