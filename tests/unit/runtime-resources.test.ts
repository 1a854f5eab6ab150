import { afterEach, describe, expect, it } from 'vitest';
import { probeThreads, stopThread, trackThread, type ThreadHandle } from '@/lib/runtime-frame/offline/workers/thread-liveness';
import { BUSY_WARNING_MS, resourceWarnings } from '@/lib/runtime/resource-warnings';

describe('which program threads answer', () => {
  const handles: ThreadHandle[] = [];
  afterEach(() => handles.splice(0).forEach((handle) => handle.untrack()));

  it('a thread that answers its ping is not busy; one that never does is busy since its first unanswered ping', async () => {
    let clock = 1_000;
    const now = () => clock;
    const answering: ThreadHandle = trackThread(
      'node server.js',
      () => queueMicrotask(() => answering.pong()),
      () => {},
    );
    const stopped: string[] = [];
    const looping = trackThread(
      'node -e "while(true){}"',
      () => {},
      () => stopped.push('loop'),
    );
    handles.push(answering, looping);

    let report = await probeThreads(5, now);
    expect(report.map((thread) => [thread.command, thread.busy, thread.busyForMs])).toEqual([
      ['node server.js', false, 0],
      ['node -e "while(true){}"', true, 0],
    ]);
    clock += 9_000;
    report = await probeThreads(5, now);
    expect(report.find((thread) => thread.command.startsWith('node -e'))?.busyForMs).toBe(9_000);

    // It answers at last (the loop ended): no longer busy.
    looping.pong();
    clock += 1_000;
    const id = report.find((thread) => thread.busy)?.id ?? -1;
    expect(stopThread(id)).toBe(true);
    expect(stopped).toEqual(['loop']);
    looping.untrack();
    expect(stopThread(id)).toBe(false);
    expect((await probeThreads(5, now)).map((thread) => thread.command)).toEqual(['node server.js']);
  });
});

describe('a long program', () => {
  it('is named by its first 200 characters', async () => {
    const handle = trackThread(
      `node -e "${'x'.repeat(5000)}"`,
      () => {},
      () => {},
    );
    const [thread] = await probeThreads(1);
    handle.untrack();
    expect(thread?.command).toHaveLength(200);
    expect(thread?.command.endsWith('…')).toBe(true);
  });
});

describe('when the figures warn', () => {
  const thread = (busyForMs: number) => ({ id: 1, command: 'node loop.js', busy: busyForMs > 0, busyForMs });

  it('names a thread busy past the threshold, not one that is briefly busy or answering', () => {
    const figures = (ms: number) => ({ heapUsedBytes: 10, heapLimitBytes: 100, threads: [thread(ms)] });
    expect(resourceWarnings(figures(BUSY_WARNING_MS)).busy).toHaveLength(1);
    expect(resourceWarnings(figures(BUSY_WARNING_MS - 1)).busy).toHaveLength(0);
    expect(resourceWarnings(figures(0)).busy).toHaveLength(0);
  });

  it('warns about memory from 80 % of the limit, and never when the runtime cannot tell', () => {
    expect(resourceWarnings({ heapUsedBytes: 79, heapLimitBytes: 100, threads: [] }).heapShare).toBeNull();
    expect(resourceWarnings({ heapUsedBytes: 85, heapLimitBytes: 100, threads: [] }).heapShare).toBeCloseTo(0.85);
    expect(resourceWarnings({ heapUsedBytes: null, heapLimitBytes: null, threads: [] }).heapShare).toBeNull();
  });
});
