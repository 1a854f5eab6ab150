/**
 * Workers loaded ahead of the commands that need them: a command that starts a process and its threads at once
 * (Vite's build: the process and Rolldown's four threads) finds that many loaded the next time, and loading them
 * waits until the command has started or ended.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VirtualFS } from 'almostnode';
import { SpareWorkers } from '@/lib/runtime-frame/offline/workers/spare-workers';
import { expectedNodeWorkers } from '@/lib/runtime-frame/offline/workers/expected-workers';

interface FakeWorker {
  id: number;
  stopped: boolean;
}

function pool(options: { max?: number } = {}) {
  const started: FakeWorker[] = [];
  const spares = new SpareWorkers<FakeWorker>({
    start: () => {
      const worker = { id: started.length + 1, stopped: false };
      started.push(worker);
      return worker;
    },
    stop: (worker) => void (worker.stopped = true),
    now: () => Date.now(),
    quietMs: 1000,
    burstMs: 2000,
    gapMs: 200,
    ...options,
  });
  return { spares, started };
}

describe('spare node workers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads one before any command, and a command takes it instead of waiting for a new one', () => {
    const { spares, started } = pool();
    spares.prepare();
    vi.advanceTimersByTime(0);
    expect(spares.size).toBe(1);
    const first = spares.take();
    expect(first.id).toBe(1);
    // One replacement starts loading at once, for the command's next process.
    expect(started).toHaveLength(2);
    expect(spares.size).toBe(1);
  });

  it('learns how many workers a command takes together and has that many loaded for the next command', () => {
    const { spares, started } = pool();
    spares.prepare();
    vi.advanceTimersByTime(0);
    // A build: its process, then four threads, a few hundred milliseconds apart.
    const taken = [spares.take()];
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(300);
      taken.push(spares.take());
    }
    expect(spares.target).toBe(5);
    const loadedDuringTheCommand = started.length;
    // Nothing more loads while the command is starting (takes keep coming within the quiet time)...
    vi.advanceTimersByTime(900);
    expect(started.length).toBe(loadedDuringTheCommand);
    // ...then the pool fills to five, one every gap.
    vi.advanceTimersByTime(100);
    expect(spares.size).toBe(2);
    vi.advanceTimersByTime(200 * 3);
    expect(spares.size).toBe(5);
    vi.advanceTimersByTime(5000);
    expect(spares.size).toBe(5);
    // The next build takes five loaded workers, the longest-loaded first, and starts none of its own.
    const before = started.length;
    const next = [spares.take(), spares.take(), spares.take(), spares.take(), spares.take()];
    expect(next.map((worker) => worker.id)).toEqual([...next.map((worker) => worker.id)].sort((a, b) => a - b));
    expect(next.every((worker) => !taken.includes(worker))).toBe(true);
    // Only the one replacement a take leaves loading when the pool runs dry.
    expect(started.length - before).toBe(1);
  });

  it('starts loading as soon as a process ends, without waiting for the quiet time', () => {
    const { spares } = pool();
    spares.take();
    vi.advanceTimersByTime(300);
    spares.take();
    expect(spares.target).toBe(2);
    spares.released();
    vi.advanceTimersByTime(200);
    expect(spares.size).toBe(2);
  });

  it('a command that ends does not put off the loading its process started when it ended', () => {
    const { spares } = pool();
    // A build: its process and four threads.
    for (let i = 0; i < 5; i++) {
      spares.take();
      vi.advanceTimersByTime(100);
    }
    vi.advanceTimersByTime(5000);
    for (let i = 0; i < 5; i++) spares.take();
    // It ends: its process's end starts the loading at once, one every gap...
    spares.released();
    // ...and then the runtime, as after every command, asks for the project's workers a second from now.
    spares.prepare(5, 1000);
    vi.advanceTimersByTime(200 * 5);
    // The next build, half a second after the last one, finds all five loaded.
    expect(spares.size).toBe(5);
  });

  it("once nothing runs, loads a build's five workers within a quarter of a second; while something runs, one every gap", () => {
    const started: number[] = [];
    const spares = new SpareWorkers<number>({ start: () => started.push(Date.now()), stop: () => undefined, now: () => Date.now() });
    for (let i = 0; i < 5; i++) spares.take();
    for (let i = 0; i < 5; i++) spares.released();
    vi.advanceTimersByTime(5000);
    // A test run: its main process and four test files; three files end, the run goes on.
    for (let i = 0; i < 5; i++) spares.take();
    for (let i = 0; i < 3; i++) spares.released();
    let end = Date.now();
    vi.advanceTimersByTime(250);
    expect(started.filter((at) => at > end).length).toBeLessThanOrEqual(2);
    // The run ends: nothing runs now, and what is missing loads at once.
    spares.released();
    spares.released();
    end = Date.now();
    vi.advanceTimersByTime(250);
    expect(spares.size).toBe(5);
    expect(started.filter((at) => at > end).length).toBeGreaterThanOrEqual(3);
    spares.dispose();
  });

  it('a request to prepare sooner than the loading scheduled brings it forward', () => {
    const { spares } = pool();
    spares.prepare(2, 5000);
    spares.prepare(2, 0);
    vi.advanceTimersByTime(200);
    expect(spares.size).toBe(2);
  });

  it('takes several seconds apart are separate commands: the target stays at what one command took', () => {
    const { spares } = pool();
    for (let i = 0; i < 4; i++) {
      spares.take();
      vi.advanceTimersByTime(5000);
    }
    expect(spares.target).toBe(1);
  });

  it('keeps no more than its maximum, and ends its spares when disposed', () => {
    const { spares, started } = pool({ max: 3 });
    for (let i = 0; i < 8; i++) {
      spares.take();
      vi.advanceTimersByTime(100);
    }
    expect(spares.target).toBe(3);
    vi.advanceTimersByTime(5000);
    expect(spares.size).toBe(3);
    const waiting = started.filter((worker) => !worker.stopped).slice(-3);
    spares.dispose();
    expect(waiting.every((worker) => worker.stopped)).toBe(true);
    // A process that starts after that still gets a worker, and no spare is loaded behind it.
    expect(spares.take().stopped).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(spares.size).toBe(0);
  });
});

describe('workers a project is known to take', () => {
  const project = (files: string[]) => {
    const vfs = new VirtualFS();
    for (const path of files) {
      vfs.mkdirSync(path.slice(0, path.lastIndexOf('/')), { recursive: true });
      vfs.writeFileSync(path, '{}');
    }
    return vfs;
  };

  it('five for a project with Rolldown’s threaded WebAssembly build, one for others', () => {
    const vite8 = project(['/home/project/node_modules/@rolldown/binding-wasm32-wasi/package.json', '/home/project/package.json']);
    expect(expectedNodeWorkers(vite8, '/home/project')).toBe(5);
    const plain = project(['/home/project/node_modules/react/package.json']);
    expect(expectedNodeWorkers(plain, '/home/project')).toBe(1);
    expect(expectedNodeWorkers(plain, '/home/project/missing')).toBe(1);
  });

  it('at the workspace root, also a project in a folder right under it, when asked to look', () => {
    const nested = project(['/home/project/app/node_modules/@rolldown/binding-wasm32-wasi/package.json', '/home/project/README.md']);
    expect(expectedNodeWorkers(nested, '/home/project')).toBe(1);
    expect(expectedNodeWorkers(nested, '/home/project', true)).toBe(5);
    expect(expectedNodeWorkers(project(['/home/project/README.md']), '/home/project', true)).toBe(1);
  });

  it('a pool told so loads that many before any command has run', () => {
    vi.useFakeTimers();
    try {
      const { spares } = pool();
      spares.prepare(5);
      vi.advanceTimersByTime(0 + 200 * 4);
      expect(spares.size).toBe(5);
      spares.prepare(1);
      expect(spares.target).toBe(5);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('workers prepared after a command', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('load after the delay, unless a command starts first: then once that command has started', () => {
    const { spares, started } = pool();
    spares.prepare(5, 1000);
    vi.advanceTimersByTime(500);
    expect(started).toHaveLength(0);
    // `npm run dev` right after the install: it takes its worker, and the pool waits for its start to settle.
    spares.take();
    const duringStart = started.length;
    vi.advanceTimersByTime(900);
    expect(started.length).toBe(duringStart);
    vi.advanceTimersByTime(100 + 200 * 4);
    expect(spares.size).toBe(5);
  });
});
