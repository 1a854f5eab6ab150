/**
 * Reading tool parts of the chat's messages: which tool, its display state, a one-line summary of the
 * arguments, and whether a command failed (for Auto-fix). Pure functions, so rendering stays declarative.
 */
import { getToolName, isToolUIPart } from 'ai';
import type { IdeUIMessage } from '@/lib/agent/messages';
import { isRejectionText } from '@/lib/agent/tool-call-errors';
import { isToolName, type ToolName } from '@/lib/agent/tool-schemas';

type IdePart = IdeUIMessage['parts'][number];
/**
 * A tool call's part: `tool-<name>` for the declared tools, `dynamic-tool` for calls the route rejected before
 * they ran (an unknown name, arguments that are not JSON); both get a card.
 */
export type IdeToolPart = Extract<IdePart, { type: `tool-${string}` | 'dynamic-tool' }>;

export function isIdeToolPart(part: IdePart): part is IdeToolPart {
  return isToolUIPart(part);
}

/** The name the model used, declared or not. */
export function calledName(part: IdeToolPart): string {
  return getToolName(part);
}

export function toolNameOf(part: IdeToolPart): ToolName | null {
  const name = getToolName(part);
  return isToolName(name) ? name : null;
}

type DisplayState = 'pending' | 'waiting for approval' | 'denied' | 'running' | 'done' | 'error' | 'rejected';

/** The reason a call was refused before it ran (unknown tool, bad JSON, schema), or null. */
export function rejectionOf(part: IdeToolPart): string | null {
  return part.state === 'output-error' && isRejectionText(part.errorText) ? part.errorText : null;
}

/**
 * input-streaming: the model is still writing the arguments (pending); input-available: the tab is running
 * it; output-available is done unless the tool itself reported an error.
 */
export function displayState(part: IdeToolPart): DisplayState {
  switch (part.state) {
    case 'input-streaming':
      return 'pending';
    case 'approval-requested':
      return 'waiting for approval';
    case 'approval-responded':
      return part.approval.approved ? 'running' : 'denied';
    case 'output-denied':
      return 'denied';
    case 'input-available':
      return 'running';
    case 'output-available':
      return outputFailed(part.output) ? 'error' : 'done';
    case 'output-error':
      return rejectionOf(part) === null ? 'error' : 'rejected';
    default:
      return 'error';
  }
}

/** A structured `{ error }` result or a command's `ok: false`. */
export function outputFailed(output: unknown): boolean {
  if (typeof output !== 'object' || output === null) return false;
  const record = output as Record<string, unknown>;
  return 'error' in record || record.ok === false;
}

export function outputError(output: unknown): { name: string; message: string } | null {
  if (typeof output !== 'object' || output === null || !('error' in output)) return null;
  const error = (output as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return null;
  const { name, message } = error as Record<string, unknown>;
  return { name: typeof name === 'string' ? name : 'Error', message: typeof message === 'string' ? message : String(message) };
}

/** The arguments in a few words: the path, the command, the packages… */
export function argsSummary(name: ToolName | null, input: unknown): string {
  if (typeof input !== 'object' || input === null) return '';
  const args = input as Record<string, unknown>;
  const str = (value: unknown) => (typeof value === 'string' ? value : '');
  switch (name) {
    case 'fs_writeFile':
    case 'fs_readFile':
    case 'fs_editFile':
    case 'fs_deletePath':
      return str(args.path);
    case 'fs_search':
      return `${str(args.query)}${Array.isArray(args.include) ? ` in ${args.include.join(', ')}` : ''}`;
    case 'fs_glob':
      return str(args.pattern);
    case 'preview_logs':
      return args.errorsOnly === true ? 'errors only' : '';
    case 'fs_listFiles':
      return `${str(args.dir) || '/'}${args.recursive === true ? ' (recursive)' : ''}`;
    case 'fs_movePath':
      return `${str(args.from)} → ${str(args.to)}`;
    case 'install_npm':
      return `${Array.isArray(args.packages) ? args.packages.join(' ') : ''}${args.dev === true ? ' (dev)' : ''}`;
    case 'run_sh':
      return `${str(args.cmd)}${args.background === true ? ' (background)' : ''}`;
    case 'test_run':
      return str(args.testFile) || 'all tests';
    case 'plan_create':
      return str(args.goal);
    case 'preview_check':
      return str(args.instructions);
    default:
      return '';
  }
}

const COMMAND_TOOLS: ReadonlySet<string> = new Set(['run_sh', 'test_run']);

/**
 * The failure of the last command (run_sh / test_run) in a message, or null when the last command
 * succeeded or none ran. A later successful run means the agent already fixed it.
 */
export function lastCommandFailure(message: IdeUIMessage): string | null {
  for (let i = message.parts.length - 1; i >= 0; i--) {
    const part = message.parts[i];
    if (!part || !isIdeToolPart(part)) continue;
    const name = toolNameOf(part);
    if (name === null || !COMMAND_TOOLS.has(name)) continue;
    const cmd = argsSummary(name, part.input);
    if (part.state === 'output-error') return `${cmd}: ${part.errorText}`;
    if (part.state !== 'output-available' || !outputFailed(part.output)) return null;
    const error = outputError(part.output);
    if (error) return `${cmd}: ${error.message}`;
    const output = part.output as { exitCode?: unknown; output?: unknown };
    const tail = typeof output.output === 'string' ? output.output.slice(-2000) : '';
    return `${cmd} exited with code ${String(output.exitCode)}\n${tail}`.trim();
  }
  return null;
}

/**
 * The same call, closed as failed (stopped, or interrupted by a reload). The part union is keyed by tool
 * and state, which TypeScript cannot follow through a spread, hence the cast.
 */
export function closeAsError(part: IdeToolPart, errorText: string): IdeToolPart {
  const { approval: _approval, ...rest } = part as IdeToolPart & { approval?: unknown };
  return { ...rest, state: 'output-error', input: part.input, output: undefined, errorText } as unknown as IdeToolPart;
}

/** The user denied the call: nothing ran, and the next request tells the model so. */
export function isDenied(part: IdeToolPart): boolean {
  return part.state === 'output-denied' || (part.state === 'approval-responded' && part.approval.approved === false);
}

/** The call waits for the user's Approve or Deny. */
export function awaitsApproval(part: IdeToolPart): part is Extract<IdeToolPart, { state: 'approval-requested' }> {
  return part.state === 'approval-requested';
}

export function isSettled(part: IdeToolPart): boolean {
  return part.state === 'output-available' || part.state === 'output-error' || isDenied(part);
}
