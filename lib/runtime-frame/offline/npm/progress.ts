/**
 * npm-like progress lines in the terminal: one line per phase, and counters at most every half second (a
 * terminal and the agent's tool output both read them, so they must not flood).
 */
export interface Progress {
  line(text: string): void;
  /** A counter line (`fetching 12/40`), shown when enough time has passed or `force` is set. */
  tick(text: string, force?: boolean): void;
}

const TICK_MS = 500;

export function createProgress(write: (text: string) => void, now: () => number = () => performance.now()): Progress {
  let last = -Infinity;
  let pending: string | null = null;
  return {
    line(text) {
      write(`${text}\n`);
    },
    tick(text, force = false) {
      pending = text;
      const time = now();
      if (!force && time - last < TICK_MS) return;
      last = time;
      write(`${pending}\n`);
      pending = null;
    },
  };
}
