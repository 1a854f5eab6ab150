/**
 * The executor protocol over a BroadcastChannel. BroadcastChannel reaches every tab of the
 * origin, so the channel name carries this tab's id and every message is matched by request id. A first
 * message can be lost right after the executor starts (measured in Chromium), hence READY/HELLO: the client re-sends
 * HELLO until the executor answers READY, and only then sends calls.
 */
import { z } from 'zod';

const EXECUTOR_CHANNEL_PREFIX = 'tabsmith-executor:';
export const channelName = (tabId: string) => `${EXECUTOR_CHANNEL_PREFIX}${tabId}`;

/** Per-call timeout unless the call says otherwise (run_sh timeoutMs); a timed-out process is killed. */
export const DEFAULT_TOOL_TIMEOUT_MS = 30_000;

const helloMessageSchema = z.object({ type: z.literal('HELLO'), clientId: z.string() });
const readyMessageSchema = z.object({ type: z.literal('READY'), clientId: z.string() });

const executeToolMessageSchema = z.object({
  type: z.literal('EXECUTE_TOOL'),
  payload: z.object({
    requestId: z.string(),
    toolCallId: z.string(),
    name: z.string(),
    args: z.unknown(),
    /** The call's time limit (see tool-timeouts.ts); past it the executor kills what the call started. */
    timeoutMs: z.number().int().positive().optional(),
  }),
});

const toolResultMessageSchema = z.object({
  type: z.literal('TOOL_RESULT'),
  payload: z.object({
    requestId: z.string(),
    role: z.literal('tool'),
    tool_call_id: z.string(),
    /** The tool's structured output (its output schema); absent when `error` is set. */
    content: z.unknown().optional(),
    error: z.object({ name: z.string(), message: z.string() }).optional(),
  }),
});

/** Stop: the executor kills every process the agent started (background servers included). */
const cancelMessageSchema = z.object({ type: z.literal('CANCEL_ALL') });

export const executorMessageSchema = z.discriminatedUnion('type', [
  helloMessageSchema,
  readyMessageSchema,
  executeToolMessageSchema,
  toolResultMessageSchema,
  cancelMessageSchema,
]);
export type ExecuteToolMessage = z.infer<typeof executeToolMessageSchema>;
export type ToolResultMessage = z.infer<typeof toolResultMessageSchema>;
