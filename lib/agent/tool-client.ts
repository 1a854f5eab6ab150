/**
 * The chat's side of the executor protocol (protocol.ts): sends EXECUTE_TOOL over this tab's channel and
 * resolves with the matching TOOL_RESULT. A first message right after the executor starts can be lost, so
 * calls wait for a READY answer to HELLO, which is re-sent until it comes. Every call resolves — with the
 * executor's result, or ExecutorTimeout once the deadline both sides share has passed — so a dead or missing
 * executor never hangs the chat.
 */
import { channelName, DEFAULT_TOOL_TIMEOUT_MS, executorMessageSchema, type ExecuteToolMessage } from './protocol';
import { clientDeadlineMs, toolTimeoutMs } from './tool-timeouts';

const HELLO_INTERVAL_MS = 100;

interface ToolCallOutcome {
  content?: unknown;
  error?: { name: string; message: string };
}

/** The part of BroadcastChannel the client uses; tests wrap a real channel to drop messages. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
}

interface ToolClientOptions {
  tabId: string;
  /** The executor's base limit per call (DEFAULT_TOOL_TIMEOUT_MS); the client waits a little longer. */
  timeoutMs?: number;
  /** Defaults to a BroadcastChannel named channelName(tabId). */
  createChannel?: (name: string) => ChannelLike;
}

export interface ToolClient {
  execute(toolCallId: string, name: string, args: unknown): Promise<ToolCallOutcome>;
  /** Stop: the executor kills every process the agent started. */
  cancelAll(): void;
  close(): void;
}

interface Pending {
  resolve(outcome: ToolCallOutcome): void;
  timer: ReturnType<typeof setTimeout>;
}

export function createToolClient(options: ToolClientOptions): ToolClient {
  const baseTimeoutMs = options.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
  const channel = (options.createChannel ?? ((name) => new BroadcastChannel(name)))(channelName(options.tabId));
  const clientId = crypto.randomUUID();
  const pending = new Map<string, Pending>();
  /** Calls made before READY; sent in order once the executor answers. */
  const queued: ExecuteToolMessage[] = [];
  let ready = false;
  let closed = false;
  let helloTimer: ReturnType<typeof setInterval> | null = null;

  const sayHello = () => channel.postMessage({ type: 'HELLO', clientId });

  function startHandshake() {
    if (ready || helloTimer !== null || closed) return;
    sayHello();
    helloTimer = setInterval(sayHello, HELLO_INTERVAL_MS);
  }

  function stopHandshake() {
    if (helloTimer !== null) clearInterval(helloTimer);
    helloTimer = null;
  }

  function settle(requestId: string, outcome: ToolCallOutcome) {
    const call = pending.get(requestId);
    if (!call) return;
    clearTimeout(call.timer);
    pending.delete(requestId);
    call.resolve(outcome);
  }

  channel.onmessage = (event: MessageEvent) => {
    const parsed = executorMessageSchema.safeParse(event.data);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === 'READY' && message.clientId === clientId && !ready) {
      ready = true;
      stopHandshake();
      for (const call of queued.splice(0)) channel.postMessage(call);
    } else if (message.type === 'TOOL_RESULT') {
      // Unknown ids are other clients' calls (or ours, already timed out): not ours to resolve.
      const { requestId, content, error } = message.payload;
      settle(requestId, error ? { error } : { content });
    }
  };

  return {
    execute(toolCallId, name, args) {
      if (closed) return Promise.resolve({ error: { name: 'ExecutorClosed', message: 'The tool client was closed.' } });
      const requestId = crypto.randomUUID();
      const timeoutMs = toolTimeoutMs(name, args, baseTimeoutMs);
      const message: ExecuteToolMessage = { type: 'EXECUTE_TOOL', payload: { requestId, toolCallId, name, args, timeoutMs } };
      return new Promise<ToolCallOutcome>((resolve) => {
        const waitMs = clientDeadlineMs(timeoutMs);
        const timer = setTimeout(() => {
          settle(requestId, {
            error: {
              name: 'ExecutorTimeout',
              message: ready
                ? `The tool executor did not answer ${name} within ${Math.round(waitMs / 1000)} s.`
                : `The tool executor never answered (${Math.round(waitMs / 1000)} s): is a workspace open with its runtime booted in this tab?`,
            },
          });
          // A call still queued must not be sent later, after its caller has moved on.
          const index = queued.indexOf(message);
          if (index !== -1) queued.splice(index, 1);
        }, waitMs);
        pending.set(requestId, { resolve, timer });
        if (ready) channel.postMessage(message);
        else {
          queued.push(message);
          startHandshake();
        }
      });
    },
    cancelAll() {
      if (!closed) channel.postMessage({ type: 'CANCEL_ALL' });
    },
    close() {
      if (closed) return;
      closed = true;
      stopHandshake();
      for (const requestId of [...pending.keys()]) settle(requestId, { error: { name: 'ExecutorClosed', message: 'The tool client was closed.' } });
      channel.onmessage = null;
      channel.close();
    },
  };
}
