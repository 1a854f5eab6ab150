/**
 * Runs `node <file>` / `node -e <code>` with the adapter's own module loader (node/): Node's resolution,
 * CommonJS and ES modules (top-level await included) loaded from the files as they are, built-ins from
 * almostnode's shims with Node's behaviour where programs depend on it. Each process gets its own `process`,
 * console and module cache, so two processes never mix output.
 *
 * When a process has "ended" is a guess in a browser, since there is no event loop to inspect. The rule:
 * it ends on process.exit(); while it has servers listening, timers pending (timers.ts; in a worker, every
 * timer, also one set after an `await`) or its main module
 * still awaiting, or a fetch, wasm compilation or Web Crypto call pending (node/pending-work.ts, in a worker),
 * it keeps running, like Node; otherwise it ends once it has been quiet (no output) for
 * IDLE_MS (less in a worker, where more is counted), which leaves time for promise-based work the adapter cannot see.
 */
import type { Runtime as AlmostRuntime, VirtualFS } from 'almostnode';
import { NODE_VERSION, evalSource, type NodeInvocation } from './command-line';
import { createProcessContext, installProcessGlobals } from './node/context';
import { routeFunctionImports } from './node/function-import';
import { nodeHost } from './node/host';
import type { SyncChildRunner } from './node/child-process-sync';
import { exitCodeOf } from './node/process';
import { connectStdin } from './node/stdin';
import { javaScriptTscCommand, nativeTypeScriptAt } from './node/native-tsc';
import { attachProcessIpc } from './node/process-ipc';
import { holdWhilePending } from './node/pending-work';
import { attachTerminal } from './node/tty';
import { runTestFiles } from './node-test-run';
import { resolvePath } from './paths';
import type { CommandIO } from './process';
import type { ServerOwner, ServerTracker } from './servers';
import { ownEveryTimer, runAs, untracked, type TimerOwner } from './timers';
import type { ThreadSupport } from './node/worker-threads';
import { domainCatches } from './node/domain-module';

const IDLE_MS = 300;
// A process in a worker of its own has every timer, fetch (and read of its body), wasm compilation and Web Crypto
// call counted, so its quiet window only covers a message from the frame still in flight; Vite's build waited
// 300 ms after its last line before it ended, where Node ends at once.
const OWN_SCOPE_IDLE_MS = 50;
/** How often a process checks whether it has ended: often in a worker of its own, where nothing else runs. */
const TICK_MS = 50;
const OWN_SCOPE_TICK_MS = 20;

export interface NodeDeps {
  vfs: VirtualFS;
  /** almostnode's Runtime: built once per file system, only to reach its built-in module shims. */
  Runtime: typeof AlmostRuntime;
  servers: ServerTracker;
  inspect(value: unknown): string;
  /** Runs a command line in the runtime's shell; where given, a native `tsc` runs as its JavaScript release. */
  runCommandLine?(line: string, io: CommandIO): Promise<number>;
  /** Runs argv as given (spawn's form); with runCommandLine, child_process can start processes. */
  runArgv?(words: readonly string[], io: CommandIO): Promise<number>;
  /** Runs a child to its end while this process blocks (execSync); only a process in a worker can. */
  runSync?: SyncChildRunner;
  /** How worker_threads start threads (a process in a worker), and what this process is given if it is one. */
  threads?: ThreadSupport;
  /**
   * The process has the global scope to itself (a worker): every timer there is its own, and the browser's
   * async APIs it calls hold it while pending.
   */
  ownsGlobalScope?: boolean;
  /**
   * Runs one node program as a process of its own (`node --test` runs each test file so, as Node does): in a
   * worker where the page has them. Without it, the program runs here, in this process's realm.
   */
  runProcess?(invocation: NodeInvocation, io: CommandIO): Promise<number>;
}

/** The error with its stack, minus the frames of the IDE's own bundle (they mean nothing to the user). */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const lines = (error.stack ?? `${error.name}: ${error.message}`).split('\n');
  const kept = lines.filter((line, i) => i === 0 || !/\/_next\/|eval at evaluate|node_modules\/almostnode|\(<anonymous>\)|^\s*at eval \(/.test(line));
  const head = kept[0] ?? '';
  // V8 stacks start with "Name: message"; some errors' stacks do not.
  return (head.includes(error.message) ? kept : [`${error.name}: ${error.message}`, ...kept.slice(1)]).join('\n');
}

/** Thrown by process.exit() to unwind the program, like Node, which runs nothing after it. */
export class ExitSignal extends Error {
  constructor(readonly code: number) {
    super(`Process exited with code ${code}`);
  }
}

export async function runNode(invocation: NodeInvocation, io: CommandIO, deps: NodeDeps): Promise<number> {
  if (invocation.kind === 'version') {
    io.write(`${NODE_VERSION}\n`);
    return 0;
  }
  if (invocation.kind === 'usage') {
    io.write(`${invocation.message}\n`);
    return 9;
  }
  if (invocation.kind === 'test') {
    return runTestFiles(invocation, io, {
      vfs: deps.vfs,
      inspect: deps.inspect,
      runFile: (file, fileIO) => (deps.runProcess ?? ((inv, fio) => runNode(inv, fio, deps)))(file, fileIO),
    });
  }
  let filename = '[eval]';
  if (invocation.kind === 'file') {
    filename = resolvePath(io.cwd, invocation.path);
    if (!deps.vfs.existsSync(filename) && deps.vfs.existsSync(`${filename}.js`)) filename = `${filename}.js`;
    if (!deps.vfs.existsSync(filename) || deps.vfs.statSync(filename).isDirectory()) {
      io.write(`Error: Cannot find module '${filename}'\n`);
      return 1;
    }
    const nativeTsc = deps.runCommandLine ? nativeTypeScriptAt(deps.vfs, filename) : null;
    if (nativeTsc !== null && deps.runCommandLine) {
      const { line, note } = javaScriptTscCommand(nativeTsc, invocation.args);
      (io.writeError ?? io.write).call(io, note);
      return deps.runCommandLine(line, io);
    }
  }

  let exited = false;
  let lastOutput = performance.now();
  const output =
    <T>(write: (data: T) => void) =>
    (data: T) => {
      if (exited) return; // nothing a program does after process.exit() reaches the terminal, as in Node
      lastOutput = performance.now();
      write(data);
    };
  const print = output((text: string) => io.write(text));
  const printError = output((text: string) => (io.writeError ?? io.write).call(io, text));
  const printBytes = io.writeBytes ? output((bytes: Uint8Array) => io.writeBytes?.(bytes)) : undefined;
  let exitCode: number | null = null;
  const openPorts = new Set<number>();
  const timerOwner: TimerOwner = { timers: new Set(), handles: (error) => error instanceof ExitSignal };
  // Children started with child_process keep this process running unless unref'd; all are stopped when it ends.
  const children = new Map<Promise<unknown>, { stop: () => void; held: boolean }>();
  const { runArgv, runCommandLine } = deps;
  const childSupport =
    runArgv && runCommandLine
      ? {
          runner: { argv: (words: string[], childIo: CommandIO) => runArgv(words, childIo), line: runCommandLine, sync: deps.runSync },
          hold: (work: Promise<unknown>, stop: () => void) => {
            const child = { stop, held: true };
            children.set(work, child);
            void work.finally(() => {
              children.delete(work);
              lastOutput = performance.now();
            });
            return (held: boolean) => {
              child.held = held;
              lastOutput = performance.now();
            };
          },
        }
      : undefined;
  // Threads, and ports that listen, keep the process alive as Node's handles do.
  let holding = 0;
  const hold = () => {
    holding++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      holding--;
      lastOutput = performance.now();
    };
  };
  const owner: ServerOwner = {
    pid: io.pid,
    serverOpened: (port) => openPorts.add(port),
    serverClosed: (port) => {
      openPorts.delete(port);
      lastOutput = performance.now(); // a closed server counts as activity: Node exits shortly after
    },
  };

  const {
    process: proc,
    loader,
    Buffer,
    globals,
  } = createProcessContext({
    vfs: deps.vfs,
    host: nodeHost(deps.vfs, deps.Runtime),
    cwd: io.cwd,
    env: { ...io.env },
    argv: ['/usr/local/bin/node', ...(invocation.kind === 'file' ? [filename] : []), ...invocation.args],
    inspect: deps.inspect,
    write: print,
    writeError: printError,
    writeBytes: printBytes,
    children: childSupport,
    hold,
    threads: deps.threads,
    exit: (code) => {
      if (exitCode === null) {
        exitCode = code;
        emitExit(code);
        exited = true;
      }
      throw new ExitSignal(code);
    },
  });
  proc.execArgv = invocation.execArgv ?? [];
  const ipc = io.ipc ? attachProcessIpc(proc, io.ipc) : null;
  // Node marks a process that is running its 'exit' listeners (APIs that cannot work then check it).
  function emitExit(code: number): void {
    (proc as unknown as { _exiting: boolean })._exiting = true;
    proc.emit('exit', code);
  }
  timerOwner.warn = (message, type) => (proc.emitWarning as (message: string, type: string) => void)(message, type);
  const tty = attachTerminal(proc, io, (work) =>
    queueMicrotask(() => {
      try {
        runAs(timerOwner, work);
      } catch (error) {
        if (!(error instanceof ExitSignal)) throw error;
      }
    }),
  );
  const stopInput = connectStdin(io, proc.stdin as never, Buffer as never);
  const stopHolding = deps.ownsGlobalScope ? holdWhilePending(globalThis, hold) : () => undefined;
  const stopOwningTimers = deps.ownsGlobalScope ? ownEveryTimer(timerOwner) : () => undefined;
  const previousProcess = (globalThis as { process?: unknown }).process;
  (globalThis as { process?: unknown }).process = proc;
  if (deps.ownsGlobalScope) installProcessGlobals(globalThis, globals);
  if (deps.ownsGlobalScope)
    routeFunctionImports(
      globalThis,
      (specifier, referrer) => loader.import(specifier, referrer),
      () => resolvePath(io.cwd, '[eval]'),
    );

  // A thread's uncaught error goes to its Worker object's 'error' listeners rather than to the output.
  const report = (error: unknown) => {
    if (!deps.threads?.reportError(error)) printError(`${describeError(error)}\n`);
  };
  const fail = (error: unknown) => {
    if (error instanceof ExitSignal) return;
    // As in Node, what the main module throws goes to the domain it was thrown in, else to the process's
    // 'uncaughtException' listeners if it has any.
    if (domainCatches(proc as { domain?: unknown }, error) || handled('uncaughtException', error, 'uncaughtException')) return;
    // Uncaught, it ends the process with code 1 and its 'exit' listeners run, as later errors do (crash).
    if (exitCode === null) return crash(error);
    report(error);
    exited = true;
  };
  // Errors thrown later from timers or request handlers reach the page. As in Node, a process with an
  // 'uncaughtException' (or 'unhandledRejection') listener hands them to it; one without prints them and ends
  // with code 1, its 'exit' listeners run, rather than living on with a server that half works.
  const crash = (error: unknown) => {
    if (exitCode !== null) return;
    report(error);
    exitCode = 1;
    try {
      emitExit(1);
    } catch (exitError) {
      if (!(exitError instanceof ExitSignal)) printError(`${describeError(exitError)}\n`);
    }
    exited = true;
  };
  const handled = (event: string, ...args: unknown[]) => {
    if (proc.listenerCount(event) === 0) return false;
    try {
      proc.emit(event, ...args);
    } catch (error) {
      crash(error);
    }
    return true;
  };
  const onError = (event: ErrorEvent) => {
    if (event.error instanceof ExitSignal) return event.preventDefault();
    if (deps.servers.current() !== owner || exited) return;
    event.preventDefault();
    const error = event.error ?? new Error(event.message);
    if (!domainCatches(proc as { domain?: unknown }, error) && !handled('uncaughtException', error, 'uncaughtException')) crash(error);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (event.reason instanceof ExitSignal) return event.preventDefault();
    if (deps.servers.current() !== owner || exited) return;
    event.preventDefault();
    if (handled('unhandledRejection', event.reason, event.promise)) return;
    const error =
      event.reason instanceof Error
        ? event.reason
        : Object.assign(
            new Error(
              'This error originated either by throwing inside of an async function without a catch block, or by rejecting a promise which was not handled with .catch(). ' +
                `The promise rejected with the reason "${deps.inspect(event.reason)}".`,
            ),
            { name: 'UnhandledPromiseRejection', code: 'ERR_UNHANDLED_REJECTION' },
          );
    if (!handled('uncaughtException', error, 'unhandledRejection')) crash(error);
  };
  globalThis.addEventListener('error', onError);
  globalThis.addEventListener('unhandledrejection', onRejection);
  const leave = deps.servers.enter(owner);

  try {
    let main: Promise<void> | undefined;
    try {
      main = runAs(timerOwner, () =>
        invocation.kind === 'eval' ? loader.runEval(evalSource(invocation.code, invocation.print), io.cwd) : loader.runMain(filename),
      );
    } catch (error) {
      fail(error);
    }
    // A main module still awaiting at its top level keeps the process alive, as its pending work would in Node.
    let awaiting = main !== undefined;
    main?.then(
      () => void (awaiting = false),
      (error: unknown) => (fail(error), (awaiting = false)),
    );

    // Whether the process has reasons to live besides its timers: an unref'd immediate runs only then.
    timerOwner.busy = () =>
      awaiting ||
      holding > 0 ||
      openPorts.size > 0 ||
      timerOwner.timers.size > 0 ||
      [...children.values()].some((child) => child.held) ||
      tty.holding() ||
      Boolean(ipc?.busy());
    const started = performance.now();
    lastOutput = Math.max(lastOutput, started);
    const idleMs = deps.ownsGlobalScope ? OWN_SCOPE_IDLE_MS : IDLE_MS;
    const tickMs = deps.ownsGlobalScope ? OWN_SCOPE_TICK_MS : TICK_MS;
    while (exitCode === null && !io.signal.aborted) {
      await new Promise((resolve) => untracked(() => setTimeout(resolve, tickMs)));
      const busy = timerOwner.busy();
      if (busy || performance.now() - lastOutput < idleMs) continue;
      // Node emits 'beforeExit' when nothing is left to do; its listeners may start more work, which keeps the
      // process going (and it is emitted again when that is done).
      if (proc.listenerCount('beforeExit') === 0) break;
      try {
        runAs(timerOwner, () => proc.emit('beforeExit', exitCodeOf(proc.exitCode)));
      } catch (error) {
        fail(error);
      }
      await new Promise((resolve) => untracked(() => setTimeout(resolve, 0)));
      if (!timerOwner.busy()) break;
    }
    if (io.signal.aborted) return 130;
    if (exitCode === null) {
      // The natural end: 'exit' listeners run and may still set process.exitCode.
      try {
        emitExit(exitCodeOf(proc.exitCode));
      } catch (error) {
        fail(error);
      }
    }
    return exitCode ?? exitCodeOf(proc.exitCode);
  } finally {
    exited = true;
    leave();
    ipc?.close();
    // Like a Node process ending: its servers close and its timers stop.
    deps.servers.closeOwnedBy(owner);
    for (const child of children.values()) child.stop();
    for (const handle of [...timerOwner.timers]) {
      if (typeof (handle as { close?: unknown }).close === 'function') (handle as { close(): void }).close();
      else clearInterval(handle as number);
    }
    timerOwner.timers.clear();
    stopInput();
    stopHolding();
    stopOwningTimers();
    tty.stop();
    if ((globalThis as { process?: unknown }).process === proc) (globalThis as { process?: unknown }).process = previousProcess;
    globalThis.removeEventListener('error', onError);
    globalThis.removeEventListener('unhandledrejection', onRejection);
  }
}
