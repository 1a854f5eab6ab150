/** Assembles the Runtime port from a booted WebContainer instance. */
import { RuntimeError, type Runtime, type SpawnOptions, type TerminalSize } from '../port';
import type { WebContainerLike } from './api-types';
import { EXPORT_EXCLUDES, flattenTree } from './export-tree';
import { createWebContainerFs } from './fs';
import { toWorkdirPath, toWorkspacePath } from './paths';
import { toPreviewError } from './preview-errors';
import { ProcessTable } from './processes';
import { errorMessage } from '../../error-message';

/** WebContainer sizes its pty from this; xterm resizes it once the terminal is laid out. */
export const DEFAULT_TERMINAL: TerminalSize = { cols: 80, rows: 24 };

export function createWebContainerRuntime(wc: WebContainerLike, onDispose: () => void): Runtime {
  const table = new ProcessTable();
  let disposed = false;

  async function spawn(command: string, args: string[] = [], options: SpawnOptions = {}, interactive = false) {
    if (disposed) throw new RuntimeError('spawn', `Cannot start ${command}: the runtime was shut down.`);
    try {
      const raw = await wc.spawn(command, args, {
        cwd: options.cwd === undefined ? undefined : toWorkdirPath(options.cwd),
        env: options.env,
        terminal: options.terminal ?? DEFAULT_TERMINAL,
      });
      return table.add(raw, [command, ...args].join(' '), interactive);
    } catch (error) {
      const reason = errorMessage(error);
      throw new RuntimeError('spawn', `Could not start ${command}: ${reason}`);
    }
  }

  return {
    kind: 'webcontainer',
    fs: createWebContainerFs(wc.fs),
    spawn: (command, args, options) => spawn(command, args, options),
    shell: (options) => spawn('jsh', [], options, true),
    processes: () => table.list(),
    killAll: () => table.killAll(),

    onPort: (listener) =>
      wc.on('port', (port, type, url) => listener({ port, type, url: type === 'close' ? '' : url })),
    onProcessExit: (listener) => table.onExit(listener),
    onServerReady: (listener) => wc.on('server-ready', (port, url) => listener(port, url)),
    onPreviewError: (listener) =>
      wc.on('preview-message', (message) => {
        const error = toPreviewError(message);
        if (error) listener(error);
      }),

    async export(path = '/') {
      const tree = await wc.export(toWorkdirPath(path), { format: 'json', excludes: EXPORT_EXCLUDES });
      return flattenTree(tree, toWorkspacePath(path));
    },

    dispose() {
      // Idempotent: the real teardown() throws when called twice.
      if (disposed) return;
      disposed = true;
      try {
        wc.teardown();
      } finally {
        onDispose();
      }
    },
  };
}
