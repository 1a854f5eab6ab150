import { expect, test } from '@playwright/test';
import { runCrashLoop } from '../../bench/lib/crash-loop.mjs';

/**
 * The kill loop, short: the browser is killed (SIGKILL) right after typing and right after Ctrl+S (0 ms), then
 * a few ms after each (seeded, printed), and started again each time on the same profile. Nothing shown as
 * saved may be lost. `npm run bench -- --only=crash-loop` runs 50 kills at 0–50 ms.
 */
const SMALL_DELAY_MS = 10;

test('nothing shown as saved is lost when the browser is killed 0 ms and a few ms after typing and after Ctrl+S', async ({ baseURL }) => {
  test.setTimeout(240_000);
  const seed = Number(process.env.CRASH_SEED ?? Date.now() % 2 ** 31);
  const result = await runCrashLoop({
    baseURL: baseURL ?? '',
    runs: 4,
    seed,
    delayFor: (run, _kind, random) => (run <= 2 ? 0 : Math.floor(random() * (SMALL_DELAY_MS + 1))),
    log: (line) => console.log(`[kill-loop] ${line}`),
  });
  console.log(`[kill-loop] seed ${seed} (CRASH_SEED replays it): runs ${result.runs}, kills ${result.kills}, losses ${result.losses.length}`);
  expect(result.kills).toBe(4);
  expect(result.losses).toEqual([]);
});
