/** Assembles the Runtime port from a booted WebContainer instance. */
import { Listeners } from '../listeners';
import { RuntimeError, type ExportedFiles, type Runtime, type RuntimeErrorRemedy, type SpawnOptions, type TerminalSize, type Unsubscribe } from '../port';
import { classifyWebContainerError, DISPOSED_MESSAGE, isReleasedError, OUT_OF_MEMORY_ADVICE, WASM_OUT_OF_MEMORY, withAdvice } from './advice';
import type { WebContainerLike } from './api-types';
import { bounded } from './bounded';
import { EXPORT_EXCLUDES, flattenTree } from './export-tree';
import { createWebContainerFs } from './fs';
import { driveJsh, JSH_ARGS } from './jsh-driver';
import { toFileSystemTree } from './mount-tree';
import { BINDING_CONTEXT_MS, BindingFailureScanner, installedRolldownVersion, OTHER_BINDING_ADVICE, rolldownBindingAdvice } from './native-binding';
import { toWorkdirPath, toWorkspacePath } from './paths';
import { PortTracker } from './ports';
import { toPreviewError } from './preview-errors';
import { ProcessTable } from './processes';
import type { SourceLocations } from './source-locations';
import { WatchHub } from './watch';
import { errorMessage } from '../../error-message';

/** WebContainer sizes its pty from this; xterm resizes it once the terminal is laid out. */
const DEFAULT_TERMINAL: TerminalSize = { cols: 80, rows: 24 };
/**
 * Commands run without a person at the keyboard: `npx` would otherwise stop at "Ok to proceed? (y)" and wait
 * until the time limit. (npm reads any `npm_config_*` variable as the matching setting.)
 */
const COMMAND_ENV: Readonly<Record<string, string>> = { npm_config_yes: 'true' };
/** The longest a command's exit waits for the tree re-sync, so a huge tree cannot hold up the agent. */
const RESYNC_BUDGET_MS = 1_500;

const noop: Unsubscribe = () => undefined;

/** The shell starts with the container's own environment when nothing is added to it. */
const withoutEmpty = (env: Record<string, string>) => (Object.keys(env).length > 0 ? env : undefined);

/** Commands get no extra environment when the source-locations hook is not set up. */
const NO_SOURCE_LOCATIONS: SourceLocations = { env: async () => ({}), ensurePlugin: async () => undefined };

export function createWebContainerRuntime(wc: WebContainerLike, onDispose: () => void, sourceLocations = NO_SOURCE_LOCATIONS): Runtime {
  let disposed = false;
  const isDisposed = () => disposed;
  const hub = new WatchHub(wc.fs);
  const ports = new PortTracker();
  const stops = [ports.follow(wc)];
  const resync = () => bounded(hub.resync(), RESYNC_BUDGET_MS, undefined);
  const table = new ProcessTable({ ports, afterCommand: resync });
  const runtimeErrors = new Listeners<[message: string, remedy?: RuntimeErrorRemedy]>();
  let lastRuntimeError: { message: string; remedy: RuntimeErrorRemedy } | null = null;
  const reportRuntimeError = (message: string, remedy: RuntimeErrorRemedy) => {
    if (disposed) return;
    lastRuntimeError = { message, remedy };
    runtimeErrors.emit(message, remedy);
  };
  stops.push(
    wc.on('error', ({ message }) => {
      console.warn('WebContainer reported an error:', message);
      reportRuntimeError(withAdvice(message), { offlineRuntimeHelps: classifyWebContainerError(message) === 'out-of-memory' });
    }),
  );

  /**
   * Watches a program's output for a native binding it could not load, or WebAssembly running out of memory,
   * and says what to do about it (once per program).
   */
  function outputWatch(cwd: string | undefined): (chunk: string) => void {
    const scanner = new BindingFailureScanner();
    let tail = '';
    let outOfMemory = false;
    return (chunk) => {
      const text = tail + chunk;
      tail = text.slice(-80);
      if (!outOfMemory && WASM_OUT_OF_MEMORY.test(text)) {
        outOfMemory = true;
        reportRuntimeError(`${OUT_OF_MEMORY_ADVICE} (a program printed: ${WASM_OUT_OF_MEMORY.exec(text)?.[0] ?? ''})`, {
          offlineRuntimeHelps: true,
        });
      }
      if (!scanner.feed(chunk)) return;
      setTimeout(() => {
        void (async () => {
          const advice = scanner.mentionsRolldown()
            ? rolldownBindingAdvice(await installedRolldownVersion(wc.fs, cwd).catch(() => null))
            : OTHER_BINDING_ADVICE;
          reportRuntimeError(advice, { offlineRuntimeHelps: true });
        })();
      }, BINDING_CONTEXT_MS);
    };
  }

  /**
   * Subscribes to a container event. Once the container is torn down its client throws for every call
   * (a released proxy), so a late subscription, or a late unsubscribe, quietly does nothing instead.
   */
  function subscribe(attach: () => Unsubscribe): Unsubscribe {
    if (disposed) return noop;
    let stop: Unsubscribe;
    try {
      stop = attach();
    } catch (error) {
      if (disposed || isReleasedError(errorMessage(error))) return noop;
      throw error;
    }
    return () => {
      try {
        stop();
      } catch {
        // The container is gone, and its listeners with it.
      }
    };
  }

  async function exportFiles(path: string): Promise<ExportedFiles> {
    if (disposed) throw new RuntimeError('fs', `export ${toWorkspacePath(path)} failed: ${DISPOSED_MESSAGE}`);
    try {
      const tree = await wc.export(toWorkdirPath(path), { format: 'json', excludes: EXPORT_EXCLUDES });
      return flattenTree(tree, toWorkspacePath(path));
    } catch (error) {
      // The JSON export refuses a single file ("not possible to export a single file"): read it instead.
      const file = await wc.fs.readFile(toWorkdirPath(path)).catch(() => null);
      if (file) return { [toWorkspacePath(path)]: file };
      const reason = disposed ? DISPOSED_MESSAGE : withAdvice(errorMessage(error));
      throw new RuntimeError('fs', `export ${toWorkspacePath(path)} failed: ${reason}`);
    }
  }

  async function start(command: string, args: string[], options: SpawnOptions, interactive: boolean) {
    if (disposed) throw new RuntimeError('spawn', `Cannot start ${command}: ${DISPOSED_MESSAGE}`);
    try {
      // The command's own environment wins over what the IDE adds (a NODE_OPTIONS of the user's replaces the hook).
      const [hook] = await Promise.all([sourceLocations.env(), sourceLocations.ensurePlugin()]);
      const raw = await wc.spawn(command, args, {
        cwd: options.cwd === undefined ? undefined : toWorkdirPath(options.cwd),
        env: interactive ? withoutEmpty({ ...hook, ...options.env }) : { ...COMMAND_ENV, ...hook, ...options.env },
        terminal: options.terminal ?? DEFAULT_TERMINAL,
      });
      return table.add(raw, interactive ? command : [command, ...args].join(' '), interactive, outputWatch(options.cwd));
    } catch (error) {
      const reason = disposed ? DISPOSED_MESSAGE : withAdvice(errorMessage(error));
      throw new RuntimeError('spawn', `Could not start ${command}: ${reason}`);
    }
  }

  return {
    kind: 'webcontainer',
    fs: createWebContainerFs(wc.fs, hub, isDisposed),
    spawn: (command, args = [], options = {}) => start(command, args, options, false),
    shell: async (options = {}) =>
      driveJsh(await start('jsh', JSH_ARGS, options, true), {
        onCommandExit(command, exitCode) {
          if (command !== null) table.reportShellCommand(command, exitCode);
          void resync();
          // A command in the shell may have removed node_modules, and the plugin file with it.
          void sourceLocations.ensurePlugin();
        },
      }),
    processes: () => table.list(),
    killAll: () => table.killAll(),

    onPort: (listener) => subscribe(() => wc.on('port', (port, type, url) => listener({ port, type, url: type === 'close' ? '' : url }))),
    onProcessExit: (listener) => table.onExit(listener),
    onServerReady: (listener) => subscribe(() => wc.on('server-ready', (port, url) => listener(port, url))),
    onPreviewError: (listener) =>
      subscribe(() =>
        wc.on('preview-message', (message) => {
          const error = toPreviewError(message);
          if (error) listener(error);
        }),
      ),
    onRuntimeError(listener) {
      if (lastRuntimeError !== null) listener(lastRuntimeError.message, lastRuntimeError.remedy);
      return runtimeErrors.add(listener);
    },

    export: (path = '/') => exportFiles(path),

    async mount(files) {
      if (disposed) throw new RuntimeError('fs', `mount failed: ${DISPOSED_MESSAGE}`);
      try {
        await wc.mount(toFileSystemTree(files));
      } catch (error) {
        throw new RuntimeError('fs', `mount failed: ${disposed ? DISPOSED_MESSAGE : withAdvice(errorMessage(error))}`);
      }
    },

    dispose() {
      // Idempotent: the real teardown() throws when called twice.
      if (disposed) return;
      disposed = true;
      for (const stop of stops) stop();
      hub.closeAll();
      // After teardown the real processes' exit promises never settle; the port promises that they do.
      table.abandonAll();
      try {
        wc.teardown();
      } finally {
        onDispose();
      }
    },
  };
}
