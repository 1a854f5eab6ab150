/**
 * Where a `node` command runs: in a worker of its own (workers/worker-process.ts) wherever the page can, so it
 * may block and can be stopped alone; on the runtime frame's thread otherwise (a page without cross-origin
 * isolation), and for what the runtime itself does there: `node -v` and usage errors, a native `tsc` launcher
 * handed to TypeScript's JavaScript release, and `node --test`'s runner (finding files, reporting), which
 * runs each test file as a process of its own, in a worker again. So no program of the workspace runs on the
 * frame's thread, where the port to the IDE is.
 */
import type { NodeInvocation } from './command-line';
import { runNode, type NodeDeps } from './node-exec';
import { nodeHost } from './node/host';
import { nativeTypeScriptAt } from './node/native-tsc';
import { resolvePath } from './paths';
import type { CommandIO } from './process';
import { nodeWorkersAvailable, runNodeInWorker } from './workers/worker-process';

type NodeProcessDeps = NodeDeps & Required<Pick<NodeDeps, 'runCommandLine' | 'runArgv'>>;

function needsFrameThread(invocation: NodeInvocation, io: CommandIO, deps: NodeDeps): boolean {
  if (invocation.kind === 'eval') return false;
  if (invocation.kind !== 'file') return true;
  const filename = resolvePath(io.cwd, invocation.path);
  return nativeTypeScriptAt(deps.vfs, filename) !== null;
}

export function runNodeProcess(invocation: NodeInvocation, io: CommandIO, deps: NodeProcessDeps): Promise<number> {
  if (!nodeWorkersAvailable()) return runNode(invocation, io, deps);
  if (needsFrameThread(invocation, io, deps))
    return runNode(invocation, io, { ...deps, runProcess: (program, programIo) => runNodeProcess(program, programIo, deps) });
  const host = nodeHost(deps.vfs, deps.Runtime);
  const { Buffer } = host.almostRequire('buffer') as { Buffer: { from(buffer: ArrayBufferLike, offset: number, length: number): Uint8Array } };
  return runNodeInWorker(invocation, io, {
    vfs: deps.vfs,
    ports: host.ports,
    toBuffer: (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    servers: deps.servers,
    runArgv: deps.runArgv,
    runLine: deps.runCommandLine,
  });
}
