/**
 * Collects runtime fs watch events and hands them over in batches: `npm install` or a build fires thousands of
 * events in a burst, and re-reading the tree for each one would freeze the tab. Batches are processed one at
 * a time through the store's task queue, so a batch never interleaves with a save or a rename.
 */
import type { FsEvent, RuntimeFs, Unsubscribe } from '@/lib/runtime/port';
import { isNeverPersisted, tryNormalizeWorkspacePath } from './paths';

export const WATCH_BATCH_MS = 60;

export class WatchBatcher {
  private pending = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stop: Unsubscribe | null = null;

  constructor(
    /** Runs a batch; the store queues it behind any running operation. */
    private readonly process: (paths: string[]) => Promise<void>,
    private readonly delayMs = WATCH_BATCH_MS,
  ) {}

  start(fs: RuntimeFs): void {
    this.stop = fs.watch('/', (event) => this.add(event));
  }

  add(event: FsEvent): void {
    const path = tryNormalizeWorkspacePath(event.path);
    // node_modules churn is never mirrored (.git is: it is persisted); the root itself carries no information.
    if (path === null || path === '/' || isNeverPersisted(path)) return;
    this.pending.add(path);
    this.timer ??= setTimeout(() => void this.drain(), this.delayMs);
  }

  /** Processes whatever is pending now (tests, flush, and callers that need the tree current). */
  async drain(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.size === 0) return;
    const paths = [...this.pending];
    this.pending = new Set();
    await this.process(paths);
  }

  dispose(): void {
    this.stop?.();
    this.stop = null;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
  }
}
