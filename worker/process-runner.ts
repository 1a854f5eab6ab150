/**
 * Runs the agent's commands on the Runtime port: a foreground command to its exit (killed at the time
 * limit), or a background one (a dev server) that is handed to the UI and returned from once it is up.
 */
import type { PortEvent, Runtime, RuntimeProcess } from '@/lib/runtime/port';
import { ToolFailure } from '@/lib/agent/tool-failure';
import { OutputTail } from './output-tail';
import { AgentProcesses, KILL_WAIT_MS } from './processes';
import { errorMessage } from '../lib/error-message';

interface CommandOutcome {
  ok: boolean;
  exitCode: number | null;
  output: string;
  durationMs: number;
  timedOut: boolean;
}

/** Called with each background process the agent starts (the lead shows it in an "Agent" terminal tab). */
export type BackgroundProcessHook = (process: RuntimeProcess, cmd: string) => void;

/** After a port opens, a moment for the server's own "listening on…" line to arrive. */
const AFTER_PORT_MS = 150;
/** After exit, how long the last output chunks may take to arrive before we stop reading. */
const DRAIN_MS = 150;

/** Resolves with the promise's value, or `null` once `ms` have passed; the timer never outlives the race. */
async function within<T>(promise: Promise<T>, ms: number): Promise<{ value: T } | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  try {
    return await Promise.race([promise.then((value) => ({ value })), expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Starts a whole command line (pipes, `&&`, quotes) the way each adapter runs one: WebContainer through its
 * shell (`jsh -c`), the offline runtime through spawn's command-line form (one string, no args), which runs
 * node/npm natively and hands the rest to almostnode's bash.
 */
export async function spawnCommandLine(runtime: Runtime, cmd: string): Promise<RuntimeProcess> {
  try {
    return runtime.kind === 'webcontainer' ? await runtime.spawn('jsh', ['-c', cmd]) : await runtime.spawn(cmd);
  } catch (error) {
    throw new ToolFailure('SpawnFailed', `Could not start "${cmd}": ${errorMessage(error)}`);
  }
}

/** Reads a stream into a tail until it ends or `stop()` is called. */
function collect(stream: ReadableStream<string>, tail: OutputTail) {
  const reader = stream.getReader();
  const done = (async () => {
    try {
      for (;;) {
        const { value, done: ended } = await reader.read();
        if (ended) return;
        if (value) tail.push(value);
      }
    } catch {
      // The stream errored or was cancelled: what we have is the output.
    }
  })();
  return {
    done,
    stop: () => void reader.cancel().catch(() => undefined),
  };
}

/** Resolves when `signal` aborts (at once when it already has). */
export function aborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

/** Whether an abort came from the call's time limit (AbortSignal.timeout) rather than the user's Stop. */
export function isTimeout(signal: AbortSignal): boolean {
  return signal.reason instanceof DOMException && signal.reason.name === 'TimeoutError';
}

/**
 * Waits for `process` to exit; when the call's signal aborts first (its time limit, or Stop) the process is
 * killed and the outcome says timedOut, after the kill has taken effect (or KILL_WAIT_MS has passed).
 */
export async function runToExit(
  process: RuntimeProcess,
  limit: { signal: AbortSignal; timeoutMs: number },
  processes: AgentProcesses,
  startedAt = performance.now(),
): Promise<CommandOutcome> {
  processes.add(process);
  const tail = new OutputTail();
  const reading = collect(process.output, tail);
  const exit = process.exit.catch(() => 1);
  let exited: { value: number } | null = await Promise.race([exit.then((value) => ({ value })), aborted(limit.signal).then(() => null)]);
  let timedOut = false;
  if (exited === null) {
    timedOut = true;
    process.kill();
    exited = await within(exit, KILL_WAIT_MS);
  }
  await within(reading.done, DRAIN_MS);
  reading.stop();
  const exitCode = exited?.value ?? null;
  let output = tail.toString();
  if (timedOut) {
    const state = exited === null ? 'killed, but it had not exited yet' : 'killed';
    output += isTimeout(limit.signal)
      ? `\n[${state}: no exit after ${Math.round(limit.timeoutMs / 1000)} s. Use run_sh with background: true for servers and watchers, or a larger timeoutMs]`
      : `\n[${state}: stopped by the user]`;
  }
  return { ok: !timedOut && exitCode === 0, exitCode, output, durationMs: performance.now() - startedAt, timedOut };
}

/** The same process, with its own output branch for the UI (we read the other branch for the first lines). */
function withOutput(process: RuntimeProcess, output: ReadableStream<string>): RuntimeProcess {
  return {
    id: process.id,
    command: process.command,
    output,
    exit: process.exit,
    write: (data) => process.write(data),
    kill: () => process.kill(),
    resize: (size) => process.resize(size),
  };
}

interface BackgroundOptions {
  runtime: Runtime;
  processes: AgentProcesses;
  onBackgroundProcess?: BackgroundProcessHook;
  /** How long to collect first output when no port opens and the process keeps running. */
  waitMs: number;
  startedAt?: number;
}

/**
 * Starts a long-running process, hands it to the UI and returns once it is evidently up: a port opened, it
 * exited, or `waitMs` passed. It keeps running (tracked for Stop) after we return.
 */
export async function startBackground(spawn: () => Promise<RuntimeProcess>, cmd: string, options: BackgroundOptions): Promise<CommandOutcome> {
  const { runtime, processes, onBackgroundProcess, waitMs, startedAt = performance.now() } = options;
  // Listen before spawning: the offline runtime can run a script up to its listen() before spawn resolves.
  // An object, not a `let`: TypeScript does not see assignments made inside the listener.
  const seen: { port: PortEvent | null } = { port: null };
  let portOpened: () => void = () => undefined;
  const portOpen = new Promise<void>((resolve) => (portOpened = resolve));
  const unsubscribe = runtime.onPort((event) => {
    if (event.type !== 'open' || seen.port) return;
    seen.port = event;
    portOpened();
  });
  let process: RuntimeProcess;
  try {
    process = await spawn();
  } catch (error) {
    unsubscribe();
    throw error;
  }
  processes.add(process);
  const [mine, theirs] = process.output.tee();
  if (onBackgroundProcess) {
    try {
      onBackgroundProcess(withOutput(process, theirs), cmd);
    } catch (error) {
      // A UI failure must not fail the command, which is already running.
      console.warn('onBackgroundProcess failed', error);
    }
  } else {
    void theirs.cancel().catch(() => undefined);
  }

  const tail = new OutputTail();
  const reading = collect(mine, tail);
  const exit = process.exit.catch(() => 1);
  const first = await within(Promise.race([exit.then((code) => ({ code })), portOpen.then(() => null)]), waitMs);
  unsubscribe();
  if (seen.port) await within(reading.done, AFTER_PORT_MS);
  else if (first?.value) await within(reading.done, DRAIN_MS);
  reading.stop();

  const exitCode = first?.value ? first.value.code : null;
  let output = tail.toString();
  const port = seen.port;
  if (port) output += `\n[port ${port.port} is open${port.url ? `: ${port.url}` : ''}]`;
  else if (exitCode === null) output += `\n[still running after ${(waitMs / 1000).toFixed(1)} s]`;
  return {
    ok: exitCode === null || exitCode === 0,
    exitCode,
    output,
    durationMs: performance.now() - startedAt,
    timedOut: false,
  };
}
