/**
 * Runs one node process in a Web Worker of its own, as Node runs one thread per process: a program that never
 * yields (`while(true){}`) holds only its own thread, and stopping it ends that worker while the runtime frame,
 * its shells and every other process live on.
 *
 * The frame keeps the file system and answers the worker's synchronous calls on its event loop (frame-sync.ts);
 * output, input, signals, servers (frame-ports.ts) and child processes cross as messages. Ctrl+C or a kill first
 * sends SIGINT, which a program that listens for it may handle; a process that has not ended STOP_GRACE_MS later
 * is stopped by terminating its worker, and the terminal says so.
 */
import { extendVfs } from '../vfs-extra';
import type { VirtualFS } from 'almostnode';
import { trackThread } from './thread-liveness';
import type { NodeInvocation } from '../command-line';
import type { PortTable } from '../node/ports';
import { InputChannel, type CommandIO } from '../process';
import type { ServerOwner, ServerTracker } from '../servers';
import { frameCodeStore } from './frame-code-store';
import { answerSync } from './frame-sync';
import { frameWasmModules } from './wasm-modules';
import { workerPorts } from './frame-ports';
import { frameTunnels } from './frame-tunnels';
import { frameThreads, TERMINATE } from './frame-threads';
import { workerMessageSchema, type FrameToWorker, type ThreadInit, type WorkerMessage } from './protocol';
import { createChannelBuffer, SyncAnswerer } from './sync-channel';
import { frameTerminal } from './worker-terminal';
import { SpareWorkers } from './spare-workers';

const STOP_GRACE_MS = 1000;

interface WorkerProcessDeps {
  vfs: VirtualFS;
  ports: PortTable;
  servers: ServerTracker;
  runArgv(words: readonly string[], io: CommandIO): Promise<number>;
  runLine(line: string, io: CommandIO): Promise<number>;
  toBuffer(bytes: Uint8Array): Uint8Array;
}

/** Whether this page can run node processes in workers: it needs SharedArrayBuffer, so cross-origin isolation. */
export function nodeWorkersAvailable(): boolean {
  return typeof Worker !== 'undefined' && typeof SharedArrayBuffer !== 'undefined' && globalThis.crossOriginIsolated === true;
}

function describe(invocation: NodeInvocation): string {
  if (invocation.kind === 'eval') return `node ${invocation.print ? '-p' : '-e'} ${JSON.stringify(invocation.code)}`;
  if (invocation.kind === 'file') return ['node', invocation.path, ...invocation.args].join(' ');
  return 'node';
}

function startWorker(): Worker {
  return new Worker(new URL('./node-worker.ts', import.meta.url), { type: 'module', name: 'node' });
}

/** The workers loaded ahead of each file system's next processes and threads. */
const spares = new WeakMap<VirtualFS, SpareWorkers<Worker>>();

function sparesOf(vfs: VirtualFS): SpareWorkers<Worker> {
  let pool = spares.get(vfs);
  if (!pool) {
    pool = new SpareWorkers({ start: startWorker, stop: (worker) => worker.terminate() });
    spares.set(vfs, pool);
  }
  return pool;
}

/** Loads workers for the next node processes of `vfs` from `delayMs` on: at least `expected`, what they will take at once. */
export function prepareNodeWorkers(vfs: VirtualFS, expected = 1, delayMs = 0): void {
  if (nodeWorkersAvailable()) sparesOf(vfs).prepare(expected, delayMs);
}

/** Ends the workers kept loaded for `vfs`: its runtime is going away. */
export function disposeNodeWorkers(vfs: VirtualFS): void {
  spares.get(vfs)?.dispose();
  spares.delete(vfs);
}

export function runNodeInWorker(invocation: NodeInvocation, io: CommandIO, deps: WorkerProcessDeps, thread?: ThreadInit): Promise<number> {
  // The process's fs calls the positional reads and writes, modes and times that extendVfs adds.
  extendVfs(deps.vfs);
  const worker = sparesOf(deps.vfs).take();
  const channel = createChannelBuffer();
  const answerer = new SyncAnswerer(channel);
  const send = (message: FrameToWorker) => worker.postMessage(message);
  const owner: ServerOwner = { pid: io.pid, serverOpened: () => undefined, serverClosed: () => undefined };
  const tunnels = frameTunnels(send);
  const ports = workerPorts({ ports: deps.ports, servers: deps.servers, owner, send, toBuffer: deps.toBuffer, tunnels });
  const children = new Map<number, { stdin: InputChannel; controller: AbortController }>();
  const watches = new Map<number, { close(): void }>();
  const syncControllers = new Set<AbortController>();
  const codeStore = frameCodeStore(deps.vfs);
  // Names this process in the code store: the builds it promised are freed when it ends.
  const claimant = {};
  const terminal = frameTerminal(io, send);
  const threads = frameThreads(io, send, (threadInvocation, threadIo, init) => runNodeInWorker(threadInvocation, threadIo, deps, init));

  return new Promise<number>((resolve) => {
    let finished = false;
    // Probed for the status bar, which can stop a thread that no longer answers (SIGKILL's exit code).
    const liveness = trackThread(
      describe(invocation),
      () => send({ type: 'ping' }),
      () => {
        (io.writeError ?? io.write).call(io, `\nStopped ${describe(invocation)} from the status bar: it was not responding.\n`);
        finish(137);
      },
    );
    const finish = (code: number, unread = '') => {
      if (finished) return;
      finished = true;
      liveness.untrack();
      worker.terminate();
      spares.get(deps.vfs)?.released();
      codeStore.releaseAll(claimant);
      ports.dispose();
      terminal.dispose();
      threads.dispose();
      for (const child of children.values()) child.controller.abort('SIGTERM');
      for (const controller of syncControllers) controller.abort('SIGTERM');
      for (const watch of watches.values()) watch.close();
      stopInput();
      // Input goes to the worker as it is typed; what the program left unread is the shell's again, as with a pty.
      io.stdin.giveBack(unread);
      io.signal.removeEventListener('abort', onAbort);
      resolve(code);
    };
    const stopInput = io.stdin.subscribeChunks(
      (data) => send({ type: 'stdin', data }),
      () => send({ type: 'stdin-end' }),
    );
    const onAbort = () => {
      // worker.terminate() stops a thread at once, whatever it is doing.
      if (io.signal.reason === TERMINATE) return finish(1);
      send({ type: 'signal', signal: 'SIGINT' });
      setTimeout(() => {
        if (finished) return;
        (io.writeError ?? io.write).call(io, `\nStopped ${describe(invocation)}: it was still running ${STOP_GRACE_MS / 1000} s after SIGINT.\n`);
        finish(130);
      }, STOP_GRACE_MS);
    };
    if (io.signal.aborted) onAbort();
    else io.signal.addEventListener('abort', onAbort, { once: true });

    const spawn = (message: Extract<WorkerMessage, { type: 'spawn' }>) => {
      const stdin = new InputChannel();
      const controller = new AbortController();
      children.set(message.cid, { stdin, controller });
      const childIo: CommandIO = {
        cwd: message.cwd,
        env: message.env,
        signal: controller.signal,
        stdin,
        write: (data) => send({ type: 'child-output', cid: message.cid, stream: 'stdout', data }),
        writeBytes: message.takesBytes ? (data) => send({ type: 'child-output', cid: message.cid, stream: 'stdout', data }) : undefined,
        writeError: (data) => send({ type: 'child-output', cid: message.cid, stream: 'stderr', data }),
        ipc: message.ipc,
      };
      const run = 'argv' in message.command ? deps.runArgv(message.command.argv, childIo) : deps.runLine(message.command.line, childIo);
      void run
        .then(
          (code) => code,
          () => 1,
        )
        .then((code) => {
          children.delete(message.cid);
          if (!finished) send({ type: 'child-exit', cid: message.cid, code });
        });
    };

    const handle = (message: WorkerMessage) => {
      switch (message.type) {
        case 'sync-call':
          answerSync(message.body, {
            vfs: deps.vfs,
            ports,
            runArgv: deps.runArgv,
            runLine: deps.runLine,
            controllers: syncControllers,
            code: codeStore,
            caller: claimant,
          }).then((bytes) => {
            if (!finished) answerer.answer(message.id, bytes);
          });
          return;
        case 'sync-more':
          return answerer.more(message.id);
        case 'code-put':
          return codeStore.put(message.key, message.recipe);
        case 'code-release':
          return codeStore.release(message.key, claimant);
        case 'wasm-module':
          return frameWasmModules(deps.vfs).add(message.key, message.bytes, message.module);
        case 'stdout':
          return typeof message.data === 'string' ? io.write(message.data) : io.writeBytes?.(message.data);
        case 'stderr':
          return (io.writeError ?? io.write).call(io, message.data);
        case 'exit':
          return finish(message.code, message.unread);
        case 'port-close':
          return ports.closed(message.port);
        case 'response-head':
          return ports.head(message.rid, message.head);
        case 'response-chunk':
          return ports.chunk(message.rid, message.bytes);
        case 'response-end':
          return ports.end(message.rid);
        case 'response-abort':
          return ports.abort(message.rid, message.message);
        case 'spawn':
          return spawn(message);
        case 'client-request':
          return ports.serveClient(message.qid, message.port, message.exchange);
        case 'child-input':
          return children.get(message.cid)?.stdin.push(message.data);
        case 'child-input-end':
          return children.get(message.cid)?.stdin.end();
        case 'child-kill':
          return children.get(message.cid)?.controller.abort(message.signal);
        case 'watch': {
          const watcher = deps.vfs.watch(message.path, { recursive: message.recursive }, (eventType, filename) =>
            send({ type: 'watch-event', wid: message.wid, eventType, filename }),
          );
          watches.set(message.wid, watcher);
          return;
        }
        case 'unwatch':
          watches.get(message.wid)?.close();
          watches.delete(message.wid);
          return;
        case 'set-raw':
        case 'sigint-listening':
          return terminal.receive(message);
        case 'thread-start':
          return threads.start(message);
        case 'thread-stop':
          return threads.stop(message.tid);
        case 'tunnel-data':
          return tunnels.data(message.sid, message.bytes);
        case 'tunnel-end':
          return tunnels.ended(message.sid);
        case 'pong':
          return liveness.pong();
      }
    };

    worker.onmessage = (event: MessageEvent) => {
      const parsed = workerMessageSchema.safeParse(event.data);
      if (parsed.success) handle(parsed.data);
      else console.warn('[runtime frame] refused a malformed message from a node process:', parsed.error.issues[0]?.message);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      (io.writeError ?? io.write).call(io, `node: the process's thread failed: ${event.message || 'it could not start'}\n`);
      finish(1);
    };
    const init: FrameToWorker = {
      type: 'init',
      channel,
      invocation,
      cwd: io.cwd,
      env: io.env,
      stdoutIsTerminal: io.stdoutIsTerminal ?? true,
      stdoutTakesBytes: io.writeBytes !== undefined,
      terminal: terminal.init,
      thread,
      ipc: io.ipc,
      wasm: frameWasmModules(deps.vfs).entries(),
    };
    worker.postMessage(init, [...(thread ? [thread.port] : []), ...(io.ipc ? [io.ipc.port] : [])]);
  });
}
