/**
 * The tool executor: answers the tool client (lib/agent/tool-client.ts, on the chat's side) over this tab's
 * BroadcastChannel, whose messages lib/agent/protocol.ts defines.
 * It runs on the page's main thread because the runtimes live there, but talks to the chat only through
 * its own channel instance, so the chat code never reaches into the runtime directly.
 *
 * Per call: validate the message and the arguments, run the tool under its time limit (a hung process is
 * killed), answer TOOL_RESULT, and write an audit entry. Stop (CANCEL_ALL) kills what the agent started.
 */
import { hashArgs, type AuditSink } from '@/lib/agent/audit';
import { channelName, DEFAULT_TOOL_TIMEOUT_MS, executorMessageSchema, type ExecuteToolMessage, type ToolResultMessage } from '@/lib/agent/protocol';
import { toolTimeoutMs } from '@/lib/agent/tool-timeouts';
import type { Runtime } from '@/lib/runtime/port';
import type { WorkspaceStore } from '@/lib/workspace/types';
import type { BackgroundProcessHook } from './process-runner';
import { AgentProcesses } from './processes';
import { runTool, type ToolCallResult } from './run-tool';
import type { ToolHandlers } from './tools/context';
import { toolHandlers } from './tools';
import type { PreviewCheckHook, PreviewLogsHook } from '@/lib/agent/preview-hooks';
import { previewCheckHandler, previewLogsHandler } from './tools/preview-check';

/** How long a background command's first output is collected when no port opens. */
const BACKGROUND_WAIT_MS = 1_500;

export interface ExecutorOptions {
  tabId: string;
  runtime: Runtime;
  store: WorkspaceStore;
  /** Receives one entry per call; failures to record are logged, never fail the call. */
  audit?: AuditSink;
  /** A background process the agent started (show it in an "Agent" terminal tab; it owns the output stream). */
  onBackgroundProcess?: BackgroundProcessHook;
  /** Limit for calls that do not bring their own (DEFAULT_TOOL_TIMEOUT_MS). */
  defaultTimeoutMs?: number;
  backgroundWaitMs?: number;
  /** Tests replace handlers; the app uses the real ones. */
  handlers?: Partial<ToolHandlers>;
  /**
   * Runs a computer-use session on the preview for preview_check and resolves with its final answer and step
   * count. Without it, preview_check answers Unavailable.
   */
  previewCheck?: PreviewCheckHook;
  /** Reads what the preview page logged since it loaded, for preview_logs (and preview_check's report). */
  previewLogs?: PreviewLogsHook;
}

export interface Executor {
  /** Closes the channel; running processes are left alone (call cancelAll first to stop them). */
  stop(): void;
  /** Kills every process the agent started (Stop in the chat, Stop All in the terminal). */
  cancelAll(): Promise<void>;
}

function exitCodeOf(content: unknown): number | null {
  if (typeof content === 'object' && content !== null && 'exitCode' in content && typeof content.exitCode === 'number') return content.exitCode;
  return null;
}

function okOf(result: ToolCallResult): boolean {
  if (result.error) return false;
  const content = result.content;
  return !(typeof content === 'object' && content !== null && 'ok' in content && content.ok === false);
}

export function startExecutor(options: ExecutorOptions): Executor {
  const { tabId, runtime, store, audit, onBackgroundProcess } = options;
  const defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
  const handlers: ToolHandlers = {
    ...toolHandlers,
    preview_check: previewCheckHandler(options.previewCheck, options.previewLogs),
    preview_logs: previewLogsHandler(options.previewLogs),
    ...options.handlers,
  } as ToolHandlers;
  const processes = new AgentProcesses();
  /** Aborted by Stop (CANCEL_ALL) so running handlers stop too; replaced for the calls that follow. */
  let stopController = new AbortController();
  const channel = new BroadcastChannel(channelName(tabId));
  /** Request ids being worked on: a duplicated EXECUTE_TOOL must not run a tool twice. */
  const inFlight = new Set<string>();
  let stopped = false;

  const post = (message: unknown) => {
    if (!stopped) channel.postMessage(message);
  };

  async function record(name: string, args: unknown, at: number, durationMs: number, result: ToolCallResult) {
    if (!audit) return;
    try {
      await audit({
        workspaceId: store.getSnapshot().meta.id,
        at,
        tool: name,
        argsHash: await hashArgs(args),
        durationMs: Math.round(durationMs),
        exitCode: exitCodeOf(result.content),
        ok: okOf(result),
        ...(result.error ? { error: `${result.error.name}: ${result.error.message}`.slice(0, 500) } : {}),
      });
    } catch (error) {
      console.warn('Could not write the agent audit entry', error);
    }
  }

  async function execute({ payload }: ExecuteToolMessage) {
    if (inFlight.has(payload.requestId)) return;
    inFlight.add(payload.requestId);
    const at = Date.now();
    const started = performance.now();
    const timeoutMs = payload.timeoutMs ?? toolTimeoutMs(payload.name, payload.args, defaultTimeoutMs);
    const result = await runTool(
      payload.name,
      payload.args,
      {
        runtime,
        store,
        processes,
        timeoutMs,
        stopSignal: stopController.signal,
        backgroundWaitMs: options.backgroundWaitMs ?? BACKGROUND_WAIT_MS,
        onBackgroundProcess,
      },
      handlers,
    );
    const reply: ToolResultMessage = {
      type: 'TOOL_RESULT',
      payload: { requestId: payload.requestId, role: 'tool', tool_call_id: payload.toolCallId, ...result },
    };
    post(reply);
    inFlight.delete(payload.requestId);
    await record(payload.name, payload.args, at, performance.now() - started, result);
  }

  const cancelAll = () => {
    stopController.abort(new DOMException('Stopped by the user', 'AbortError'));
    stopController = new AbortController();
    return processes.killAll();
  };

  channel.onmessage = (event: MessageEvent) => {
    const parsed = executorMessageSchema.safeParse(event.data);
    // Messages that fail the schema come from something else on the channel; there is no one to answer.
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === 'HELLO') post({ type: 'READY', clientId: message.clientId });
    else if (message.type === 'EXECUTE_TOOL') void execute(message);
    else if (message.type === 'CANCEL_ALL') void cancelAll();
  };

  return {
    stop() {
      stopped = true;
      channel.onmessage = null;
      channel.close();
    },
    cancelAll,
  };
}
