import { describe, expect, it } from 'vitest';
import { Watchdog, type RuntimeHealth } from '@/lib/runtime/isolated/ide-side/watchdog';

/** A frame that answers pings only while `alive` is true; time is driven by hand. */
function setup() {
  let now = 0;
  let alive = true;
  const waiting: (() => void)[] = [];
  const restarts: string[] = [];
  const health: RuntimeHealth[] = [];
  const dog = new Watchdog({
    ping: () =>
      new Promise<void>((resolve) => {
        if (alive) resolve();
        else waiting.push(resolve);
      }),
    restart: (reason) => restarts.push(reason),
    onHealth: (h) => health.push(h),
    stopGraceMs: 2000,
    unresponsiveMs: 3000,
    now: () => now,
  });
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    dog,
    restarts,
    health,
    flush,
    advance: async (ms: number) => {
      now += ms;
      dog.tick();
      await flush();
    },
    hang: () => void (alive = false),
    recover: () => {
      alive = true;
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}

describe('runtime watchdog', () => {
  it('replaces a frame that does not answer a stop request within the grace period', async () => {
    const t = setup();
    t.hang();
    t.dog.stopRequested('node -e "while(true){}"');
    await t.advance(1000);
    expect(t.restarts).toEqual([]);
    await t.advance(1500);
    expect(t.restarts).toEqual(['node -e "while(true){}"']);
  });

  it('leaves a frame alone that answers after the stop request', async () => {
    const t = setup();
    t.dog.stopRequested('node server.js');
    await t.flush();
    await t.advance(5000);
    expect(t.restarts).toEqual([]);
  });

  it('reports silence as unresponsive without restarting when nobody asked to stop', async () => {
    const t = setup();
    t.hang();
    for (let i = 0; i < 10; i++) await t.advance(500);
    expect(t.restarts).toEqual([]);
    expect(t.health.at(-1)).toMatchObject({ responsive: false });
    expect(t.health.at(-1)?.silentMs).toBeGreaterThanOrEqual(3000);
    t.recover();
    await t.flush();
    expect(t.health.at(-1)).toEqual({ responsive: true, silentMs: 0 });
  });
});
