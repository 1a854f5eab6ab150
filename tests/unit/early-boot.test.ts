import { describe, expect, it, vi } from 'vitest';
import { startBoot } from '@/lib/runtime/early-boot';
import type { BootedRuntime, BootRuntimeOptions } from '@/lib/runtime/boot';
import type { RuntimeChoice } from '@/lib/runtime/port';

/** A boot that reports `statuses` at once and resolves when told. */
function fakeBoot(statuses: string[]) {
  let finish: (booted: BootedRuntime) => void = () => undefined;
  const boot = vi.fn((_choice: RuntimeChoice, options: BootRuntimeOptions = {}) => {
    for (const status of statuses) options.onStatus?.(status);
    return new Promise<BootedRuntime>((resolve) => (finish = resolve));
  });
  return { boot, finish: (booted: BootedRuntime) => finish(booted) };
}

describe('the early runtime boot', () => {
  it('is one boot for the page and the workbench that ask for the same runtime, and the workbench sees its status', async () => {
    const fake = fakeBoot(['Loading the runtime frame…']);
    const early = startBoot({ choice: 'offline', timeoutMs: 11_000 }, fake.boot);
    // The workbench loads later and asks again with an equal (not identical) request.
    const later = startBoot({ choice: 'offline', timeoutMs: 11_000 }, fake.boot);
    expect(later).toBe(early);
    expect(fake.boot).toHaveBeenCalledTimes(1);

    const seen: string[] = [];
    later.onStatus((detail) => seen.push(detail));
    expect(seen, 'the status reported before anyone listened is replayed').toEqual(['Loading the runtime frame…']);

    const booted = { kind: 'offline', bootMs: 1234, fellBack: false } as unknown as BootedRuntime;
    fake.finish(booted);
    await expect(later.promise).resolves.toBe(booted);
  });

  it('boots again for a different runtime (switching to the offline one after a failed WebContainer boot)', () => {
    const fake = fakeBoot([]);
    const first = startBoot({ choice: 'webcontainer', timeoutMs: 12_000 }, fake.boot);
    const second = startBoot({ choice: 'offline', timeoutMs: 12_000 }, fake.boot);
    expect(second).not.toBe(first);
    expect(fake.boot.mock.calls.map(([choice]) => choice)).toEqual(['webcontainer', 'offline']);
  });

  it('stops telling a listener that unsubscribed', () => {
    let report: (detail: string) => void = () => undefined;
    const boot = vi.fn((_choice: RuntimeChoice, options: BootRuntimeOptions = {}) => {
      report = (detail) => options.onStatus?.(detail);
      return new Promise<BootedRuntime>(() => undefined);
    });
    const started = startBoot({ choice: 'auto', timeoutMs: 13_000 }, boot);
    const seen: string[] = [];
    const stop = started.onStatus((detail) => seen.push(detail));
    report('Booting WebContainer…');
    stop();
    report('WebContainer is still booting…');
    expect(seen).toEqual(['Booting WebContainer…']);
  });
});
