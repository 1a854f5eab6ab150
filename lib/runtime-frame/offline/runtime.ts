/**
 * OfflineRuntime: the Runtime port over almostnode. Files live in its VirtualFS (root = workspace root),
 * commands go through commands.ts, the interactive shell is line-shell.ts, and servers reach the preview
 * through almostnode's service worker at `<origin>/__virtual__/<port>/`.
 */
import type * as Almost from 'almostnode';
import type { ExportedFiles, Runtime, RuntimeFs, RuntimeProcess, SpawnOptions, RuntimeResources, Unsubscribe } from '../../runtime/port';
import { Listeners, RuntimeEvents } from '../../runtime/listeners';
import { attachBridge } from './bridge';
import { quoteWords } from './command-line';
import { createShell, type CommandDeps, type Shell } from './commands';
import { createOfflineFs, listFiles } from './fs';
import { LineShell } from './line-shell';
import { TerminalScreen } from './terminal';
import { toVfsPath, WORKSPACE_ROOT } from './paths';
import { servePreviewSockets } from './websocket/preview-sockets';
import { servePreviewPorts } from './preview-ports';
import { PREVIEW_PATH_PREFIX } from './preview-errors';
import { InputChannel, OfflineProcess, type CommandIO } from './process';
import { ServerTracker } from './servers';
import { localFetch } from './shell/local-fetch';
import type { ShellSession } from './shell/session';
import { installTimerTracking } from './timers';
import { nodeHost } from './node/host';
import { disposeNodeWorkers, prepareNodeWorkers } from './workers/worker-process';
import { expectedNodeWorkers } from './workers/expected-workers';
import { probeThreads, stopThread } from './workers/thread-liveness';
import { announceFolderChanges, announceWritesWithoutDecoding } from './vfs-write-events';
import { errorMessage } from '../../error-message';
import { nodeInspect } from './node/inspect';
import { exchangeHttpClient, type SendExchange } from '@/lib/git/http-client';

type Container = ReturnType<typeof Almost.createContainer>;

export interface OfflineRuntimeParts {
  almost: typeof Almost;
  container: Container;
  /** The page's origin; preview URLs and the registry proxy hang off it. */
  origin: string;
  /** The origin of the IDE that embeds the previews: their error reports and computer-use bridge talk to it. */
  ideOrigin: string;
}

const KILL_GRACE_MS = 2000;
/** How long a program thread has to answer a ping before it counts as busy. */
const THREAD_PROBE_MS = 500;
/** After boot, so loading the first node worker does not compete with it. */
const PREPARE_WORKER_MS = 1000;
/** After a command, so a command started right after it does not compete with loading workers. */
const AFTER_COMMAND_PREPARE_MS = 1000;
const SHELL_BANNER = 'Tabsmith offline runtime. Ctrl+C stops the running command; Tab completes; `help` lists what this shell runs.\n';

export class OfflineRuntime extends RuntimeEvents implements Runtime {
  readonly kind = 'offline' as const;
  readonly fs: RuntimeFs;
  private nextId = 1;
  private readonly running = new Set<OfflineProcess>();
  private readonly shells = new Map<OfflineProcess, LineShell>();
  private readonly shellCommandListeners = new Listeners<[RuntimeProcess]>();
  private readonly tracker: ServerTracker;
  private readonly deps: CommandDeps;
  private readonly commands: Shell;
  private readonly cleanups: (() => void)[] = [];
  private gitSend: SendExchange | null = null;

  constructor(private readonly parts: OfflineRuntimeParts) {
    super();
    const { almost, container, origin } = parts;
    announceWritesWithoutDecoding(container.vfs);
    announceFolderChanges(container.vfs);
    this.fs = createOfflineFs(container.vfs);
    this.tracker = new ServerTracker(container.serverBridge, {
      open: (port, pid) => {
        const url = this.previewUrl(port);
        this.portListeners.emit({ port, type: 'open', url, ...(pid !== undefined ? { pid } : {}) });
        this.readyListeners.emit(port, url);
      },
      close: (port) => this.portListeners.emit({ port, type: 'close', url: '' }),
    });
    this.cleanups.push(attachBridge(container.serverBridge, this.tracker, (error) => this.errorListeners.emit(error), parts.ideOrigin));
    this.cleanups.push(installTimerTracking());
    if (typeof BroadcastChannel !== 'undefined') this.cleanups.push(servePreviewSockets((port) => nodeHost(container.vfs, almost.Runtime).ports.get(port)));
    this.cleanups.push(servePreviewPorts(container.serverBridge, parts.ideOrigin, (port) => nodeHost(container.vfs, almost.Runtime).ports.get(port)));
    this.deps = {
      vfs: container.vfs,
      Runtime: almost.Runtime,
      registry: `${origin}/api/npm`,
      servers: this.tracker,
      inspect: (value) => nodeInspect(value),
      fetchLocal: localFetch({
        ports: () => this.tracker.listPorts(),
        // Straight to the server, not through the preview's bridge: what curl reads is what the server sent.
        request: (port, method, path, headers, body) =>
          nodeHost(container.vfs, almost.Runtime).ports.request(port, { method, url: path, headers, body: body && new Uint8Array(body) }),
      }),
      gitHttp: exchangeHttpClient(() => this.gitSend),
    };
    this.commands = createShell(this.deps);
    // The first node command should not wait for its workers to load the built-ins.
    const prepare = setTimeout(() => prepareNodeWorkers(container.vfs, expectedNodeWorkers(container.vfs, WORKSPACE_ROOT, true)), PREPARE_WORKER_MS);
    this.cleanups.push(
      () => clearTimeout(prepare),
      () => disposeNodeWorkers(container.vfs),
    );
  }

  /** How git reaches remotes: through the IDE, which the frame that hosts this runtime is connected to. */
  useGitHttp(send: SendExchange): void {
    this.gitSend = send;
  }

  previewUrl(port: number): string {
    return `${this.parts.origin}${PREVIEW_PATH_PREFIX}${port}/`;
  }

  async spawn(command: string, args: string[] = [], options: SpawnOptions = {}): Promise<RuntimeProcess> {
    const argv = [command, ...args];
    const proc = this.track(new OfflineProcess(this.nextId++, quoteWords(argv)));
    const controller = new AbortController();
    const stdin = new InputChannel();
    // Like a pty: the command runs in a terminal of its own, the size the caller gave.
    const screen = new TerminalScreen(options.terminal);
    proc.hooks = { onInput: (data) => stdin.push(data), onKill: () => controller.abort(), onResize: (size) => screen.resize(size) };
    const io: CommandIO = {
      cwd: toVfsPath(options.cwd ?? '/'),
      env: options.env ?? {},
      signal: controller.signal,
      stdin,
      terminal: screen.link(stdin),
      write: (text) => proc.print(text),
      pid: proc.id,
    };
    // A command without args is a command line (spawn('npm install x'), spawn('ls;pwd')); otherwise argv is taken as given.
    const isLine = args.length === 0;
    // Started a task later: code that loops from its first instruction must not hold back spawn's caller (the
    // runtime frame answers the IDE with the pid only once spawn has returned).
    const run = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() =>
      isLine ? this.commands.runLine(command, io) : this.commands.runArgv(argv, io),
    );
    void this.settle(proc, run).then(() => this.prepareWorkersFor(io.cwd));
    return proc;
  }

  async shell(options: SpawnOptions = {}): Promise<RuntimeProcess> {
    const proc = this.track(new OfflineProcess(this.nextId++, 'shell'));
    const shell: LineShell = new LineShell({
      host: {
        run: (line, io, session) => this.runInShell(shell, line, io, session),
        complete: (before, session) => this.commands.complete(before, session),
      },
      output: (text) => proc.print(text),
      onExit: (code) => proc.finish(code),
      cwd: toVfsPath(options.cwd ?? '/'),
      env: options.env,
      banner: SHELL_BANNER,
      history: options.history,
      terminal: options.terminal,
    });
    this.shells.set(proc, shell);
    proc.hooks = { onInput: (data) => shell.input(data), onKill: () => shell.close(130), onResize: (size) => shell.resize(size) };
    void proc.exit.then(() => this.shells.delete(proc));
    return proc;
  }

  /** A shell command is also listed as its own process, so "stop all" and process lists see servers. */
  private runInShell(shell: LineShell, line: string, io: CommandIO, session: ShellSession): Promise<number> {
    // Nobody has to read a child's output (the shell shows it), so its stream drops what is not read.
    const child = this.track(new OfflineProcess(this.nextId++, line, 256));
    child.hooks = { onInput: (data) => io.stdin.push(data), onKill: () => shell.interrupt() };
    this.shellCommandListeners.emit(child);
    const run = this.commands.runLine(line, { ...io, pid: child.id, write: (text) => (io.write(text), child.print(text)), writeBytes: undefined }, session);
    return this.settle(child, run).finally(() => this.prepareWorkersFor(io.cwd));
  }

  /**
   * After a command in `dir` (an install among them), workers for what that project's commands will take, loaded
   * once nothing else has started for a while: a command started at once (`npm install && npm run dev`) keeps the
   * machine to itself. Loading that the end of a node process has already started goes on.
   */
  private prepareWorkersFor(dir: string): void {
    prepareNodeWorkers(this.parts.container.vfs, expectedNodeWorkers(this.parts.container.vfs, dir), AFTER_COMMAND_PREPARE_MS);
  }

  private async settle(proc: OfflineProcess, run: Promise<number>): Promise<number> {
    let code: number;
    try {
      code = await run;
    } catch (error) {
      proc.print(`${errorMessage(error)}\n`);
      code = 1;
    }
    proc.finish(code);
    return code;
  }

  private track(proc: OfflineProcess): OfflineProcess {
    this.running.add(proc);
    void proc.exit.then((exitCode) => {
      this.running.delete(proc);
      if (!this.shells.has(proc)) this.exitListeners.emit({ id: proc.id, command: proc.command, exitCode });
    });
    return proc;
  }

  /** Each command line a shell starts (its own process, see runInShell): the runtime frame reports them. */
  onShellCommand(listener: (process: RuntimeProcess) => void): Unsubscribe {
    return this.shellCommandListeners.add(listener);
  }

  processes(): readonly RuntimeProcess[] {
    return [...this.running];
  }

  /** The frame's JS heap (Chromium's performance.memory) and which program threads answer a ping. */
  async resources(): Promise<RuntimeResources> {
    const memory = (performance as Performance & { memory?: { usedJSHeapSize: number; jsHeapSizeLimit: number } }).memory;
    return { heapUsedBytes: memory?.usedJSHeapSize ?? null, heapLimitBytes: memory?.jsHeapSizeLimit ?? null, threads: await probeThreads(THREAD_PROBE_MS) };
  }

  async stopThread(id: number): Promise<void> {
    stopThread(id);
  }

  /** Stops every command and server; interactive shells stay open (their running command is interrupted). */
  async killAll(): Promise<void> {
    const victims = [...this.running].filter((proc) => !this.shells.has(proc));
    for (const proc of victims) proc.kill();
    this.tracker.closeAll();
    const grace = new Promise((resolve) => setTimeout(resolve, KILL_GRACE_MS));
    await Promise.race([Promise.all(victims.map((proc) => proc.exit)), grace]);
    // Coreutils (just-bash) cannot be interrupted mid-command; processes still waiting on one are marked ended regardless.
    for (const proc of victims) proc.finish(130);
  }

  async export(path = '/'): Promise<ExportedFiles> {
    const vfs = this.parts.container.vfs;
    const files: ExportedFiles = {};
    for (const [file, vfsPath] of listFiles(vfs, path)) files[file] = vfs.readFileSync(vfsPath);
    return files;
  }

  dispose(): void {
    for (const proc of this.running) proc.kill();
    this.tracker.closeAll();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
  }
}
