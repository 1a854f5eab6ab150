/** What every tool gets: the runtime and store it acts on, its time limit, and the agent's process list. */
import type { ToolError, ToolInput, ToolName, ToolOutput } from '@/lib/agent/tool-schemas';
import type { Runtime } from '@/lib/runtime/port';
import type { WorkspaceStore } from '@/lib/workspace/types';
import type { BackgroundProcessHook } from '../process-runner';
import type { AgentProcesses } from '../processes';

export interface ToolContext {
  runtime: Runtime;
  store: WorkspaceStore;
  processes: AgentProcesses;
  /** This call's limit, for messages; `signal` is what enforces it. */
  timeoutMs: number;
  /**
   * Aborts at the call's limit (reason: a TimeoutError DOMException) or when the user presses Stop. Handlers
   * honour it: processes are killed, loops over files stop.
   */
  signal: AbortSignal;
  /** How long a background command's first output is collected before the call returns. */
  backgroundWaitMs: number;
  onBackgroundProcess?: BackgroundProcessHook;
}

/** A tool's success shape (its output schema without the error branch); failures are thrown ToolFailures. */
export type ToolSuccess<N extends ToolName> = Exclude<ToolOutput<N>, ToolError>;

export type ToolHandler<N extends ToolName> = (args: ToolInput<N>, ctx: ToolContext) => Promise<ToolSuccess<N>>;

export type ToolHandlers = { [N in ToolName]: ToolHandler<N> };
