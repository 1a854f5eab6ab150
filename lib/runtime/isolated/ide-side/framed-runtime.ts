/**
 * The offline runtime as the IDE sees it: a client of the runtime frame (another site, its own process) over
 * one MessagePort. Every message from the frame is validated; preview URLs are built here from the port
 * number, never taken from the frame. When the frame stops answering a stop request, it is replaced by a
 * fresh one on a fresh origin (so the browser cannot hand back the stuck process), and whoever listens to
 * `onRestart` puts the workspace's files back.
 */
import {
  RuntimeError,
  type ExportedFiles,
  type FsEvent,
  type PreviewClear,
  type Runtime,
  type RuntimeFs,
  type RuntimeProcess,
  type RuntimeResources,
  type RuntimeRestart,
  type SpawnOptions,
  type Unsubscribe,
} from '../../port';
import { frameMessageSchema, resultSchemas, type FrameEvent, type RuntimeOp, type RuntimeRequest, type RuntimeResult } from '../protocol';
import { connectToFrame, type FrameConnection } from './frame-connection';
import { answerFrameCall, type FrameCallHandlers } from './frame-calls';
import { CommandLedger } from './command-ledger';
import { FramedProcess } from './framed-process';
import { Listeners, RuntimeEvents } from '../../listeners';
import { listenForFramedPreviewErrors } from './preview-errors';
import { Watchdog, type RuntimeHealth } from './watchdog';
import { PreviewRelay } from './preview-relay';
import { previewOriginFor } from '@/lib/preview/preview-site';
import { errorMessage } from '../../../error-message';

interface FramedRuntimeOptions {
  /** The runtime site's origin for the n-th frame (0 first); a new one per restart. */
  originFor(generation: number): string;
  /** The server's ticket for a frame on that origin (asked for before each frame is made). */
  ticketFor(origin: string): Promise<string>;
  ideOrigin: string;
  bootTimeoutMs: number;
  stopGraceMs?: number;
  /** The configured runtime-origin pattern, which says where previews go beside a frame off localhost. */
  configuredOrigin?: string | null;
  /** What the IDE does for the frame when it asks (git's network). */
  calls?: FrameCallHandlers;
}

interface Pending {
  op: RuntimeOp;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** The frame's pulse, with the command that is probably keeping it busy. */
export interface FramedRuntimeHealth extends RuntimeHealth {
  command: string | null;
}

const PREVIEW_PREFIX = '/__virtual__/';
const RESTART_EXIT_CODE = 130;

export class FramedRuntime extends RuntimeEvents implements Runtime {
  readonly kind = 'offline' as const;
  readonly fs: RuntimeFs;
  private conn: FrameConnection | null = null;
  private connecting: Promise<FrameConnection>;
  private generation = 0;
  private nextRequestId = 1;
  private nextWatchId = 1;
  private disposed = false;
  private readonly pending = new Map<number, Pending>();
  private readonly procs = new Map<number, FramedProcess>();
  private readonly watches = new Map<number, { path: string; listener: (event: FsEvent) => void; ignoreNodeModules?: boolean }>();
  private readonly openPorts = new Set<number>();
  private readonly ledger = new CommandLedger();
  private readonly restartListeners = new Listeners<[RuntimeRestart]>();
  private readonly healthListeners = new Listeners<[FramedRuntimeHealth]>();
  private readonly runtimeErrorListeners = new Listeners<[string]>();
  private readonly clearListeners = new Listeners<[PreviewClear]>();
  private readonly stuckListeners = new Listeners<[{ port: number; url: string }[]]>();
  private relay: PreviewRelay | null = null;
  private readonly watchdog: Watchdog;
  private readonly stopPreviewErrors: Unsubscribe;

  private constructor(
    private readonly options: FramedRuntimeOptions,
    first: FrameConnection,
  ) {
    super();
    this.connecting = Promise.resolve(first);
    this.attach(first);
    this.fs = this.createFs();
    this.watchdog = new Watchdog({
      ping: () => this.request({ op: 'ping' }),
      restart: (reason) =>
        void this.restart(reason).catch((error: unknown) =>
          this.runtimeErrorListeners.emit(`The runtime could not be restarted (${errorMessage(error)}). Reload the page to start it again.`),
        ),
      onHealth: (health) => this.healthListeners.emit({ ...health, command: health.responsive ? null : this.describe() }),
      stopGraceMs: options.stopGraceMs,
    });
    this.watchdog.start();
    this.stopPreviewErrors = listenForFramedPreviewErrors(window, {
      origin: () => (this.conn ? this.previewOrigin : null),
      runtimeFrame: () => this.conn?.frame.contentWindow ?? null,
      emit: (error) => this.errorListeners.emit(error),
      clear: (clear) => this.clearListeners.emit(clear),
    });
  }

  static async boot(options: FramedRuntimeOptions): Promise<FramedRuntime> {
    return new FramedRuntime(options, await FramedRuntime.connect(options, 0));
  }

  private static async connect(options: FramedRuntimeOptions, generation: number): Promise<FrameConnection> {
    const origin = options.originFor(generation);
    const ticket = await options.ticketFor(origin);
    return connectToFrame({ origin, ticket, ideOrigin: options.ideOrigin, timeoutMs: options.bootTimeoutMs });
  }

  /** The origin previews and the runtime frame are served from right now. */
  get origin(): string {
    return this.conn?.origin ?? this.options.originFor(this.generation);
  }

  /** Where previews are served now: the current preview site of this frame (lib/preview/preview-site.ts). */
  private get previewOrigin(): string {
    return this.relay?.origin ?? previewOriginFor(this.origin, 0, this.options.configuredOrigin);
  }

  previewUrl(port: number): string {
    return `${this.previewOrigin}${PREVIEW_PREFIX}${port}/`;
  }

  // ---- requests -------------------------------------------------------------------------------------------

  private async request<Op extends RuntimeOp>(request: Extract<RuntimeRequest, { op: Op }>): Promise<RuntimeResult<Op>> {
    const conn = await this.connecting;
    if (this.disposed) throw new RuntimeError('spawn', 'The runtime was disposed.');
    const id = this.nextRequestId++;
    const value = await new Promise<unknown>((resolve, reject) => {
      this.pending.set(id, { op: request.op, resolve, reject });
      conn.port.postMessage({ id, request });
    });
    const parsed = resultSchemas[request.op].safeParse(value);
    if (!parsed.success) throw new RuntimeError('spawn', `The runtime frame answered ${request.op} with something malformed.`);
    return parsed.data as RuntimeResult<Op>;
  }

  private send(request: RuntimeRequest): void {
    void this.request(request).catch(() => undefined);
  }

  private attach(conn: FrameConnection): void {
    this.conn = conn;
    // The relay for this frame's preview site starts with the first preview (portChanged): a workspace that
    // never serves anything never loads that site, a renderer process and about a second of CPU saved.
    this.relay?.dispose();
    this.relay = null;
    conn.port.onmessage = (message: MessageEvent) => {
      if (this.conn !== conn) return;
      const parsed = frameMessageSchema.safeParse(message.data);
      if (!parsed.success) {
        console.warn('[runtime] ignored a malformed message from the runtime frame');
        return;
      }
      const data = parsed.data;
      if (data.kind === 'event') return this.onEvent(data.event);
      if (data.kind === 'call') return answerFrameCall(conn.port, data.id, data.call, this.options.calls);
      const pending = this.pending.get(data.id);
      if (!pending) return;
      this.pending.delete(data.id);
      if (data.ok) pending.resolve(data.value);
      else pending.reject(new RuntimeError(pending.op.startsWith('fs.') ? 'fs' : 'spawn', data.error.message));
    };
    conn.port.start();
  }

  /** The preview site's relay for the current frame, started on first use; none where previews share the runtime's origin. */
  private relayForPreviews(): PreviewRelay | null {
    const conn = this.conn;
    if (this.relay || !conn) return this.relay;
    this.relay = this.startRelay(conn);
    return this.relay;
  }

  private startRelay(conn: FrameConnection): PreviewRelay | null {
    const configured = this.options.configuredOrigin;
    if (previewOriginFor(conn.origin, 0, configured) === conn.origin) return null;
    return new PreviewRelay({
      originFor: (generation) => previewOriginFor(conn.origin, generation, configured),
      ideOrigin: this.options.ideOrigin,
      runtimeFrame: () => (this.conn === conn && conn.frame.contentWindow ? { win: conn.frame.contentWindow, origin: conn.origin } : null),
      onMoved: () => this.stuckListeners.emit([...this.openPorts].map((port) => ({ port, url: this.previewUrl(port) }))),
    });
  }

  private onEvent(event: FrameEvent): void {
    switch (event.type) {
      case 'process-start':
        if (!this.procs.has(event.pid)) this.track(new FramedProcess(event.pid, event.command, this.link, event.inShell));
        return;
      case 'output':
        this.procs.get(event.pid)?.receive(event.data);
        return;
      case 'exit':
        this.procs.get(event.pid)?.finish(event.code);
        return;
      case 'fs':
        this.watches.get(event.watchId)?.listener(event.event);
        return;
      case 'port':
        this.portChanged(event.port, event.open, event.pid);
        return;
      case 'preview-error':
        this.errorListeners.emit(event.error);
        return;
      case 'process-exit':
        this.exitListeners.emit(event.exit);
        return;
    }
  }

  private portChanged(port: number, open: boolean, pid?: number): void {
    // Only a command the IDE knows as running opens a preview (see CommandLedger).
    const refused = this.ledger.refusal(open, pid, (id) => this.procs.get(id)?.running === true);
    if (refused) {
      console.warn(`[runtime] ignored an "open" for port ${port}: ${refused}`);
      return;
    }
    if (open) {
      this.openPorts.add(port);
      const announce = () => {
        if (!this.openPorts.has(port)) return;
        const url = this.previewUrl(port);
        this.portListeners.emit({ port, type: 'open', url });
        this.readyListeners.emit(port, url);
      };
      // The preview frame loads as soon as a port is announced: not before the preview site can serve it.
      const relay = this.relayForPreviews();
      if (relay) void relay.ready.then(announce);
      else announce();
    } else if (this.openPorts.delete(port)) {
      this.portListeners.emit({ port, type: 'close', url: '' });
    }
  }

  // ---- processes ------------------------------------------------------------------------------------------

  private readonly link = {
    write: (pid: number, data: string) => {
      // Ctrl+C must work even when the code under it never yields: the watchdog takes over if it does not.
      if (data.includes('\x03')) this.watchdog.stopRequested(this.describe(pid));
      this.send({ op: 'proc.write', pid, data });
    },
    kill: (pid: number) => {
      this.watchdog.stopRequested(this.describe(pid));
      this.send({ op: 'proc.kill', pid });
    },
    resize: (pid: number, size: { cols: number; rows: number }) => this.send({ op: 'proc.resize', pid, size }),
  };

  private track(process: FramedProcess, shell = false): FramedProcess {
    this.procs.set(process.id, process);
    this.ledger.started(process.id, shell);
    void process.exit.then(() => {
      this.procs.delete(process.id);
      this.ledger.ended(process.id);
    });
    return process;
  }

  /** The command most likely to be stuck: the newest still-running one started under `pid` (or `pid` itself). */
  private describe(pid?: number): string {
    const running = [...this.procs.values()].filter((p) => p.running);
    const newest = running.filter((p) => p.inShell || p.id === pid).at(-1) ?? running.at(-1);
    return newest ? newest.command : 'a command';
  }

  async spawn(command: string, args: string[] = [], options: SpawnOptions = {}): Promise<RuntimeProcess> {
    const { pid, command: line } = await this.request({ op: 'spawn', command, args, options });
    return this.track(new FramedProcess(pid, line, this.link));
  }

  async shell(options: SpawnOptions = {}): Promise<RuntimeProcess> {
    const { pid, command } = await this.request({ op: 'shell', options });
    return this.track(new FramedProcess(pid, command, this.link), true);
  }

  processes(): readonly RuntimeProcess[] {
    return [...this.procs.values()].filter((p) => p.running);
  }

  async killAll(): Promise<void> {
    this.watchdog.stopRequested(this.describe());
    await this.request({ op: 'killAll' });
  }

  /** What the frame's runtime uses; an empty report when it cannot tell. */
  async resources(): Promise<RuntimeResources> {
    return (await this.request({ op: 'resources' })) ?? { heapUsedBytes: null, heapLimitBytes: null, threads: [] };
  }

  async stopThread(id: number): Promise<void> {
    await this.request({ op: 'thread.stop', id });
  }

  // ---- files ----------------------------------------------------------------------------------------------

  private createFs(): RuntimeFs {
    return {
      readFile: (path) => this.request({ op: 'fs.readFile', path }),
      readTextFile: async (path) => new TextDecoder().decode(await this.request({ op: 'fs.readFile', path })),
      writeFile: async (path, data) => void (await this.request({ op: 'fs.writeFile', path, data })),
      mkdir: async (path) => void (await this.request({ op: 'fs.mkdir', path })),
      readdir: (path) => this.request({ op: 'fs.readdir', path }),
      rm: async (path) => void (await this.request({ op: 'fs.rm', path })),
      rename: async (from, to) => void (await this.request({ op: 'fs.rename', from, to })),
      exists: (path) => this.request({ op: 'fs.exists', path }),
      watch: (path, listener, options) => {
        const watchId = this.nextWatchId++;
        const ignoreNodeModules = options?.ignoreNodeModules;
        this.watches.set(watchId, { path, listener, ignoreNodeModules });
        this.send({ op: 'fs.watch', watchId, path, ignoreNodeModules });
        return () => {
          if (this.watches.delete(watchId)) this.send({ op: 'fs.unwatch', watchId });
        };
      },
    };
  }

  /** Many files in one message: opening a workspace, or restoring one after a restart. */
  async mount(files: Readonly<Record<string, string | Uint8Array>>): Promise<void> {
    await this.request({ op: 'fs.writeFiles', files: Object.entries(files).map(([path, data]) => ({ path, data })) });
  }

  async export(path?: string): Promise<ExportedFiles> {
    return this.request({ op: 'export', path });
  }

  // ---- events ---------------------------------------------------------------------------------------------

  onRestart(listener: (restart: RuntimeRestart) => void): Unsubscribe {
    return this.restartListeners.add(listener);
  }

  onRuntimeError(listener: (message: string) => void): Unsubscribe {
    return this.runtimeErrorListeners.add(listener);
  }

  onPreviewClear(listener: (clear: PreviewClear) => void): Unsubscribe {
    return this.clearListeners.add(listener);
  }

  onPreviewStuck(listener: (moved: { port: number; url: string }[]) => void): Unsubscribe {
    return this.stuckListeners.add(listener);
  }

  onHealth(listener: (health: FramedRuntimeHealth) => void): Unsubscribe {
    return this.healthListeners.add(listener);
  }

  // ---- restart --------------------------------------------------------------------------------------------

  /**
   * Replaces the frame: everything running in it ends (with a notice), servers close, and a new frame on a new
   * origin takes over with the same watches. Listeners of onRestart restore the files.
   */
  async restart(reason: string): Promise<void> {
    if (this.disposed) return;
    const old = this.conn;
    this.conn = null;
    this.watchdog.stop();
    old?.dispose();
    this.generation += 1;
    const lost = new RuntimeError('spawn', `The runtime was restarted because it stopped responding while running ${reason}.`);
    for (const pending of this.pending.values()) pending.reject(lost);
    this.pending.clear();
    const notice = `\r\n\x1b[33m[The runtime stopped responding while running \`${reason}\`. It was restarted; your saved files are restored.]\x1b[0m\r\n`;
    for (const process of [...this.procs.values()]) process.finish(RESTART_EXIT_CODE, notice);
    for (const port of [...this.openPorts]) this.portChanged(port, false);

    this.connecting = FramedRuntime.connect(this.options, this.generation);
    const conn = await this.connecting;
    if (this.disposed) {
      conn.dispose();
      return;
    }
    this.attach(conn);
    this.watchdog.start();
    for (const [watchId, { path, ignoreNodeModules }] of this.watches) this.send({ op: 'fs.watch', watchId, path, ignoreNodeModules });
    this.restartListeners.emit({ command: reason, at: Date.now() });
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.watchdog.stop();
    this.stopPreviewErrors();
    this.relay?.dispose();
    this.relay = null;
    for (const process of this.procs.values()) process.finish(RESTART_EXIT_CODE);
    this.conn?.dispose();
    this.conn = null;
  }
}
