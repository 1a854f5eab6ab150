/**
 * One node process's world: its `process`, `console`, `fs`, built-in modules and module loader, wired to
 * the terminal it writes to.
 */
import { createFsShim, createProcess, type VirtualFS } from 'almostnode';
import { isBuiltin } from './builtin-names';
import { createBuiltins } from './builtins';
import { childProcessModule, type ChildRunner } from './child-process';
import { createConsole, type Inspect } from './console';
import { completeFsModule, processVfs } from './fs-module';
import type { BufferClass } from './fs-streams';
import type { NodeHost } from './host';
import { ModuleLoader, type ProcessGlobals } from './loader';
import { createNodeProcess, type NodeProcess } from './process';
import { Resolver } from './resolve';
import { inheritedTerminal } from './tty';
import { wasiModule } from './wasi';
import { workerThreadsModule, type ThreadSupport } from './worker-threads';
import type { Hold } from './hold';
import { installUrlClass } from './url-class';
import { installUrlSearchParams } from './url-search-params';

export interface ProcessContextOptions {
  vfs: VirtualFS;
  host: NodeHost;
  cwd: string;
  env: Record<string, string>;
  argv: string[];
  inspect: Inspect;
  write(text: string): void;
  writeError(text: string): void;
  /** Bytes the program writes to stdout, where the reader takes bytes (see CommandIO.writeBytes). */
  writeBytes?(bytes: Uint8Array): void;
  exit(code: number): never;
  /** How child_process starts other processes; without it, almostnode's child_process is used. */
  children?: { runner: ChildRunner; hold(work: Promise<unknown>, stop: () => void): (held: boolean) => void };
  /** Keeps the process alive (a thread, a listening port) until released. */
  hold: Hold;
  /** How worker_threads start threads; without it, `new Worker()` says threads cannot run here. */
  threads?: ThreadSupport;
}

export interface ProcessContext {
  process: NodeProcess;
  loader: ModuleLoader;
  Buffer: BufferClass;
  /** What every module of the process sees as its globals. */
  globals: ProcessGlobals;
}

export function createProcessContext(options: ProcessContextOptions): ProcessContext {
  const { host } = options;
  const vfs = processVfs(options.vfs);
  installUrlSearchParams();
  installUrlClass();
  const process = createNodeProcess({
    createProcess,
    cwd: options.cwd,
    env: options.env,
    argv: options.argv,
    write: options.write,
    writeError: options.writeError,
    writeBytes: options.writeBytes,
    isDirectory: (path) => vfs.existsSync(path) && vfs.statSync(path).isDirectory(),
    exit: options.exit,
  });
  const almostConsole = host.almostRequire('console') as { Console?: unknown };
  const console = createConsole(options.write, options.writeError, options.inspect, almostConsole.Console);
  const fs = createFsShim(vfs, () => process.cwd()) as unknown as Record<string, unknown>;
  const timers = globalThis as unknown as Record<string, unknown>;
  const immediate = (timers.setImmediate ?? ((fn: () => void, ...args: unknown[]) => setTimeout(fn, 0, ...args))) as (callback: () => void) => unknown;
  const clearImmediate = (timers.clearImmediate ?? clearTimeout) as (handle: unknown) => void;
  // `module.createRequire` needs the loader, which needs the built-ins: the reference is filled in below.
  const ref: { loader?: ModuleLoader } = {};
  const builtin = createBuiltins({
    almostRequire: host.almostRequire,
    shared: host.shared,
    process,
    console,
    fs,
    inspect: options.inspect,
    loader: () => ref.loader as ModuleLoader,
    timers: { setImmediate: immediate, clearImmediate },
    childProcess: options.children && (() => childProcessOf(options, process, builtin, host.pipeStreams)),
    workerThreads: () =>
      workerThreadsModule({
        EventEmitter: builtin('events') as never,
        Readable: (builtin('stream') as { Readable: never }).Readable,
        process: process as never,
        hold: options.hold,
        threads: options.threads,
      }),
    wasi: () => wasiModule({ fs, write: options.write, writeError: options.writeError, exit: options.exit }),
  });
  process.getBuiltinModule = (id: string) => (isBuiltin(id) ? builtin(id.replace(/^node:/, '')) : undefined);
  const buffer = builtin('buffer') as { Buffer: BufferClass };
  completeFsModule(fs, {
    vfs,
    process: process as never,
    hold: options.hold,
    EventEmitter: builtin('events'),
    stream: host.shared.stream as Record<string, unknown>,
    Buffer: buffer.Buffer,
  });
  const workerThreads = builtin('worker_threads') as Record<'MessageChannel' | 'MessagePort' | 'BroadcastChannel', unknown>;
  const globals: ProcessGlobals = {
    process,
    Buffer: buffer.Buffer,
    global: globalThis,
    console,
    setImmediate: immediate,
    clearImmediate,
    MessageChannel: workerThreads.MessageChannel,
    MessagePort: workerThreads.MessagePort,
    BroadcastChannel: workerThreads.BroadcastChannel,
  };
  const loader = new ModuleLoader({ fs: vfs, resolver: new Resolver(vfs), code: host.code, builtin, globals });
  ref.loader = loader;
  return { process, loader, Buffer: buffer.Buffer, globals };
}

function childProcessOf(
  options: ProcessContextOptions,
  process: NodeProcess,
  builtin: (name: string) => unknown,
  pipeStreams: Record<string, unknown>,
): unknown {
  const children = options.children as NonNullable<ProcessContextOptions['children']>;
  const stream = pipeStreams as { Readable: never; Writable: never };
  return childProcessModule({
    EventEmitter: builtin('events') as never,
    Readable: stream.Readable,
    Writable: stream.Writable,
    Buffer: (builtin('buffer') as { Buffer: never }).Buffer,
    runner: children.runner,
    parent: {
      cwd: () => process.cwd(),
      env: process.env as Record<string, string>,
      write: options.write,
      writeError: options.writeError,
      terminal: () => inheritedTerminal(process),
    },
    holdParent: children.hold,
  });
}

/** The globals that go on a global object the process has to itself (a worker running only it). */
const SCOPE_GLOBALS = ['Buffer', 'global', 'console', 'setImmediate', 'clearImmediate'] as const;

/**
 * Makes `globalThis.console` and the others the process's own, as a module's free `console` already is: code
 * that reads them off the global object (Vite's logger writes through `globalThis.console`) must reach the
 * process's output. The message classes stay the browser's there, since the runtime's own plumbing in the
 * worker uses them; programs' free references get Node's through the module wrapper.
 */
export function installProcessGlobals(scope: object, globals: ProcessGlobals): void {
  for (const name of SCOPE_GLOBALS) Object.defineProperty(scope, name, { value: globals[name], writable: true, configurable: true, enumerable: false });
}
