/**
 * The messages between the runtime frame and a node process's worker. The worker runs the user's code, so what
 * it sends is validated here before the frame acts on it; what the frame sends is typed, not parsed. Types are
 * derived from the schemas.
 */
import { z } from 'zod';
import type { NodeInvocation } from '../command-line';
import type { IpcLink } from '../node/ipc-channel';
import type { Exchange, ResponseHead } from '../node/ports';
import type { TerminalInit, TerminalToWorker } from './worker-terminal';
import type { Chunk } from '../process';

const bytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'expected bytes');
const id = z.number().int().nonnegative();
const port = z.number().int().min(0).max(65535);
const env = z.record(z.string(), z.string());
const text = z.string();
/** What a pipe carries: text, or the bytes a program wrote (process.ts's Chunk). */
const chunk = z.union([z.string(), bytes]);
const head = z.object({
  statusCode: z.number().int(),
  statusMessage: z.string(),
  headers: z.record(z.string(), z.string()),
  rawHeaders: z.array(z.string()).optional(),
});

/** A child process's command: argv as given, or a command line for the shell. */
const command = z.union([z.object({ argv: z.array(z.string()).min(1) }), z.object({ line: z.string() })]);

const messagePort = z.custom<MessagePort>((value) => typeof MessagePort !== 'undefined' && value instanceof MessagePort, 'expected a MessagePort');

/** A forked child's end of its IPC channel, passed on to the child's own worker. */
const ipcLinkSchema = z.object({ port: messagePort, serialization: z.enum(['json', 'advanced']) });

/** What the threads of one process share: a counter for their ids, and a name that scopes BroadcastChannels. */
const threadFamilySchema = z.object({
  ids: z.custom<SharedArrayBuffer>((value) => typeof SharedArrayBuffer !== 'undefined' && value instanceof SharedArrayBuffer, 'expected a SharedArrayBuffer'),
  name: z.string(),
});
export type ThreadFamily = z.infer<typeof threadFamilySchema>;

/** A worker_threads thread's side of its Worker object: the port parentPort wraps, and what it was given. */
export interface ThreadInit {
  port: MessagePort;
  threadId: number;
  workerData: unknown;
  family: ThreadFamily;
}

/** A shared compile's key (kind, file name, content hash) and its recipe (compile.ts's CodeRecipe). */
const codeKey = z.string().max(8192);
const codeRecipeSchema = z.discriminatedUnion('format', [
  z.object({ format: z.literal('cjs'), source: z.string() }),
  z.object({
    format: z.literal('esm'),
    source: z.string(),
    requests: z.array(z.string()),
    starExports: z.array(z.number().int().nonnegative()),
    importedNames: z.array(z.array(z.string())),
    topLevelAwait: z.boolean(),
  }),
]);

export const syncBodySchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('vfs'), method: z.string().regex(/^[a-z][A-Za-z]*Sync$/), args: z.array(z.unknown()).max(8) }),
  z.object({ op: z.literal('spawn-sync'), command, cwd: z.string(), env, input: z.string().optional(), timeout: z.number().optional() }),
  z.object({ op: z.literal('port-bind'), port }),
  z.object({ op: z.literal('port-listening'), port }),
  z.object({ op: z.literal('code-get'), key: codeKey }),
]);
export type SyncBody = z.infer<typeof syncBodySchema>;

export const workerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('sync-call'), id, body: z.unknown() }),
  z.object({ type: z.literal('sync-more'), id }),
  z.object({ type: z.literal('code-put'), key: codeKey, recipe: codeRecipeSchema }),
  z.object({ type: z.literal('code-release'), key: codeKey }),
  // A WebAssembly module the process compiled, for the frame to give later processes (wasm-modules.ts).
  z.object({
    type: z.literal('wasm-module'),
    key: z.string().max(64),
    bytes: z.number().int().positive(),
    module: z.custom<WebAssembly.Module>((value) => typeof WebAssembly !== 'undefined' && value instanceof WebAssembly.Module, 'expected a WebAssembly.Module'),
  }),
  z.object({ type: z.literal('stdout'), data: chunk }),
  z.object({ type: z.literal('stderr'), data: text }),
  // `unread`: terminal input the program never read, handed back to the shell as typeahead.
  z.object({ type: z.literal('exit'), code: z.number().int(), unread: z.string().optional() }),
  z.object({ type: z.literal('port-close'), port }),
  z.object({ type: z.literal('response-head'), rid: id, head }),
  z.object({ type: z.literal('response-chunk'), rid: id, bytes }),
  z.object({ type: z.literal('response-end'), rid: id }),
  z.object({ type: z.literal('response-abort'), rid: id, message: text }),
  // `takesBytes`: the parent reads the child's stdout as bytes (a pipe), so they need not be decoded.
  z.object({ type: z.literal('spawn'), cid: id, command, cwd: z.string(), env, ipc: ipcLinkSchema.optional(), takesBytes: z.boolean().optional() }),
  z.object({
    type: z.literal('client-request'),
    qid: id,
    port,
    exchange: z.object({
      method: z.string(),
      url: z.string(),
      headers: z.record(z.string(), z.union([z.string(), z.array(z.string()), z.undefined()])),
      body: bytes.optional(),
    }),
  }),
  z.object({ type: z.literal('child-input'), cid: id, data: chunk }),
  z.object({ type: z.literal('child-input-end'), cid: id }),
  z.object({ type: z.literal('child-kill'), cid: id, signal: z.string() }),
  z.object({ type: z.literal('watch'), wid: id, path: z.string(), recursive: z.boolean() }),
  z.object({ type: z.literal('unwatch'), wid: id }),
  z.object({ type: z.literal('set-raw'), raw: z.boolean() }),
  z.object({ type: z.literal('sigint-listening'), listening: z.boolean() }),
  z.object({
    type: z.literal('thread-start'),
    tid: id,
    port: messagePort,
    family: threadFamilySchema,
    invocation: z.union([
      z.object({ kind: z.literal('file'), path: z.string(), args: z.array(z.string()) }),
      z.object({ kind: z.literal('eval'), code: z.string(), print: z.literal(false), args: z.array(z.string()) }),
    ]),
    cwd: z.string(),
    env,
    workerData: z.unknown(),
  }),
  z.object({ type: z.literal('thread-stop'), tid: id }),
  z.object({ type: z.literal('tunnel-data'), sid: id, bytes }),
  z.object({ type: z.literal('tunnel-end'), sid: id }),
  // The answer to a ping: the thread's event loop is turning.
  z.object({ type: z.literal('pong') }),
]);
export type WorkerMessage = z.infer<typeof workerMessageSchema>;

export interface WorkerInit {
  type: 'init';
  channel: SharedArrayBuffer;
  invocation: NodeInvocation;
  cwd: string;
  env: Record<string, string>;
  /** Whether the process's output is a terminal (process.stdout.isTTY). */
  stdoutIsTerminal: boolean;
  /** Whether what reads the process's stdout takes bytes (CommandIO.writeBytes): else the worker decodes them. */
  stdoutTakesBytes?: boolean;
  /** The terminal the process runs in, if any (its streams are TTYs there). */
  terminal?: TerminalInit;
  /** Set when the process is a worker_threads thread of another. */
  thread?: ThreadInit;
  /** Set when the process was forked: its end of the IPC channel with its parent. */
  ipc?: IpcLink;
  /** WebAssembly modules other processes compiled, by the key of their bytes (wasm-modules.ts). */
  wasm?: [string, WebAssembly.Module][];
}

export type FrameToWorker =
  | WorkerInit
  | { type: 'stdin'; data: Chunk }
  | { type: 'stdin-end' }
  | { type: 'signal'; signal: 'SIGINT' | 'SIGTERM' }
  | { type: 'request'; rid: number; port: number; exchange: Exchange }
  | { type: 'close-port'; port: number }
  | { type: 'client-head'; qid: number; head: ResponseHead }
  | { type: 'client-chunk'; qid: number; bytes: Uint8Array }
  | { type: 'client-end'; qid: number }
  | { type: 'client-abort'; qid: number; message: string; code?: string }
  | { type: 'child-output'; cid: number; stream: 'stdout' | 'stderr'; data: Chunk }
  | { type: 'child-exit'; cid: number; code: number }
  | { type: 'watch-event'; wid: number; eventType: string; filename: string | null }
  | { type: 'thread-exit'; tid: number; code: number }
  // A connection of bytes from the frame (a preview page's WebSocket) to a server of the process.
  | { type: 'tunnel-open'; sid: number; port: number }
  | { type: 'tunnel-data'; sid: number; bytes: Uint8Array }
  | { type: 'tunnel-end'; sid: number }
  // Answered with a pong as soon as the program yields (see thread-liveness.ts).
  | { type: 'ping' }
  | TerminalToWorker;
