import { afterEach, describe, expect, it } from 'vitest';
import { STOP_GRACE_MS } from '@/lib/agent/tool-timeouts';
import type { ToolHandler } from '@/worker/tools/context';
import { startHarness, type Harness, type Script } from './agent-executor-fakes';

let harness: Harness | null = null;
afterEach(() => {
  harness?.dispose();
  harness = null;
});

/** A listing that only ends when its signal aborts, as a loop over many files checks it. */
const untilAborted: ToolHandler<'fs_listFiles'> = (_args, { signal }) =>
  new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));

const hang: Script = (process) => process.print('working\n');

describe('tool calls stop at their limit or on Stop', () => {
  it('a handler gets an AbortSignal that fires at the call limit; the result says it stopped', async () => {
    const seen: AbortSignal[] = [];
    harness = await startHarness({}, undefined, {
      defaultTimeoutMs: 300,
      handlers: { fs_listFiles: (args, ctx) => (seen.push(ctx.signal), untilAborted(args, ctx)) },
    });
    const started = Date.now();
    const result = await harness.call('fs_listFiles', {});
    expect(result.error).toEqual({ name: 'Timeout', message: 'fs_listFiles was stopped at its time limit (300 ms). It has stopped.' });
    expect(seen[0]?.aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('Stop aborts the running handler and the result says the user stopped it', async () => {
    harness = await startHarness({}, undefined, { handlers: { fs_listFiles: untilAborted } });
    const pending = harness.call('fs_listFiles', {});
    await new Promise((resolve) => setTimeout(resolve, 100));
    await harness.executor.cancelAll();
    expect((await pending).error).toMatchObject({ name: 'Cancelled', message: expect.stringContaining('stopped by the user. It has stopped.') });
    // The next call gets a fresh signal: Stop does not poison later calls.
    expect((await harness.call('fs_readFile', { path: 'missing.txt' })).error?.name).toBe('NotFound');
  });

  it(
    'a handler that ignores the signal is answered for after the stop grace, saying it may still run',
    async () => {
      harness = await startHarness({}, undefined, {
        defaultTimeoutMs: 200,
        handlers: { fs_listFiles: () => new Promise(() => undefined) },
      });
      const result = await harness.call('fs_listFiles', {});
      expect(result.error).toMatchObject({ name: 'Timeout', message: expect.stringContaining(`did not stop within ${STOP_GRACE_MS / 1000} s`) });
    },
    STOP_GRACE_MS + 5_000,
  );

  it('a timed-out command has been killed when its result says timedOut', async () => {
    harness = await startHarness({}, hang);
    const result = await harness.call('run_sh', { cmd: 'hang', timeoutMs: 1_000 });
    expect(result.content).toMatchObject({ timedOut: true, output: expect.stringContaining('[killed: no exit after 1 s') });
    expect(harness.spawned[0]?.killed).toBe(true);
    expect(harness.spawned[0]?.ended).toBe(true);
  });

  it('Stop kills a foreground command and says so', async () => {
    harness = await startHarness({}, hang);
    const pending = harness.call('run_sh', { cmd: 'hang' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await harness.executor.cancelAll();
    expect((await pending).content).toMatchObject({ timedOut: true, output: expect.stringContaining('[killed: stopped by the user]') });
  });
});
