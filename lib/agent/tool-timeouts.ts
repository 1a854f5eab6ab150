/**
 * How long one tool call may take. Shared by the executor (which kills a process that runs past it) and the
 * tool client (which gives up a little later, so a dead executor never hangs the chat, and a live one always
 * answers first with its own, more useful, timedOut result).
 */
import { DEFAULT_TOOL_TIMEOUT_MS } from './protocol';

/** npm installs routinely take longer than a shell command; 30 s would cut off a normal Vite scaffold. */
export const INSTALL_TIMEOUT_MS = 120_000;

/** preview_check runs a whole computer-use session (up to 20 model turns, each with a screenshot). */
export const PREVIEW_CHECK_TIMEOUT_MS = 300_000;

/** Tools that run a process: the executor kills it at the limit and reports timedOut itself. */
const COMMAND_TOOLS: ReadonlySet<string> = new Set(['run_sh', 'install_npm', 'test_run']);

/**
 * How much past a call's limit the executor's backstop waits before giving up on a handler. A command tool may
 * need the kill, the wait for its exit (KILL_WAIT_MS) and, for code that never yields, the replacement of the
 * runtime frame that runs it; other tools only a hung fs call.
 */
export function executorBackstopGraceMs(name: string): number {
  return COMMAND_TOOLS.has(name) ? 6_000 : 4_000;
}

/** How much past a call's limit the tool client gives up; for commands, after the executor's backstop. */
export function clientTimeoutGraceMs(name: string): number {
  return COMMAND_TOOLS.has(name) ? 8_000 : 3_000;
}

/**
 * The executor-side limit for one call: run_sh's own `timeoutMs` wins, install_npm gets at least
 * INSTALL_TIMEOUT_MS, everything else the base (DEFAULT_TOOL_TIMEOUT_MS unless the caller configured another).
 */
export function toolTimeoutMs(name: string, args: unknown, base: number = DEFAULT_TOOL_TIMEOUT_MS): number {
  if (name === 'run_sh' && typeof args === 'object' && args !== null && 'timeoutMs' in args) {
    const requested = args.timeoutMs;
    if (typeof requested === 'number' && Number.isFinite(requested) && requested > 0) return requested;
  }
  if (name === 'install_npm') return Math.max(base, INSTALL_TIMEOUT_MS);
  if (name === 'preview_check') return Math.max(base, PREVIEW_CHECK_TIMEOUT_MS);
  return base;
}
