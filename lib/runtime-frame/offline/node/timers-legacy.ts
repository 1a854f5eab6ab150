/**
 * The deprecated timer functions Node 22 still exports from `timers` (enroll, unenroll, active, _unrefActive):
 * an object with `_idleTimeout` and `_onTimeout` becomes a timer of its own. Old socket and stream libraries
 * still use them. Each one-off timer here is a real timer of the process (so a pending one keeps it alive,
 * unless unref'd), and each function warns once with its deprecation code, as Node's do.
 */
import { outOfRange, validateNumber } from './validators';

/** Node's TIMEOUT_MAX: the longest delay a timer can have (2 ** 31 - 1 ms). */
const TIMEOUT_MAX = 2 ** 31 - 1;

interface LegacyItem {
  _idleTimeout?: number;
  _idleStart?: number;
  _idleNext?: unknown;
  _idlePrev?: unknown;
  _onTimeout?: () => void;
}

interface Warner {
  emitWarning(message: string, type?: string, code?: string): void;
}

type Handle = { unref?: () => unknown } | number;

export function legacyTimers(process: Warner): Record<string, (item: LegacyItem, msecs?: unknown) => void> {
  const handles = new WeakMap<LegacyItem, Handle>();
  const warned = new Set<string>();
  const deprecate = (code: string, message: string) => {
    if (warned.has(code)) return;
    warned.add(code);
    process.emitWarning(message, 'DeprecationWarning', code);
  };

  function stop(item: LegacyItem): void {
    const handle = handles.get(item);
    if (handle === undefined) return;
    clearTimeout(handle as never);
    handles.delete(item);
  }

  function start(item: LegacyItem, unref: boolean): void {
    const msecs = item._idleTimeout;
    // Node leaves an item without a usable duration untouched (unenrolled ones have -1).
    if (typeof msecs !== 'number' || msecs < 0) return;
    stop(item);
    item._idleStart = Math.floor(performance.now());
    // Node links the item into its timer list; the links only need to be there while it is pending.
    item._idleNext = item;
    item._idlePrev = item;
    const handle = setTimeout(() => {
      handles.delete(item);
      item._idleNext = null;
      item._idlePrev = null;
      item._onTimeout?.();
    }, msecs) as unknown as Handle;
    if (unref && typeof handle === 'object') handle.unref?.();
    handles.set(item, handle);
  }

  return {
    enroll(item, msecs) {
      deprecate('DEP0095', 'timers.enroll() is deprecated. Please use setTimeout instead.');
      validateNumber(msecs, 'msecs');
      if (msecs < 0 || !Number.isFinite(msecs)) throw outOfRange('msecs', 'a non-negative finite number', msecs);
      let duration = msecs;
      if (duration > TIMEOUT_MAX) {
        process.emitWarning(
          `${duration} does not fit into a 32-bit signed integer.\nTimer duration was truncated to ${TIMEOUT_MAX}.`,
          'TimeoutOverflowWarning',
        );
        duration = TIMEOUT_MAX;
      }
      stop(item);
      item._idleTimeout = duration;
    },
    unenroll(item) {
      deprecate('DEP0096', 'timers.unenroll() is deprecated. Please use clearTimeout instead.');
      stop(item);
      item._idleTimeout = -1;
    },
    active(item) {
      deprecate('DEP0126', 'timers.active() is deprecated. Please use timeout.refresh() instead.');
      start(item, false);
    },
    _unrefActive(item) {
      deprecate('DEP0127', 'timers._unrefActive() is deprecated. Please use timeout.refresh() instead.');
      start(item, true);
    },
  };
}
