/**
 * The one protocol between the IDE and the runtime frame (the page on another site that runs the user's code).
 * The frame is untrusted: everything it sends is validated here before the IDE acts on it, and the IDE's
 * requests are validated by the frame the same way. Types are derived from the schemas, never written twice.
 *
 * Handshake (window.postMessage, origin and source checked on both ends): the frame posts FRAME_READY (or
 * FRAME_FAILED) to its parent; the IDE answers CONNECT with a MessagePort; every later message goes over that
 * port as a RequestEnvelope (IDE → frame) or a FrameMessage (frame → IDE); the frame's own calls to the IDE
 * (FrameCall, inside a FrameMessage) are answered with an AnswerEnvelope.
 */
import { z } from 'zod';
import { gitHttpRequestSchema } from '@/lib/git/http-exchange';

export const FRAME_READY = 'tabsmith:runtime-frame-ready';
export const FRAME_FAILED = 'tabsmith:runtime-frame-failed';
export const CONNECT = 'tabsmith:runtime-connect';

/**
 * The frame page's path on the runtime site. Its `?ticket=` is what the IDE's server issued for that host and
 * that IDE (the page boots nothing without it); the frame learns its IDE from the embedding, never from its URL.
 */
export const RUNTIME_FRAME_PATH = '/runtime-frame';
export const TICKET_PARAM = 'ticket';

/** The IDE's server route that issues tickets (POST { origin } → { ticket }). */
export const TICKET_ROUTE = '/api/runtime-ticket';
export const ticketResponseSchema = z.object({ ticket: z.string().min(1).max(400) });

export const frameHelloSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal(FRAME_READY) }),
  z.object({ type: z.literal(FRAME_FAILED), message: z.string().max(4000) }),
]);

export const connectSchema = z.object({ type: z.literal(CONNECT) });

const path = z.string().max(4096);
const pid = z.number().int().nonnegative();
const bytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'expected bytes');
const fileData = z.union([z.string(), bytes]);
const terminalSize = z.object({ cols: z.number().int().positive().max(2000), rows: z.number().int().positive().max(2000) });
const spawnOptions = z.object({
  cwd: path.optional(),
  env: z.record(z.string(), z.string()).optional(),
  terminal: terminalSize.optional(),
  history: z.array(z.string().max(10_000)).max(1000).readonly().optional(),
});

const requestSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('ping') }),
  z.object({ op: z.literal('fs.readFile'), path }),
  z.object({ op: z.literal('fs.writeFile'), path, data: fileData }),
  z.object({ op: z.literal('fs.writeFiles'), files: z.array(z.object({ path, data: fileData })).max(100_000) }),
  z.object({ op: z.literal('fs.mkdir'), path }),
  z.object({ op: z.literal('fs.readdir'), path }),
  z.object({ op: z.literal('fs.rm'), path }),
  z.object({ op: z.literal('fs.rename'), from: path, to: path }),
  z.object({ op: z.literal('fs.exists'), path }),
  z.object({ op: z.literal('fs.watch'), watchId: z.number().int(), path, ignoreNodeModules: z.boolean().optional() }),
  z.object({ op: z.literal('fs.unwatch'), watchId: z.number().int() }),
  z.object({ op: z.literal('spawn'), command: z.string().max(100_000), args: z.array(z.string().max(100_000)).max(1000), options: spawnOptions }),
  z.object({ op: z.literal('shell'), options: spawnOptions }),
  z.object({ op: z.literal('proc.write'), pid, data: z.string().max(1_000_000) }),
  z.object({ op: z.literal('proc.kill'), pid }),
  z.object({ op: z.literal('proc.resize'), pid, size: terminalSize }),
  z.object({ op: z.literal('killAll') }),
  z.object({ op: z.literal('export'), path: path.optional() }),
  z.object({ op: z.literal('resources') }),
  z.object({ op: z.literal('thread.stop'), id: z.number().int().nonnegative() }),
]);
export type RuntimeRequest = z.infer<typeof requestSchema>;
export type RuntimeOp = RuntimeRequest['op'];

export const requestEnvelopeSchema = z.object({ id: z.number().int().nonnegative(), request: requestSchema });

const dirEntry = z.object({ name: z.string().max(4096), type: z.enum(['file', 'directory']) });
const started = z.object({ pid, command: z.string().max(100_000) });

/** What each request answers with; checked on the IDE side before the value reaches a caller. */
export const resultSchemas = {
  ping: z.null(),
  'fs.readFile': bytes,
  'fs.writeFile': z.null(),
  'fs.writeFiles': z.null(),
  'fs.mkdir': z.null(),
  'fs.readdir': z.array(dirEntry).max(1_000_000),
  'fs.rm': z.null(),
  'fs.rename': z.null(),
  'fs.exists': z.boolean(),
  'fs.watch': z.null(),
  'fs.unwatch': z.null(),
  spawn: started,
  shell: started,
  'proc.write': z.null(),
  'proc.kill': z.null(),
  'proc.resize': z.null(),
  killAll: z.null(),
  export: z.record(z.string().max(4096), bytes),
  // null: the runtime in the frame cannot tell.
  resources: z
    .object({
      heapUsedBytes: z.number().nonnegative().nullable(),
      heapLimitBytes: z.number().nonnegative().nullable(),
      threads: z
        .array(z.object({ id: z.number().int().nonnegative(), command: z.string().max(2000), busy: z.boolean(), busyForMs: z.number().nonnegative() }))
        .max(500),
    })
    .nullable(),
  'thread.stop': z.null(),
} satisfies Record<RuntimeOp, z.ZodType>;
export type RuntimeResult<Op extends RuntimeOp> = z.infer<(typeof resultSchemas)[Op]>;

const previewErrorSchema = z.object({
  message: z.string().max(8000),
  stack: z.string().max(16_000).optional(),
  source: z.string().max(4096).optional(),
  at: z.number(),
  overlay: z.boolean().optional(),
});

const frameEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('process-start'), pid, command: z.string().max(100_000), inShell: z.boolean() }),
  z.object({ type: z.literal('output'), pid, data: z.string().max(4_000_000) }),
  z.object({ type: z.literal('exit'), pid, code: z.number().int() }),
  z.object({ type: z.literal('fs'), watchId: z.number().int(), event: z.object({ type: z.enum(['change', 'rename']), path }) }),
  // `pid`: the process that opened it, when the frame can tell; the IDE opens previews only for its own processes.
  z.object({ type: z.literal('port'), port: z.number().int().min(1).max(65535), open: z.boolean(), pid: pid.optional() }),
  z.object({ type: z.literal('preview-error'), error: previewErrorSchema }),
  z.object({ type: z.literal('process-exit'), exit: z.object({ id: pid, command: z.string().max(100_000), exitCode: z.number().int() }) }),
]);
export type FrameEvent = z.infer<typeof frameEventSchema>;

/**
 * What the frame asks of the IDE (the other direction from RuntimeRequest): work that needs what only the IDE
 * holds. The IDE answers each with an AnswerEnvelope.
 */
const frameCallSchema = z.discriminatedUnion('op', [z.object({ op: z.literal('git.http'), request: gitHttpRequestSchema })]);
export type FrameCall = z.infer<typeof frameCallSchema>;

export const answerEnvelopeSchema = z.union([
  z.object({ kind: z.literal('answer'), id: z.number().int().nonnegative(), ok: z.literal(true), value: z.unknown() }),
  z.object({ kind: z.literal('answer'), id: z.number().int().nonnegative(), ok: z.literal(false), message: z.string().max(8000) }),
]);
export type AnswerEnvelope = z.infer<typeof answerEnvelopeSchema>;

export const frameMessageSchema = z.union([
  z.object({ kind: z.literal('call'), id: z.number().int().nonnegative(), call: frameCallSchema }),
  z.object({ kind: z.literal('response'), id: z.number().int(), ok: z.literal(true), value: z.unknown() }),
  z.object({
    kind: z.literal('response'),
    id: z.number().int(),
    ok: z.literal(false),
    error: z.object({ code: z.string().max(100).optional(), message: z.string().max(8000) }),
  }),
  z.object({ kind: z.literal('event'), event: frameEventSchema }),
]);
export type FrameMessage = z.infer<typeof frameMessageSchema>;
