/**
 * Spaces out repeated main-thread work whose cost grows with its input (serialising or cloning a document on
 * every change): the next run may start only once the previous one's cost is at most `share` of the time since
 * it started. Cheap work (a normal file: well under a millisecond) is never held back; a run that cost 30 ms
 * (a multi-megabyte file) waits about 120 ms at a share of 0.2, so typing stays responsive.
 */
export class MainThreadShare {
  private cost = 0;
  private endedAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly share: number) {}

  /** Milliseconds to wait before the next run (0: at once). */
  wait(now = performance.now()): number {
    return Math.max(0, this.cost * (1 / this.share - 1) - (now - this.endedAt));
  }

  /** Runs `work` now and remembers what it cost. */
  measure<T>(work: () => T): T {
    const started = performance.now();
    try {
      return work();
    } finally {
      this.endedAt = performance.now();
      this.cost = this.endedAt - started;
    }
  }
}
