/**
 * The Runtime port: everything above it (terminal, preview, workspace store, agent executor) talks to
 * this interface only, so the IDE works the same on WebContainer and on the open offline runtime.
 *
 * Paths are workspace paths: POSIX, rooted at the workspace ("/src/a.js" and "src/a.js" are the same
 * file). Adapters map them to their own file system.
 */

export type RuntimeKind = 'webcontainer' | 'offline';
export type RuntimeChoice = RuntimeKind | 'auto';

export type Unsubscribe = () => void;

export interface DirEntry {
  name: string;
  type: 'file' | 'directory';
}

/** A change seen by `watch`; `path` is a workspace path. */
export interface FsEvent {
  type: 'change' | 'rename';
  path: string;
}

export interface WatchOptions {
  /**
   * Leave out paths with a node_modules folder in them: an install writes thousands of files there, and a
   * watcher that drops them anyway should not have each one sent to it (across threads, for the offline runtime).
   */
  ignoreNodeModules?: boolean;
}

/** Whether `path` has a node_modules folder in it (the folder itself included). */
export function isInNodeModules(path: string): boolean {
  return path.split('/').includes('node_modules');
}

export interface RuntimeFs {
  readFile(path: string): Promise<Uint8Array>;
  readTextFile(path: string): Promise<string>;
  /** Writes the file, creating missing parent folders. */
  writeFile(path: string, data: string | Uint8Array): Promise<void>;
  /** Always recursive (`mkdir -p`); an existing folder is not an error. */
  mkdir(path: string): Promise<void>;
  readdir(path: string): Promise<DirEntry[]>;
  /** Recursive; a missing path is not an error. */
  rm(path: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  exists(path: string): Promise<boolean>;
  /** Recursive watch of a folder; returns a function that stops watching. */
  watch(path: string, listener: (event: FsEvent) => void, options?: WatchOptions): Unsubscribe;
}

export interface TerminalSize {
  cols: number;
  rows: number;
}

export interface SpawnOptions {
  /** Workspace path; defaults to the workspace root. */
  cwd?: string;
  env?: Record<string, string>;
  terminal?: TerminalSize;
  /** Shells only: earlier command lines for ↑ history (restored workspaces). Shells without history ignore it. */
  history?: readonly string[];
}

/** A running process with a pty-like output stream (stdout and stderr together, may contain ANSI). */
export interface RuntimeProcess {
  readonly id: number;
  /** The command line, for process lists and "stop all". */
  readonly command: string;
  readonly output: ReadableStream<string>;
  /** Sends keystrokes / stdin data to the process. */
  write(data: string): void;
  /** Resolves with the exit code once the process has ended (killed processes resolve too). */
  readonly exit: Promise<number>;
  kill(): void;
  resize(size: TerminalSize): void;
  /**
   * Shells only, optional: runs a command line as if typed and entered. A shell that says when its prompt is
   * back (WebContainer's jsh) holds it until then, after the command lines before it; without this method,
   * callers write the line and a carriage return.
   */
  runCommand?(commandLine: string): void;
}

export interface PortEvent {
  port: number;
  type: 'open' | 'close';
  /** URL the preview iframe loads for this port (empty on close). */
  url: string;
  /** The process that opened the port, where the runtime can tell (see RuntimeProcess.id). */
  pid?: number;
}

export interface PreviewError {
  message: string;
  stack?: string;
  /** Page URL or port the error came from, when known. */
  source?: string;
  at: number;
  /**
   * A compile error, not a runtime one: the page showed the dev server's error overlay when it reported it, or a
   * script, style or asset the page asked for was answered 5xx (the dev server failed to build it). Either goes
   * when the overlay does, as the fix applied by HMR replaces the module that failed.
   */
  overlay?: boolean;
}

/**
 * A preview page saying that errors it reported earlier no longer hold: it loaded again (`load`: errors from
 * before `since`, the page's navigation start, are past) or its dev-server error overlay went away after a fix
 * (`overlay`: the compile errors it reported while the overlay showed are fixed).
 */
export interface PreviewClear {
  reason: 'load' | 'overlay';
  since: number;
  /** The page's URL, to tell which server's errors are meant. */
  source?: string;
}

/** A command that ended: what the IDE offers to fix when it failed. Interactive shells are not reported. */
export interface ProcessExit {
  id: number;
  command: string;
  exitCode: number;
}

/** The runtime replaced itself after its code stopped responding; files must be put back by whoever owns them. */
export interface RuntimeRestart {
  /** What was running when it stopped responding. */
  command: string;
  at: number;
}

/** Workspace files, path → bytes; `node_modules` is never included. */
export type ExportedFiles = Record<string, Uint8Array>;

export interface Runtime {
  readonly kind: RuntimeKind;
  readonly fs: RuntimeFs;
  /** Runs a program (`node`, `npm`, …) directly. */
  spawn(command: string, args?: string[], options?: SpawnOptions): Promise<RuntimeProcess>;
  /** Starts an interactive shell (jsh on WebContainer, the offline runtime's own shell). */
  shell(options?: SpawnOptions): Promise<RuntimeProcess>;
  /** Every process started through this runtime that has not exited yet. */
  processes(): readonly RuntimeProcess[];
  /** Kills every process this runtime started and closes the servers they opened. */
  killAll(): Promise<void>;
  onPort(listener: (event: PortEvent) => void): Unsubscribe;
  onServerReady(listener: (port: number, url: string) => void): Unsubscribe;
  onPreviewError(listener: (error: PreviewError) => void): Unsubscribe;
  /** Optional: preview pages saying their earlier errors are gone (runtimes whose pages can tell). */
  onPreviewClear?(listener: (clear: PreviewClear) => void): Unsubscribe;
  /**
   * Optional: the preview page stopped responding for good, and its servers' pages are now at these URLs
   * (runtimes that can tell; the preview frame must load them in a fresh frame).
   */
  onPreviewStuck?(listener: (moved: { port: number; url: string }[]) => void): Unsubscribe;
  /** Commands ending (spawned programs, and on the offline runtime each shell command line too). */
  onProcessExit(listener: (exit: ProcessExit) => void): Unsubscribe;
  export(path?: string): Promise<ExportedFiles>;
  /**
   * Optional: writes many files (workspace path → content) in one operation, creating their folders; files
   * not named are left alone. Runtimes without it get the files one `fs.writeFile` at a time.
   */
  mount?(files: Readonly<Record<string, string | Uint8Array>>): Promise<void>;
  /** Optional: errors the runtime itself reports after booting, for the IDE to show the user. */
  onRuntimeError?(listener: (message: string, remedy?: RuntimeErrorRemedy) => void): Unsubscribe;
  /**
   * Runtimes that can replace a stuck engine (the offline runtime's frame) report it here, after the new one
   * is up and empty; running processes have ended by then. Runtimes that cannot restart do not implement it.
   */
  onRestart?(listener: (restart: RuntimeRestart) => void): Unsubscribe;
  /** Optional: what the runtime uses now (runtimes that can tell; see RuntimeResources). */
  resources?(): Promise<RuntimeResources>;
  /** Optional: stops one program thread that resources() listed (by its id there). */
  stopThread?(id: number): Promise<void>;
  dispose(): void;
}

/** One thread running a user's program, and whether it answers. */
export interface RuntimeThread {
  id: number;
  /** The program as it was started (`node server.js`). */
  command: string;
  /**
   * It did not answer the last probe in time: it is computing without yielding (a loop) or waiting on
   * something synchronous. `busyForMs` counts from the first probe it left unanswered.
   */
  busy: boolean;
  busyForMs: number;
}

export interface RuntimeResources {
  /** The JS heap of the runtime's own engine (its files, shells and tools), and the engine's limit; null where unknown. */
  heapUsedBytes: number | null;
  heapLimitBytes: number | null;
  threads: RuntimeThread[];
}

/** What the IDE can offer next to a runtime's own error. */
export interface RuntimeErrorRemedy {
  /** Switching to the offline runtime gets around it (WebContainer out of memory, a binding it cannot load). */
  offlineRuntimeHelps: boolean;
}

/** A named error with a message the user can act on. */
export class RuntimeError extends Error {
  constructor(
    public readonly code: 'boot-timeout' | 'boot-failed' | 'not-isolated' | 'fs' | 'spawn',
    message: string,
  ) {
    super(message);
    this.name = 'RuntimeError';
  }
}
