'use client';

/**
 * The chat's behaviour around useChat: the transport with mode + workspace state, tools run in the tab,
 * automatic resubmission within the mode's step cap, Stop, Continue, queued sends and Auto-fix. The panel
 * only renders.
 */
import { useChat } from '@ai-sdk/react';
import type { InferUITools } from 'ai';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { AgentMode, IdeUIMessage } from '@/lib/agent/messages';
import type { AgentTools } from '@/lib/agent/tools';
import type { WorkspaceStore } from '@/lib/workspace/types';
import { useChatTransport } from './chat-transport';
import type { ConversationData } from './conversation-store';
import { fixMessage } from './FixWithAgent';
import { stepCapFor, stepsSinceLastUser, underStepCap, wantsToContinue } from './steps';
import { closeAsError, isIdeToolPart, isSettled, lastCommandFailure } from './tool-parts';
import type { ToolRunner } from './tool-runner';

export const MAX_AUTO_FIX_ATTEMPTS = 3;

type IdeTools = InferUITools<AgentTools>;

export interface AgentChatOptions {
  workspaceId: string;
  store: WorkspaceStore;
  toolClient: ToolRunner;
  initial: ConversationData;
}

interface Pending {
  text: string;
  automatic: boolean;
}

export function useAgentChat({ workspaceId, store, toolClient, initial }: AgentChatOptions) {
  const [mode, setMode] = useState<AgentMode>(initial.mode);
  const [autoFix, setAutoFix] = useState(false);
  const [autoFixExhausted, setAutoFixExhausted] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [stepBase, setStepBase] = useState(0);
  // Mirrors of state for the callbacks the Chat instance calls outside render (body, onToolCall,
  // sendAutomaticallyWhen, onFinish). Handlers also write them at once, so an automatic decision made
  // before React re-renders already sees a Stop.
  const live = useRef({ mode, autoFix, stopped, stepBase, store, toolClient, attempts: 0 });
  /** Messages waiting for the agent's turn to end (Fix with agent during a run, Auto-fix). */
  const pending = useRef<Pending[]>([]);
  useLayoutEffect(() => {
    Object.assign(live.current, { mode, autoFix, stopped, stepBase, store, toolClient });
  });

  const transport = useChatTransport(live);

  const chat = useChat<IdeUIMessage>({
    id: `workspace:${workspaceId}`,
    messages: initial.messages,
    transport,
    onToolCall: ({ toolCall }) => {
      if (toolCall.dynamic) return;
      const { toolCallId, toolName } = toolCall;
      // Not awaited: awaiting addToolOutput inside onToolCall deadlocks the chat's job queue (AI SDK docs).
      void live.current.toolClient.execute(toolCallId, toolName, toolCall.input).then(
        (result) => {
          if (result.content !== undefined) {
            // A structured { error } result is a normal output: the model reads it and can react.
            void chat.addToolOutput({ tool: toolName, toolCallId, output: result.content as IdeTools[typeof toolName]['output'] });
          } else {
            const error = result.error ?? { name: 'ExecutorError', message: 'The executor returned no result.' };
            void chat.addToolOutput({ tool: toolName, toolCallId, state: 'output-error', errorText: `${error.name}: ${error.message}` });
          }
        },
        (error: unknown) => {
          const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
          void chat.addToolOutput({ tool: toolName, toolCallId, state: 'output-error', errorText: message });
        },
      );
    },
    sendAutomaticallyWhen: ({ messages }) => mayContinue(messages),
    onFinish: ({ message, messages, isAbort, isError, isDisconnect }) => {
      if (isAbort || isError || isDisconnect || live.current.stopped) return;
      // The turn is over only when no call is still running and the chat will not resubmit by itself.
      const running = message.parts.some((part) => isIdeToolPart(part) && !isSettled(part));
      if (running || mayContinue(messages)) return;
      if (live.current.autoFix && message.role === 'assistant' && !wantsToContinue(messages)) queueAutoFix(message);
      // After the SDK has settled this request (onFinish runs inside it).
      window.setTimeout(sendNextPending, 0);
    },
  });
  const { messages, status, sendMessage, setMessages, stop: stopChat } = chat;
  const busy = status === 'submitted' || status === 'streaming';

  function mayContinue(current: IdeUIMessage[]): boolean {
    const { stopped: isStopped, mode: currentMode, stepBase: base } = live.current;
    return !isStopped && wantsToContinue(current) && underStepCap(current, stepCapFor(current, currentMode), base);
  }

  function queueAutoFix(message: IdeUIMessage) {
    const failure = lastCommandFailure(message);
    if (failure === null) return;
    if (live.current.attempts >= MAX_AUTO_FIX_ATTEMPTS) {
      setAutoFixExhausted(true);
      return;
    }
    live.current.attempts += 1;
    pending.current.push({ text: fixMessage(failure), automatic: true });
  }

  const send = useCallback(
    (text: string, options: { automatic?: boolean } = {}) => {
      if (!options.automatic) {
        live.current.attempts = 0;
        setAutoFixExhausted(false);
      }
      Object.assign(live.current, { stopped: false, stepBase: 0 });
      setStopped(false);
      setStepBase(0);
      void sendMessage({ text, metadata: { mode: live.current.mode } });
    },
    [sendMessage],
  );

  function sendNextPending() {
    const next = pending.current.shift();
    if (next) send(next.text, { automatic: next.automatic });
  }

  /** User messages from outside (Fix with agent): sent now when idle, else when the turn ends. */
  const busyRef = useRef(busy);
  useLayoutEffect(() => {
    busyRef.current = busy;
  });
  const enqueue = useCallback(
    (text: string) => {
      if (busyRef.current) pending.current.push({ text, automatic: false });
      else send(text);
    },
    [send],
  );

  const halt = useCallback(async () => {
    Object.assign(live.current, { stopped: true });
    setStopped(true);
    pending.current = [];
    live.current.toolClient.cancelAll();
    await stopChat();
  }, [stopChat]);

  const stop = useCallback(() => {
    // Calls that never got a result would leave the history unsendable: close them as stopped.
    void halt().then(() => setMessages((current) => closeRunningCalls(current)));
  }, [halt, setMessages]);

  /** Resumes a run the step cap (or Stop) ended; the cap counts afresh from here. */
  const continueRun = useCallback(() => {
    const base = stepsSinceLastUser(messages);
    Object.assign(live.current, { stopped: false, stepBase: base });
    setStopped(false);
    setStepBase(base);
    void sendMessage();
  }, [messages, sendMessage]);

  const clear = useCallback(() => {
    void halt().then(() => {
      setMessages([]);
      live.current.attempts = 0;
      setAutoFixExhausted(false);
      setStopped(false);
      setStepBase(0);
    });
  }, [halt, setMessages]);

  const cap = stepCapFor(messages, mode);
  const resumable = !busy && wantsToContinue(messages);
  const atCap = resumable && !underStepCap(messages, cap, stepBase);
  const serverCap = !busy && messages.at(-1)?.metadata?.stepLimitReached === true;
  const stepLimit = atCap || serverCap ? { steps: Math.max(stepsSinceLastUser(messages) - stepBase, 1), mode } : null;

  return {
    messages,
    status,
    busy,
    error: chat.error,
    clearError: chat.clearError,
    mode,
    setMode,
    autoFix,
    setAutoFix,
    autoFixExhausted,
    send,
    enqueue,
    stop,
    continueRun,
    clear,
    stepLimit,
    /** Stopped by the user after some tool calls finished: Continue picks the run up. */
    canContinue: resumable && !atCap && stopped,
  };
}

function closeRunningCalls(messages: IdeUIMessage[]): IdeUIMessage[] {
  const last = messages.at(-1);
  if (!last || last.role !== 'assistant') return messages;
  let changed = false;
  const parts = last.parts.map((part) => {
    if (!isIdeToolPart(part) || isSettled(part)) return part;
    changed = true;
    return closeAsError(part, 'Stopped by the user.');
  });
  return changed ? [...messages.slice(0, -1), { ...last, parts }] : messages;
}
