/**
 * One writer per workspace across tabs, with the Web Locks API. The lock is held for as long as the
 * callback's promise is pending, so holding it means keeping a promise unresolved until `release()`.
 * When another tab requests it with `steal: true`, the browser releases ours and rejects the promise our
 * `request()` returned with an AbortError; that is how this tab learns it lost the workspace (`lost`).
 */

export interface WorkspaceLock {
  /** Gives the workspace up (closing it, switching to another). Idempotent. */
  release(): void;
  /** Resolves if another tab takes the workspace over. Never resolves after `release()`. */
  readonly lost: Promise<void>;
}

const LOCK_PREFIX = 'tabsmith-workspace-';

/**
 * `navigator.locks` is missing outside secure contexts and in old browsers. Without it we cannot see other
 * tabs, so we assume this is the only one and hand out a lock that always succeeds and is never lost.
 */
function unlockedFallback(): WorkspaceLock {
  return { release() {}, lost: new Promise<void>(() => undefined) };
}

export function acquireWorkspaceLock(id: string, options: { steal?: boolean } = {}): Promise<WorkspaceLock | null> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return Promise.resolve(unlockedFallback());

  let releaseHeld: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (releaseHeld = resolve));
  let markLost: () => void = () => undefined;
  const lost = new Promise<void>((resolve) => (markLost = resolve));
  let released = false;

  return new Promise<WorkspaceLock | null>((resolve) => {
    // ifAvailable and steal cannot be combined: the first fails fast, the second always wins.
    const request: LockOptions = options.steal ? { mode: 'exclusive', steal: true } : { mode: 'exclusive', ifAvailable: true };
    let granted = false;
    locks
      .request(`${LOCK_PREFIX}${id}`, request, (lock) => {
        if (!lock) {
          resolve(null);
          return undefined;
        }
        granted = true;
        resolve({
          release() {
            released = true;
            releaseHeld();
          },
          lost,
        });
        return held;
      })
      .then(
        () => undefined,
        (error: unknown) => {
          if (!granted) {
            // The request itself failed (e.g. an opaque origin): behave as the single-tab fallback would.
            console.warn('[workspace lock] Web Locks unavailable, assuming a single tab:', error);
            resolve(unlockedFallback());
            return;
          }
          // Stolen: the browser already released our lock and rejected with AbortError.
          if (!released) markLost();
        },
      );
  });
}

/**
 * For a read-only tab: tells whether some tab holds the workspace for writing, and when that changes. Waiting
 * on the lock says at once when the writer goes away (the lock is let go the moment it is granted); while no
 * one holds it, a light poll notices a new writer.
 */
export function watchWriter(id: string, onChange: (writerPresent: boolean) => void, pollMs = 1000): () => void {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return () => undefined;
  const name = `${LOCK_PREFIX}${id}`;
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const held = async () => (await locks.query()).held?.some((lock) => lock.name === name) ?? false;

  const waitForRelease = () => {
    onChange(true);
    locks
      .request(name, { mode: 'exclusive', signal: abort.signal }, () => undefined)
      .then(
        () => {
          if (abort.signal.aborted) return;
          onChange(false);
          poll();
        },
        () => undefined, // aborted: the watch was stopped
      );
  };
  const poll = () => {
    timer = setTimeout(() => {
      void held().then((present) => {
        if (abort.signal.aborted) return;
        if (present) waitForRelease();
        else poll();
      }, poll);
    }, pollMs);
  };

  void held().then(
    (present) => {
      if (abort.signal.aborted) return;
      if (present) waitForRelease();
      else {
        onChange(false);
        poll();
      }
    },
    () => undefined,
  );
  return () => {
    abort.abort();
    clearTimeout(timer);
  };
}
