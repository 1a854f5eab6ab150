// Durable at any instant: the browser is killed (SIGKILL) a random 0–50 ms after typing or after Ctrl+S, 50
// times (alternating), and started again on the same profile. Counts what was shown as saved and then lost
// (must be 0), and how often the typed text came back. The delays come from a printed seed
// (BENCH_CRASH_SEED replays a run; BENCH_CRASH_RUNS changes the count). It uses its own persistent browsers:
// a kill needs a profile of its own.
import { runCrashLoop } from '../lib/crash-loop.mjs';

const RUNS = Number(process.env.BENCH_CRASH_RUNS ?? 50);

export default {
  id: 'crash-loop',
  description: `${RUNS} browser kills 0–50 ms after typing or Ctrl+S: saved text lost, typed text back`,
  /** @param {import('../run.mjs').BenchContext} ctx */
  async run(ctx) {
    const seed = Number(process.env.BENCH_CRASH_SEED ?? Date.now() % 2 ** 31);
    console.log(`  seed ${seed} (BENCH_CRASH_SEED=${seed} replays these delays)`);
    const started = Date.now();
    const result = await runCrashLoop({ baseURL: ctx.baseURL, runs: RUNS, seed, log: (line) => console.log(`  ${line}`) });
    console.log(`  runs ${result.runs}, kills ${result.kills}, losses ${result.losses.length}, typed text back ${result.typedBack}/${result.kills}`);
    for (const loss of result.losses) console.log(`  lost: ${loss}`);
    const note = `seed ${seed}; kills alternate typing / Ctrl+S, 0–50 ms after; ${((Date.now() - started) / 1000).toFixed(0)} s`;
    return [
      { name: 'crash-loop.kills', unit: 'kills', samples: [result.kills], note },
      {
        name: 'crash-loop.saved-lost',
        unit: 'files',
        samples: [result.losses.length],
        note: 'stored text not what was shown as saved (nor the save under way)',
      },
      { name: 'crash-loop.saves-shown-before-kill', unit: 'kills', samples: [result.shownSaved], note: 'Ctrl+S kills that came after the tab showed saved' },
      { name: 'crash-loop.typed-back', unit: 'kills', samples: [result.typedBack], note: 'kills after which the typed text came back (file or journal)' },
    ];
  },
};
