/**
 * Runs `node <file>` / `node -e <code>` in a fresh almostnode Runtime per process, instead of going through
 * almostnode's bash `node` command: that one streams output through module-level callbacks (two processes at
 * once would mix their output) and only runs files.
 *
 * When a process has "ended" is a guess in a browser, since there is no event loop to inspect. The rule:
 * it ends on process.exit(); while it has servers listening or timers pending (timers.ts) it keeps running,
 * like Node; otherwise it ends once it has been quiet (no output) for IDLE_MS, which leaves time for
 * promise-based work the adapter cannot see.
 */
import type { Runtime as AlmostRuntime, VirtualFS } from 'almostnode';
import { NODE_VERSION, evalSource, type NodeInvocation } from './command-line';
import { resolvePath } from './paths';
import type { CommandIO } from './process';
import type { ServerOwner, ServerTracker } from './servers';
import { runAs, type TimerOwner } from './timers';

const IDLE_MS = 300;
const TICK_MS = 50;
let evalCounter = 0;

export interface NodeDeps {
  vfs: VirtualFS;
  Runtime: typeof AlmostRuntime;
  servers: ServerTracker;
  inspect(value: unknown): string;
}

function formatArgs(args: unknown[], inspect: (value: unknown) => string): string {
  return args.map((arg) => (typeof arg === 'string' ? arg : arg instanceof Error ? (arg.stack ?? arg.message) : inspect(arg))).join(' ');
}

/** The error with its stack, minus the frames of the IDE's own bundle (they mean nothing to the user). */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const lines = (error.stack ?? `${error.name}: ${error.message}`).split('\n');
  const kept = lines.filter((line, i) => i === 0 || !/\/_next\/|eval at evaluate|node_modules\/almostnode/.test(line));
  const head = kept[0] ?? '';
  // V8 stacks start with "Name: message"; some errors' stacks do not.
  return (head.includes(error.message) ? kept : [`${error.name}: ${error.message}`, ...kept.slice(1)]).join('\n');
}

class ExitSignal extends Error {
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
  let filename: string;
  let temporary = false;
  if (invocation.kind === 'file') {
    filename = resolvePath(io.cwd, invocation.path);
    if (!deps.vfs.existsSync(filename) && deps.vfs.existsSync(`${filename}.js`)) filename = `${filename}.js`;
    if (!deps.vfs.existsSync(filename) || deps.vfs.statSync(filename).isDirectory()) {
      io.write(`Error: Cannot find module '${filename}'\n`);
      return 1;
    }
  } else {
    // almostnode's Runtime.execute writes the code to its filename; a hidden file in cwd keeps relative
    // requires working and is removed as soon as the synchronous part has run.
    filename = resolvePath(io.cwd, `.tabsmith-eval-${++evalCounter}.js`);
    temporary = true;
  }

  let lastOutput = performance.now();
  const print = (text: string) => {
    lastOutput = performance.now();
    io.write(text);
  };
  let exitCode: number | null = null;
  const openPorts = new Set<number>();
  const timerOwner: TimerOwner = { timers: new Set() };
  const owner: ServerOwner = {
    serverOpened: (port) => openPorts.add(port),
    serverClosed: (port) => {
      openPorts.delete(port);
      lastOutput = performance.now(); // a closed server counts as activity: Node exits shortly after
    },
  };

  const runtime = new deps.Runtime(deps.vfs, {
    cwd: io.cwd,
    env: { ...io.env },
    onConsole: (_method, args) => print(`${formatArgs(args, deps.inspect)}\n`),
    onStdout: print,
    onStderr: print,
  });
  const proc = runtime.getProcess();
  let sync = true;
  proc.exit = ((code = 0) => {
    if (exitCode === null) {
      exitCode = code;
      proc.emit('exit', code);
    }
    if (sync) throw new ExitSignal(code);
  }) as typeof proc.exit;
  proc.argv = ['node', invocation.kind === 'file' ? filename : '[eval]', ...invocation.args];
  proc.stdout.isTTY = true;
  proc.stderr.isTTY = true;
  proc.stdin.isTTY = true;
  proc.stdin.setRawMode = () => proc.stdin;
  const stopInput = io.stdin.subscribe(
    (data) => proc.stdin.emit('data', data),
    () => proc.stdin.emit('end'),
  );

  // Errors thrown later from timers or request handlers reach the page; show them in this process's output.
  const onError = (event: ErrorEvent) => {
    if (deps.servers.current() !== owner) return;
    print(`Uncaught ${event.error instanceof Error ? describeError(event.error) : event.message}\n`);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (event.reason instanceof ExitSignal) return event.preventDefault();
    if (deps.servers.current() !== owner) return;
    print(`Unhandled promise rejection: ${describeError(event.reason)}\n`);
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  const leave = deps.servers.enter(owner);

  try {
    try {
      runAs(timerOwner, () => {
        if (invocation.kind === 'eval') runtime.execute(evalSource(invocation.code, invocation.print), filename);
        else runtime.runFile(filename);
      });
    } catch (error) {
      if (error instanceof ExitSignal) return error.code;
      print(`${describeError(error)}\n`);
      return 1;
    } finally {
      sync = false;
      if (temporary && deps.vfs.existsSync(filename)) deps.vfs.unlinkSync(filename);
    }

    const started = performance.now();
    lastOutput = Math.max(lastOutput, started);
    while (exitCode === null && !io.signal.aborted) {
      await new Promise((resolve) => setTimeout(resolve, TICK_MS));
      const busy = openPorts.size > 0 || timerOwner.timers.size > 0;
      if (!busy && performance.now() - lastOutput >= IDLE_MS) break;
    }
    if (io.signal.aborted) return 130;
    return exitCode ?? 0;
  } finally {
    leave();
    // Like a Node process ending: its servers close and its timers stop.
    deps.servers.closeOwnedBy(owner);
    for (const handle of [...timerOwner.timers]) clearInterval(handle as number);
    timerOwner.timers.clear();
    stopInput();
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  }
}
