/**
 * One validated IDE request, carried out on the runtime that lives in this frame.
 */
import { RuntimeError, type FsEvent, type Runtime, type RuntimeProcess, type Unsubscribe } from '../../runtime/port';
import type { RuntimeRequest } from '../../runtime/isolated/protocol';

export interface FrameState {
  runtime: Runtime;
  watches: Map<number, Unsubscribe>;
  /** A process the IDE started (spawn or shell): its output and exit go back to the IDE. */
  started(process: RuntimeProcess): void;
  emitFs(watchId: number, event: FsEvent): void;
}

function findProcess(runtime: Runtime, pid: number): RuntimeProcess | undefined {
  return runtime.processes().find((process) => process.id === pid);
}

export async function handleRequest(state: FrameState, request: RuntimeRequest): Promise<unknown> {
  const { runtime } = state;
  switch (request.op) {
    case 'ping':
      return null;
    case 'fs.readFile':
      return runtime.fs.readFile(request.path);
    case 'fs.writeFile':
      return runtime.fs.writeFile(request.path, request.data);
    case 'fs.writeFiles':
      // writeFile creates missing parent folders (a port rule), so the files can go in all at once.
      await Promise.all(request.files.map((file) => runtime.fs.writeFile(file.path, file.data)));
      return null;
    case 'fs.mkdir':
      return runtime.fs.mkdir(request.path);
    case 'fs.readdir':
      return runtime.fs.readdir(request.path);
    case 'fs.rm':
      return runtime.fs.rm(request.path);
    case 'fs.rename':
      return runtime.fs.rename(request.from, request.to);
    case 'fs.exists':
      return runtime.fs.exists(request.path);
    case 'fs.watch': {
      state.watches.get(request.watchId)?.();
      const watchId = request.watchId;
      state.watches.set(
        watchId,
        runtime.fs.watch(request.path, (event) => state.emitFs(watchId, event), { ignoreNodeModules: request.ignoreNodeModules }),
      );
      return null;
    }
    case 'fs.unwatch':
      state.watches.get(request.watchId)?.();
      state.watches.delete(request.watchId);
      return null;
    case 'spawn': {
      const process = await runtime.spawn(request.command, request.args, request.options);
      // The IDE learns the pid from the response; output events must not overtake it.
      setTimeout(() => state.started(process), 0);
      return { pid: process.id, command: process.command };
    }
    case 'shell': {
      const process = await runtime.shell(request.options);
      setTimeout(() => state.started(process), 0);
      return { pid: process.id, command: process.command };
    }
    case 'proc.write':
      findProcess(runtime, request.pid)?.write(request.data);
      return null;
    case 'proc.kill':
      findProcess(runtime, request.pid)?.kill();
      return null;
    case 'proc.resize':
      findProcess(runtime, request.pid)?.resize(request.size);
      return null;
    case 'killAll':
      return runtime.killAll();
    case 'export':
      return runtime.export(request.path);
    case 'resources':
      return runtime.resources ? runtime.resources() : null;
    case 'thread.stop':
      await runtime.stopThread?.(request.id);
      return null;
    default:
      throw new RuntimeError('spawn', `Unknown request ${(request as { op: string }).op}`);
  }
}
