/**
 * The entry of a node process's worker: one Node process, on a thread of its own, as in Node. It runs the
 * runtime's module loader and built-ins (node-exec.ts) over the frame's file system, reached through the
 * synchronous channel; output, exit, servers and child processes cross to the frame as messages.
 */
import type { NodeDeps } from '../node-exec';
import { InputChannel, type CommandIO } from '../process';
import { ServerTracker } from '../servers';
import type { FrameToWorker, SyncBody, WorkerInit, WorkerMessage } from './protocol';
import { createRemoteVfs } from './remote-vfs';
import { installNodeTimers } from '../node/node-timers';
import { SyncCaller } from './sync-channel';
import { workerChildren } from './worker-children';
import { workerCodeLink } from './worker-code-link';
import { workerPortLinks } from './worker-ports';
import { workerTunnels } from './worker-tunnels';
import { workerTerminal, type TerminalToWorker } from './worker-terminal';
import { threadLink } from './worker-threads-link';
import { shareCompiledWasm } from './wasm-modules';
import { nodeInspect } from '../node/inspect';

interface WorkerScope {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<FrameToWorker>) => void): void;
}

const scope = globalThis as unknown as WorkerScope;
// Programs replace the global postMessage and onmessage (napi-rs's wasi-worker.mjs does, as in a browser worker):
// the frame's link keeps the worker's own, taken before any program runs.
const nativePost = scope.postMessage.bind(scope);
const post = (message: WorkerMessage, transfer: Transferable[] = []) => nativePost(message, transfer);

const stdin = new InputChannel();
const controller = new AbortController();
const watchers = new Map<number, (eventType: string, filename: string | null) => void>();
let receive: (message: FrameToWorker) => void = () => undefined;
let receiveTerminal: (message: TerminalToWorker) => void = () => undefined;
// Loading the runtime's built-ins takes seconds on a busy machine: a worker starts on it as soon as it exists,
// while it waits as the frame's spare for the next process.
const modules = Promise.all([import('almostnode'), import('../node-exec'), import('../node/host')]);

/** A signal from the terminal: delivered to the program's listeners if it has any, else it ends the process. */
function signal(name: 'SIGINT' | 'SIGTERM'): void {
  const proc = (globalThis as { process?: { listenerCount?(event: string): number; emit?(event: string, ...args: unknown[]): boolean } }).process;
  if (proc?.listenerCount?.(name) && proc.emit) proc.emit(name, name);
  else controller.abort(name);
}

async function start(init: WorkerInit): Promise<void> {
  // almostnode's built-ins look for browser globals on `window`; a worker's global scope has what they use.
  (globalThis as { window?: unknown }).window ??= globalThis;
  // A worker's `self` is a getter Node does not have; programs written for Node assign it (napi-rs's
  // wasi-worker.mjs does `Object.assign(globalThis, { self: globalThis })`), which would throw in strict code.
  Object.defineProperty(globalThis, 'self', { value: globalThis, writable: true, configurable: true, enumerable: true });
  // Node's timer objects (ref/unref, refresh, immediates); a process lives while it has ref'd timers pending.
  installNodeTimers();
  // WebAssembly compiled by earlier processes is taken as it is; what this one compiles is offered back.
  shareCompiledWasm(new Map(init.wasm ?? []), (key, bytes, module) => post({ type: 'wasm-module', key, bytes, module }));
  const caller = new SyncCaller(init.channel, (message) =>
    post(message.kind === 'sync-call' ? { type: 'sync-call', id: message.id, body: message.body } : { type: 'sync-more', id: message.id }),
  );
  const call = (body: SyncBody) => caller.call(body);
  let nextWatch = 1;
  const remote = createRemoteVfs({
    call,
    watch: (path, options, listener) => {
      const wid = nextWatch++;
      watchers.set(wid, listener);
      post({ type: 'watch', wid, path, recursive: Boolean((options as { recursive?: boolean } | undefined)?.recursive) });
      return () => {
        watchers.delete(wid);
        post({ type: 'unwatch', wid });
      };
    },
  });
  const children = workerChildren(post, call, remote.invalidate);
  const [almost, { runNode }, { nodeHost }] = await modules;
  const servers = new ServerTracker(
    { unregisterServer: () => undefined },
    {
      open: () => undefined,
      close: (port) => post({ type: 'port-close', port }),
    },
  );
  const ports = workerPortLinks(post, call, servers);
  const host = nodeHost(remote.vfs, almost.Runtime, ports.links, workerCodeLink(call, post));
  const { Buffer } = host.almostRequire('buffer') as { Buffer: { from(buffer: ArrayBufferLike, offset: number, length: number): Uint8Array } };
  const toBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const threads = threadLink(post, init.thread);
  // A preview page's WebSocket reaches the process's server as a loopback client made by the process itself.
  const tunnels = workerTunnels(
    post,
    (port) =>
      ((globalThis as { process?: { getBuiltinModule(id: string): unknown } }).process?.getBuiltinModule('net') as { connect(options: object): never }).connect(
        { port, host: '127.0.0.1' },
      ),
    toBuffer,
  );
  receive = (message) => {
    if (threads.receive(message) || tunnels.receive(message)) return;
    if (!ports.receive(message, host.ports, toBuffer)) children.receive(message);
  };
  const terminal =
    init.terminal &&
    workerTerminal(
      init.terminal,
      stdin,
      new InputChannel(),
      post,
      () => (globalThis as { process?: { listenerCount?(event: string): number } }).process,
      () => controller.abort('SIGINT'),
    );
  if (terminal) receiveTerminal = terminal.receive;
  const output = (message: WorkerMessage) => {
    terminal?.beforeOutput();
    post(message);
  };
  const io: CommandIO = {
    cwd: init.cwd,
    env: init.env,
    signal: controller.signal,
    stdin,
    write: threads.output('out') ?? ((data) => output({ type: 'stdout', data })),
    writeBytes: init.stdoutTakesBytes && !threads.output('out') ? (data) => output({ type: 'stdout', data }) : undefined,
    writeError: threads.output('err') ?? ((data) => output({ type: 'stderr', data })),
    stdoutIsTerminal: init.stdoutIsTerminal,
    stderrIsTerminal: init.terminal?.stderrIsTerminal,
    terminal: terminal?.link,
    ipc: init.ipc,
  };
  const deps: NodeDeps = {
    vfs: remote.vfs,
    Runtime: almost.Runtime,
    servers,
    inspect: (value) => nodeInspect(value),
    runCommandLine: (line, childIo) => children.run({ line }, childIo),
    runArgv: (words, childIo) => children.run({ argv: [...words] }, childIo),
    runSync: children.runSync,
    threads: threads.support,
    ownsGlobalScope: true,
  };
  let code = 1;
  threads.online();
  try {
    code = await runNode(init.invocation, io, deps);
  } catch (error) {
    post({ type: 'stderr', data: `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n` });
  }
  post({ type: 'exit', code, unread: stdin.takePending() });
}

scope.addEventListener('message', (event) => {
  const message = event.data;
  switch (message.type) {
    case 'init':
      void start(message);
      return;
    case 'stdin':
      stdin.push(message.data);
      return;
    case 'stdin-end':
      stdin.end();
      return;
    case 'signal':
      signal(message.signal);
      return;
    case 'resize':
    case 'interrupt':
      receiveTerminal(message);
      return;
    case 'watch-event':
      watchers.get(message.wid)?.(message.eventType, message.filename);
      return;
    case 'ping':
      post({ type: 'pong' });
      return;
    default:
      receive(message);
  }
});
