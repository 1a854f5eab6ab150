import { afterEach, describe, expect, it } from 'vitest';
import { installTimerTracking, runAs, type TimerOwner } from '@/lib/runtime-frame/offline/timers';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('per-process timer tracking', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('counts timers a process creates until they fire or are cleared', async () => {
    restore = installTimerTracking();
    const owner: TimerOwner = { timers: new Set() };
    let fired = 0;
    runAs(owner, () => {
      setTimeout(() => {
        fired++;
        setTimeout(() => fired++, 5); // created in the owner's callback: still the owner's
      }, 5);
      const interval = setInterval(() => {}, 1000);
      clearInterval(interval);
    });
    expect(owner.timers.size).toBe(1);
    await wait(30);
    expect(fired).toBe(2);
    expect(owner.timers.size).toBe(0);
  });

  it('keeps intervals until cleared, ignores unref()ed timers and timers made elsewhere', () => {
    restore = installTimerTracking();
    const owner: TimerOwner = { timers: new Set() };
    const interval = runAs(owner, () => setInterval(() => {}, 1000));
    const unrefd = runAs(owner, () => setTimeout(() => {}, 1000));
    setTimeout(() => {}, 1); // not inside runAs
    expect(owner.timers.size).toBe(2);
    unrefd.unref();
    expect(owner.timers.size).toBe(1);
    clearInterval(interval);
    clearTimeout(unrefd);
    expect(owner.timers.size).toBe(0);
  });
});
