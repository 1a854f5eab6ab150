/**
 * Collects runtime fs watch events and hands them over in batches: `npm install` or a build fires thousands of
 * events in a burst, and re-reading the tree for each one would freeze the tab. Batches are processed one at
 * a time through the store's task queue, so a batch never interleaves with a save or a rename.
 */
import type { FsEvent, RuntimeFs, Unsubscribe } from '@/lib/runtime/port';
import { errorMessage } from '../error-message';
import { isNeverPersisted, isSystemFolderPath, normalizeWorkspacePath } from './paths';
import { refusalReason } from './unkept';

const WATCH_BATCH_MS = 60;

export class WatchBatcher {
  private pending = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stop: Unsubscribe | null = null;

  constructor(
    /** Runs a batch; the store queues it behind any running operation. */
    private readonly process: (paths: string[]) => Promise<void>,
    private readonly delayMs = WATCH_BATCH_MS,
    /**
     * Something happened at a path the workspace cannot keep (a name over 255 characters, control characters):
     * called for every such event, with the reason, so the store can tell the user of the file while it exists
     * and forget it once it is renamed or removed.
     */
    private readonly onRefused: (path: string, reason: string) => void = () => undefined,
  ) {}

  start(fs: RuntimeFs): void {
    this.stop = fs.watch('/', (event) => this.add(event), { ignoreNodeModules: true });
  }

  add(event: FsEvent): void {
    let path: string;
    try {
      path = normalizeWorkspacePath(event.path);
    } catch (error) {
      // The machine's own folders (/tmp, /usr, …) are outside the workspace by design: nothing to report.
      if (!isNeverPersisted(event.path) && !isSystemFolderPath(event.path)) this.onRefused(event.path, refusalReason(errorMessage(error)));
      return;
    }
    // node_modules churn is never mirrored (.git is: it is persisted); the root itself carries no information.
    if (path === '/' || isNeverPersisted(path)) return;
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
