/**
 * One deadline per tool call, shared by the executor and the chat's tool client. The executor aborts the
 * handler's AbortSignal at the call's limit (processes are killed, fs loops stop) and then gives it
 * STOP_GRACE_MS to stop and answer with its own timedOut result; the client waits for that same deadline plus
 * DELIVERY_GRACE_MS for the answer to cross the channel, so a live executor always answers first and a dead
 * one never hangs the chat.
 */
import { DEFAULT_TOOL_TIMEOUT_MS } from './protocol';
import { isToolName, TOOL_DEFINITIONS } from './tool-schemas';

/**
 * How long an aborted handler has to stop: a killed process reports its exit within KILL_WAIT_MS (2.5 s), and
 * code that never yields has its runtime frame replaced by the watchdog (2 s).
 */
export const STOP_GRACE_MS = 5_000;

/** For the result to travel back over the BroadcastChannel once the executor has it. */
const DELIVERY_GRACE_MS = 1_000;

/**
 * A call's limit: run_sh's own `timeoutMs` wins; otherwise the tool's definition, never below `base` (the
 * executor's configured default for calls that bring none).
 */
export function toolTimeoutMs(name: string, args: unknown, base: number = DEFAULT_TOOL_TIMEOUT_MS): number {
  if (name === 'run_sh' && typeof args === 'object' && args !== null && 'timeoutMs' in args) {
    const requested = args.timeoutMs;
    if (typeof requested === 'number' && Number.isFinite(requested) && requested > 0) return requested;
  }
  if (!isToolName(name)) return base;
  const own = TOOL_DEFINITIONS[name].timeoutMs;
  return own === DEFAULT_TOOL_TIMEOUT_MS ? base : Math.max(base, own);
}

/** When the executor answers at the latest, counted from the call's start: the limit plus the stop grace. */
export function executorDeadlineMs(timeoutMs: number): number {
  return timeoutMs + STOP_GRACE_MS;
}

/** When the client gives up on an answer: the executor's deadline plus delivery. */
export function clientDeadlineMs(timeoutMs: number): number {
  return executorDeadlineMs(timeoutMs) + DELIVERY_GRACE_MS;
}
