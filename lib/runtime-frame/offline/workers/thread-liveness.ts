/**
 * Which program threads answer: each node process's worker is pinged, and one that has not answered within a
 * short wait is busy — running code that does not yield (`while(true){}`) or blocked in a synchronous call.
 * A worker cannot report its own CPU while it computes, so not answering is the sign this runtime can read.
 */
import type { RuntimeThread } from '../../../runtime/port';

interface Tracked {
  command: string;
  ping(): void;
  stop(): void;
  /** When the earliest ping still unanswered was sent; null when the thread has answered every ping. */
  unansweredSince: number | null;
}

export interface ThreadHandle {
  /** The worker answered a ping. */
  pong(): void;
  untrack(): void;
}

const threads = new Map<number, Tracked>();
let nextId = 1;

/** A program given as a long `node -e` script is named by its start: the status bar has one line for it. */
const MAX_COMMAND_CHARS = 200;

export function trackThread(command: string, ping: () => void, stop: () => void): ThreadHandle {
  const id = nextId++;
  const named = command.length > MAX_COMMAND_CHARS ? `${command.slice(0, MAX_COMMAND_CHARS - 1)}…` : command;
  const tracked: Tracked = { command: named, ping, stop, unansweredSince: null };
  threads.set(id, tracked);
  return {
    pong: () => {
      tracked.unansweredSince = null;
    },
    untrack: () => void threads.delete(id),
  };
}

/** Pings every thread and reports each after `waitMs`: answered, or busy since its first unanswered ping. */
export async function probeThreads(waitMs: number, now: () => number = () => performance.now()): Promise<RuntimeThread[]> {
  const sentAt = now();
  for (const tracked of threads.values()) {
    tracked.unansweredSince ??= sentAt;
    tracked.ping();
  }
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  const at = now();
  return [...threads].map(([id, tracked]) => ({
    id,
    command: tracked.command,
    busy: tracked.unansweredSince !== null,
    busyForMs: tracked.unansweredSince === null ? 0 : Math.max(0, at - tracked.unansweredSince),
  }));
}

/** Stops a thread probeThreads listed; false when it has ended meanwhile. */
export function stopThread(id: number): boolean {
  const tracked = threads.get(id);
  if (!tracked) return false;
  tracked.stop();
  return true;
}
