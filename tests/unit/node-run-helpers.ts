/** Runs `node` commands of the offline runtime against an in-memory VirtualFS, collecting the output. */
import * as almost from 'almostnode';
import { attachBridge } from '@/lib/runtime-frame/offline/bridge';
import { parseNodeArgs } from '@/lib/runtime-frame/offline/command-line';
import { nodeInspect } from '@/lib/runtime-frame/offline/node/inspect';
import { runNode, type NodeDeps } from '@/lib/runtime-frame/offline/node-exec';
import { InputChannel } from '@/lib/runtime-frame/offline/process';
import { ServerTracker } from '@/lib/runtime-frame/offline/servers';
import { TerminalScreen } from '@/lib/runtime-frame/offline/terminal';
import { installTimerTracking } from '@/lib/runtime-frame/offline/timers';

// As in the runtime: timers belong to the process that created them.
installTimerTracking();

interface NodeRun {
  code: number;
  output: string;
}

export function workspace(files: Record<string, string>): almost.VirtualFS {
  const vfs = new almost.VirtualFS();
  for (const [path, text] of Object.entries(files)) {
    vfs.mkdirSync(path.slice(0, path.lastIndexOf('/')) || '/', { recursive: true });
    vfs.writeFileSync(path, text);
  }
  return vfs;
}

export function nodeDeps(
  vfs: almost.VirtualFS,
  servers = new ServerTracker({ unregisterServer: () => undefined }, { open: () => undefined, close: () => undefined }),
): NodeDeps {
  return { vfs, Runtime: almost.Runtime, servers, inspect: (value) => nodeInspect(value) };
}

/**
 * Servers tracked as in the runtime: a process keeps running while its server listens and closes it when it
 * ends (or is killed through its signal). Once per test file: it hooks the page's one server bridge.
 */
export function trackServers(): ServerTracker {
  const bridge = almost.getServerBridge();
  const tracker = new ServerTracker(bridge, { open: () => undefined, close: () => undefined });
  attachBridge(bridge, tracker, () => undefined, 'http://ide.test');
  return tracker;
}

interface NodeRunOptions {
  signal?: AbortSignal;
  servers?: ServerTracker;
  /** Runs the program in a terminal (its standard streams are TTYs), as the IDE's shell does; otherwise as in a pipe. */
  terminal?: boolean;
}

export async function node(
  vfs: almost.VirtualFS,
  args: string[],
  cwd = '/',
  input?: string,
  options: NodeRunOptions = {},
): Promise<NodeRun & { errors: string }> {
  let output = '';
  let errors = '';
  const stdin = new InputChannel();
  if (input !== undefined) {
    stdin.push(input);
    stdin.end();
  }
  const code = await runNode(
    parseNodeArgs(args),
    {
      cwd,
      env: {},
      signal: options.signal ?? new AbortController().signal,
      stdin,
      write: (text) => (output += text),
      writeError: (text) => (errors += text),
      ...(options.terminal ? { terminal: new TerminalScreen(undefined).link(stdin) } : {}),
    },
    nodeDeps(vfs, options.servers),
  );
  return { code, output, errors };
}
