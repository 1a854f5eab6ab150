/**
 * Workers kept loaded ahead of the node processes and threads that will need them. A worker spends about a fifth of a
 * second of CPU loading the runtime's built-ins before its program's first line runs, and commands take several
 * at once: Vite's dev server and build start a process and, through Rolldown's WebAssembly build, a pool of
 * threads, each a worker of its own; a thread still loading holds up the bundling it was handed.
 *
 * The pool learns how many workers a command takes together (takes less than `burstMs` apart are one burst), or is
 * told what a project's commands will take, and keeps that many ready, up to `max`. A take leaves at least one
 * loading, as the command's next process or thread may follow within a second; the others are loaded once a
 * process or thread ends, or takes have stopped for `quietMs`, one every `gapMs` while any process or thread of
 * the pool still runs (so that loading them competes little with it: Vitest's test files end one by one while the
 * run goes on), and one every `idleGapMs` once none does. That gap is short: a fifth of a second apart, the last of
 * a Vite build's five was ready about 1.3 s after the build ended, and a build run again within that time booted
 * the missing ones itself, in the middle of its work.
 */
export interface SpareWorkerOptions<W> {
  start: () => W;
  stop: (worker: W) => void;
  max?: number;
  quietMs?: number;
  burstMs?: number;
  gapMs?: number;
  idleGapMs?: number;
  now?: () => number;
}

const DEFAULTS = { max: 5, quietMs: 1000, burstMs: 2000, gapMs: 200, idleGapMs: 50 };

export class SpareWorkers<W> {
  private readonly ready: W[] = [];
  private readonly options: Required<SpareWorkerOptions<W>>;
  /** One, until a command takes more or a project is known to. */
  private wanted = 1;
  private burst = 0;
  private lastTake = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When the scheduled fill runs (infinity when none is). */
  private fillAt = Number.POSITIVE_INFINITY;
  /** Processes and threads taken and not yet released. */
  private running = 0;
  /** Time between two loads: `gapMs` while something runs, `idleGapMs` once nothing does. */
  private gap: number;
  private disposed = false;

  constructor(options: SpareWorkerOptions<W>) {
    this.options = { ...DEFAULTS, now: () => performance.now(), ...options };
    this.gap = this.options.gapMs;
  }

  /** How many loaded workers wait now. */
  get size(): number {
    return this.ready.length;
  }

  /** How many the pool means to keep ready. */
  get target(): number {
    return this.wanted;
  }

  /** A worker for a process or thread that starts now: the longest-loading spare, or a new one. */
  take(): W {
    const now = this.options.now();
    this.burst = now - this.lastTake < this.options.burstMs ? this.burst + 1 : 1;
    this.lastTake = now;
    this.wanted = Math.min(this.options.max, Math.max(this.wanted, this.burst));
    const worker = this.ready.shift() ?? this.options.start();
    // One replacement starts loading at once: the command's next process or thread may come within a second.
    // The rest wait until the command has started.
    if (this.ready.length === 0 && !this.disposed) this.ready.push(this.options.start());
    this.running++;
    this.gap = this.options.gapMs;
    this.schedule(this.options.quietMs);
    return worker;
  }

  /** A process or thread ended: its CPU is free, so spares for the next command start loading now. */
  released(): void {
    this.running = Math.max(0, this.running - 1);
    this.gap = this.running > 0 ? this.options.gapMs : this.options.idleGapMs;
    this.schedule(this.gap);
  }

  /**
   * Starts loading spares `delayMs` from now at the latest, at least `expected` (what the project's commands are known
   * to take at once); loading already due sooner is not put off. A take before then puts it off until that command
   * has started.
   */
  prepare(expected = 0, delayMs = 0): void {
    this.wanted = Math.min(this.options.max, Math.max(this.wanted, expected));
    if (this.fillAt > this.options.now() + delayMs) this.schedule(delayMs);
  }

  /** Ends the spares; none is loaded after this. */
  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
    for (const worker of this.ready.splice(0)) this.options.stop(worker);
  }

  private schedule(ms: number): void {
    if (this.disposed) return;
    clearTimeout(this.timer);
    this.fillAt = this.options.now() + ms;
    this.timer = setTimeout(() => this.fill(), ms);
  }

  private fill(): void {
    this.fillAt = Number.POSITIVE_INFINITY;
    if (this.ready.length >= this.wanted) return;
    this.ready.push(this.options.start());
    this.schedule(this.gap);
  }
}
