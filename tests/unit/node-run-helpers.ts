/** Runs `node` commands of the offline runtime against an in-memory VirtualFS, collecting the output. */
import * as almost from 'almostnode';
import { parseNodeArgs } from '@/lib/runtime/offline/command-line';
import { runNode, type NodeDeps } from '@/lib/runtime/offline/node-exec';
import { InputChannel } from '@/lib/runtime/offline/process';
import { ServerTracker } from '@/lib/runtime/offline/servers';
import { installTimerTracking } from '@/lib/runtime/offline/timers';

// As in the runtime: timers belong to the process that created them.
installTimerTracking();

export interface NodeRun {
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

export function nodeDeps(vfs: almost.VirtualFS): NodeDeps {
  const servers = new ServerTracker({ unregisterServer: () => undefined }, { open: () => undefined, close: () => undefined });
  return { vfs, Runtime: almost.Runtime, servers, inspect: (value) => almost.util.inspect(value) };
}

export async function node(vfs: almost.VirtualFS, args: string[], cwd = '/', input?: string): Promise<NodeRun & { errors: string }> {
  let output = '';
  let errors = '';
  const stdin = new InputChannel();
  if (input !== undefined) {
    stdin.push(input);
    stdin.end();
  }
  const code = await runNode(
    parseNodeArgs(args),
    { cwd, env: {}, signal: new AbortController().signal, stdin, write: (text) => (output += text), writeError: (text) => (errors += text) },
    nodeDeps(vfs),
  );
  return { code, output, errors };
}
