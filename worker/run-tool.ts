/**
 * One tool call, from untrusted wire arguments to a result value: validate with the tool's input schema,
 * run the handler with an AbortSignal that fires at the call's limit or on Stop, check the result against the
 * output schema. Never throws. A handler that does not stop within STOP_GRACE_MS of the abort is answered for,
 * and the answer says it may still be running.
 */
import { isToolName, TOOL_NAMES, toolInputSchemas, toolOutputSchemas, type ToolName } from '@/lib/agent/tool-schemas';
import { schemaMismatch } from '@/lib/agent/tool-call-errors';
import { STOP_GRACE_MS } from '@/lib/agent/tool-timeouts';
import { aborted, isTimeout } from './process-runner';
import { toToolError, type ToolErrorValue } from './errors';
import type { ToolContext, ToolHandlers } from './tools/context';

export type ToolCallResult = { content: unknown; error?: undefined } | { content?: undefined; error: ToolErrorValue };

/** What the handler gets besides the signal, which runTool makes from the limit and the Stop signal. */
type ToolCallContext = Omit<ToolContext, 'signal'> & { stopSignal?: AbortSignal };

function invalid(error: { issues: readonly { path: readonly PropertyKey[]; message: string; code?: string }[] }): ToolErrorValue {
  return { name: 'InvalidArguments', message: schemaMismatch(error.issues) };
}

const duration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

function stopped(name: string, signal: AbortSignal, timeoutMs: number, stillRunning: boolean): ToolErrorValue {
  const tail = stillRunning ? ` It did not stop within ${STOP_GRACE_MS / 1000} s of that and may still be running.` : ' It has stopped.';
  return isTimeout(signal)
    ? { name: 'Timeout', message: `${name} was stopped at its time limit (${duration(timeoutMs)}).${tail}` }
    : { name: 'Cancelled', message: `${name} was stopped by the user.${tail}` };
}

const NOT_DONE = Symbol('not done');

async function runKnown<N extends ToolName>(name: N, args: unknown, call: ToolCallContext, handlers: ToolHandlers): Promise<ToolCallResult> {
  const parsed = toolInputSchemas[name].safeParse(args);
  if (!parsed.success) return { error: invalid(parsed.error) };
  const { stopSignal, ...rest } = call;
  const limit = AbortSignal.timeout(call.timeoutMs);
  const signal = stopSignal ? AbortSignal.any([limit, stopSignal]) : limit;
  const ctx: ToolContext = { ...rest, signal };
  const handler = handlers[name] as (input: unknown, context: ToolContext) => Promise<unknown>;
  let content: unknown;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = aborted(signal).then(() => new Promise<typeof NOT_DONE>((resolve) => (timer = setTimeout(() => resolve(NOT_DONE), STOP_GRACE_MS))));
  try {
    content = await Promise.race([handler(parsed.data, ctx), gaveUp]);
  } catch (error) {
    // A handler that gave up because of the signal (fs loops throw its reason) has stopped: say why.
    return { error: signal.aborted ? stopped(name, signal, call.timeoutMs, false) : toToolError(error) };
  } finally {
    clearTimeout(timer);
  }
  if (content === NOT_DONE) return { error: stopped(name, signal, call.timeoutMs, true) };
  // What the agent is told it did must survive a reload right after: commit the store's queued writes
  // (files the tool changed, seen through the runtime's watch) before answering. flush() never rejects.
  await ctx.store.flush();
  const checked = toolOutputSchemas[name].safeParse(content);
  if (!checked.success) return { error: { name: 'InternalError', message: `${name} produced a malformed result: ${checked.error.message}` } };
  return { content: checked.data };
}

export function runTool(name: string, args: unknown, ctx: ToolCallContext, handlers: ToolHandlers): Promise<ToolCallResult> {
  if (!isToolName(name)) {
    return Promise.resolve({ error: { name: 'UnknownTool', message: `unknown tool ${name}; available: ${TOOL_NAMES.join(', ')}` } });
  }
  return runKnown(name, args, ctx, handlers);
}
