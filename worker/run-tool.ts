/**
 * One tool call, from untrusted wire arguments to a result value: validate with the tool's input schema,
 * run the handler under the call's time limit, check the result against the output schema. Never throws.
 */
import { isToolName, toolInputSchemas, toolOutputSchemas, type ToolName } from '@/lib/agent/tool-schemas';
import { toToolError, type ToolErrorValue } from './errors';
import { executorBackstopGraceMs } from '@/lib/agent/tool-timeouts';
import type { ToolContext, ToolHandlers } from './tools/context';

export type ToolCallResult = { content: unknown; error?: undefined } | { content?: undefined; error: ToolErrorValue };


function invalid(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }, name: string): ToolErrorValue {
  const details = error.issues.map((issue) => `${issue.path.length ? issue.path.map(String).join('.') : 'arguments'}: ${issue.message}`);
  return { name: 'InvalidArguments', message: `Invalid arguments for ${name}: ${details.join('; ')}` };
}

async function withBackstop<T>(work: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`${name} did not finish within ${Math.round(ms / 1000)} s`), { name: 'Timeout' })), ms);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

async function runKnown<N extends ToolName>(name: N, args: unknown, ctx: ToolContext, handlers: ToolHandlers): Promise<ToolCallResult> {
  const parsed = toolInputSchemas[name].safeParse(args);
  if (!parsed.success) return { error: invalid(parsed.error, name) };
  const handler = handlers[name] as (input: unknown, context: ToolContext) => Promise<unknown>;
  let content: unknown;
  try {
    content = await withBackstop(handler(parsed.data, ctx), ctx.timeoutMs + executorBackstopGraceMs(name), name);
  } catch (error) {
    const value = toToolError(error);
    return { error: error instanceof Error && error.name === 'Timeout' ? { name: 'Timeout', message: error.message } : value };
  }
  // What the agent is told it did must survive a reload right after: commit the store's queued writes
  // (files the tool changed, seen through the runtime's watch) before answering. flush() never rejects.
  await ctx.store.flush();
  const checked = toolOutputSchemas[name].safeParse(content);
  if (!checked.success) return { error: { name: 'InternalError', message: `${name} produced a malformed result: ${checked.error.message}` } };
  return { content: checked.data };
}

export function runTool(name: string, args: unknown, ctx: ToolContext, handlers: ToolHandlers): Promise<ToolCallResult> {
  if (!isToolName(name)) {
    return Promise.resolve({ error: { name: 'UnknownTool', message: `There is no tool named "${name}".` } });
  }
  return runKnown(name, args, ctx, handlers);
}
