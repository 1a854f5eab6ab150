'use client';

/**
 * The chat's behaviour around useChat: the transport with mode + workspace state, tools run in the tab,
 * automatic resubmission within the mode's step cap, Stop, Continue, Retry, queued sends and Auto-fix. The
 * panel only renders.
 *
 * One model per run: the mode is fixed when a user message starts a run (`runMode`); changing the selector
 * during a run applies from the next user message, so a run's steps never switch model.
 */
import { useChat } from '@ai-sdk/react';
import { generateId, type FileUIPart, type InferUITools } from 'ai';
import { checkpointTurn } from '@/lib/workspace/checkpoints/turn-checkpoint';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { AgentMode, IdeUIMessage } from '@/lib/agent/messages';
import { approvalCommand, approvalFor } from '@/lib/agent/approvals/decide';
import { allowCommand, readApprovalSettings, type ApprovalSettings } from '@/lib/agent/approvals/policy';
import { conversationChatId } from '@/lib/agent/context/summary-cache';
import { endingProblem, type EndingProblem, type Nudge } from '@/lib/agent/step-ending';
import type { AgentTools } from '@/lib/agent/tools';
import type { WorkspaceStore } from '@/lib/workspace/types';
import { useChatTransport } from './chat-transport';
import type { ConversationData } from './conversation-store';
import { fixMessage } from '../../components/chat/FixWithAgent';
import { stepCapFor, stepsSinceLastUser, underStepCap, wantsToContinue } from './steps';
import { awaitsApproval, closeAsError, isIdeToolPart, isSettled, lastCommandFailure, toolNameOf, type IdeToolPart } from './tool-parts';
import type { ToolRunner } from './tool-runner';
import { useSelfCheck } from './useSelfCheck';

export const MAX_AUTO_FIX_ATTEMPTS = 3;

export type ApprovalAnswer = 'approve' | 'deny' | 'always';

/** What the model reads for a denied call, so it can choose another way or ask. */
const DENIAL_REASON = 'The user denied this command. Do not run it again as it is; choose another way, or ask the user.';

type IdeTools = InferUITools<AgentTools>;

interface AgentChatOptions {
  workspaceId: string;
  /** The open conversation of the workspace: its runs (and the checkpoints they take) belong to it. */
  conversationId: string;
  store: WorkspaceStore;
  toolClient: ToolRunner;
  initial: ConversationData;
}

interface Pending {
  text: string;
  automatic: boolean;
}

export function useAgentChat({ workspaceId, conversationId, store, toolClient, initial }: AgentChatOptions) {
  const [mode, setMode] = useState<AgentMode>(initial.mode);
  const [runMode, setRunMode] = useState<AgentMode>(() => lastRunMode(initial.messages) ?? initial.mode);
  const [autoFix, setAutoFix] = useState(false);
  const [autoFixExhausted, setAutoFixExhausted] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [stepBase, setStepBase] = useState(0);
  /** A user message waits for its turn checkpoint: the run has begun for the user (Stop, no second send). */
  const [starting, setStarting] = useState(false);
  // Mirrors of state for the callbacks the Chat instance calls outside render (body, onToolCall,
  // sendAutomaticallyWhen, onFinish). Handlers also write them at once, so an automatic decision made
  // before React re-renders already sees a Stop.
  const live = useRef({
    mode,
    runMode,
    autoFix,
    stopped,
    stepBase,
    store,
    toolClient,
    attempts: 0,
    nudge: undefined as Nudge | undefined,
    autoRetried: false,
    sentApprovals: undefined as ApprovalSettings | undefined,
  });
  /** An empty or malformed step is being tried again by itself: its card waits for the outcome. */
  const [autoRetrying, setAutoRetrying] = useState(false);
  /** The ending card the user dismissed (message id and step count), so it stays away until the next ending. */
  const [dismissedEnding, setDismissedEnding] = useState<string | null>(null);
  /** Messages waiting for the agent's turn to end (Fix with agent during a run, Auto-fix). */
  const pending = useRef<Pending[]>([]);
  useLayoutEffect(() => {
    Object.assign(live.current, { mode, autoFix, stopped, stepBase, store, toolClient });
  });

  const transport = useChatTransport(live);

  const chat = useChat<IdeUIMessage>({
    id: conversationChatId(workspaceId, conversationId),
    messages: initial.messages,
    transport,
    onToolCall: ({ toolCall }) => {
      if (toolCall.dynamic) return;
      // A call the user must approve first waits for the card's answer (see answerApproval).
      if (approvalFor(toolCall.toolName, toolCall.input, live.current.sentApprovals)) return;
      runTool(toolCall.toolCallId, toolCall.toolName, toolCall.input);
    },
    sendAutomaticallyWhen: ({ messages }) => mayContinue(messages),
    onFinish: ({ message, messages, isAbort, isError, isDisconnect }) => {
      if (isAbort || isError || isDisconnect || live.current.stopped) return;
      // The turn is over only when no call is still running and the chat will not resubmit by itself.
      const running = message.parts.some((part) => isIdeToolPart(part) && !isSettled(part));
      if (running || mayContinue(messages)) return;
      const ending = message.role === 'assistant' ? endingProblem(message.metadata?.ending) : null;
      if (ending?.automatic && !live.current.autoRetried) {
        // Once per run: a second empty answer in a row shows its card.
        live.current.autoRetried = true;
        setAutoRetrying(true);
        window.setTimeout(() => void resubmit('retry').finally(() => setAutoRetrying(false)), 0);
        return;
      }
      if (live.current.autoFix && message.role === 'assistant' && !wantsToContinue(messages)) queueAutoFix(message);
      const turnMode = live.current.runMode;
      // After the SDK has settled this request (onFinish runs inside it); the checks' fix request goes next.
      window.setTimeout(() => void checkTurn(message, turnMode).finally(sendNextPending), 0);
    },
  });
  const { messages, status, sendMessage, setMessages, clearError, stop: stopChat } = chat;

  /** Runs a call in the tab and hands its result (or why it failed) to the chat. */
  function runTool(toolCallId: string, toolName: keyof IdeTools, input: unknown) {
    // Not awaited: awaiting addToolOutput inside onToolCall deadlocks the chat's job queue (AI SDK docs).
    void live.current.toolClient.execute(toolCallId, toolName, input).then(
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
  }

  /**
   * The user's answer on an approval card. Approve runs the call here (tools run in the tab); "always" also
   * stores the command in the workspace's allowlist first; Deny reaches the model as a denial with a reason,
   * and the run goes on so the model can choose another way.
   */
  const answerApproval = useCallback(
    async (part: IdeToolPart, answer: ApprovalAnswer) => {
      const name = toolNameOf(part);
      if (!awaitsApproval(part) || name === null) return;
      const { id } = part.approval;
      if (answer === 'deny') {
        await chat.addToolApprovalResponse({ id, approved: false, reason: DENIAL_REASON });
        return;
      }
      if (answer === 'always') {
        const command = approvalCommand(name, part.input);
        const { store: current } = live.current;
        if (command) await current.setApprovals(allowCommand(readApprovalSettings(current.getSnapshot().meta.approvals), command));
      }
      await chat.addToolApprovalResponse({ id, approved: true });
      runTool(part.toolCallId, name, part.input);
    },
    // runTool reads the chat and `live` only, both stable for the hook's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [chat.addToolApprovalResponse],
  );
  const selfCheck = useSelfCheck({ store, toolClient, setMessages });
  const busy = starting || status === 'submitted' || status === 'streaming' || selfCheck.checking !== null;

  /** The project's checks after a turn; a failure becomes the next message, within the fix-attempt cap. */
  async function checkTurn(message: IdeUIMessage, turnMode: AgentMode) {
    const request = await selfCheck.afterTurn(message, {
      mode: turnMode,
      attemptsLeft: MAX_AUTO_FIX_ATTEMPTS - live.current.attempts,
      stopped: () => live.current.stopped,
    });
    if (request === null) return;
    live.current.attempts += 1;
    pending.current.push({ text: request, automatic: true });
  }

  function mayContinue(current: IdeUIMessage[]): boolean {
    const { stopped: isStopped, runMode: currentMode, stepBase: base } = live.current;
    return !isStopped && wantsToContinue(current) && underStepCap(current, stepCapFor(current, currentMode), base);
  }

  /** The same run's next request, carrying a nudge the server says to the model (not shown in the chat). */
  function resubmit(nudge: Nudge): Promise<void> {
    Object.assign(live.current, { nudge });
    return sendMessage();
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
    (text: string, options: { automatic?: boolean; files?: FileUIPart[] } = {}) => {
      if (!options.automatic) {
        live.current.attempts = 0;
        setAutoFixExhausted(false);
      }
      const started = live.current.mode;
      Object.assign(live.current, { stopped: false, stepBase: 0, runMode: started, autoRetried: false });
      setStopped(false);
      setStepBase(0);
      setRunMode(started);
      // The id is ours so the turn's checkpoint names the message; the checkpoint comes first so the turn's
      // changes (file tools, shell, npm) are exactly what differs from it afterwards.
      const id = generateId();
      const parts = [...(options.files ?? []), { type: 'text' as const, text }];
      setStarting(true);
      void checkpointTurn(live.current.store, { conversationId, messageId: id, text })
        .then(() => {
          // Stop pressed while the checkpoint was taken: the message is not sent.
          if (!live.current.stopped) return sendMessage({ id, role: 'user', parts, metadata: { mode: started } });
        })
        .finally(() => setStarting(false));
    },
    [sendMessage, conversationId],
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
  const resume = useCallback(
    (nudge?: Nudge) => {
      const base = stepsSinceLastUser(messages);
      Object.assign(live.current, { stopped: false, stepBase: base, ...(nudge ? { autoRetried: false, nudge } : {}) });
      setStopped(false);
      setStepBase(base);
      void sendMessage();
    },
    [messages, sendMessage],
  );
  const continueRun = useCallback(() => resume(), [resume]);

  /** After an error (a rate limit, a dropped connection): the same request again, in the same run. */
  const retry = useCallback(() => {
    clearError();
    Object.assign(live.current, { stopped: false });
    setStopped(false);
    void sendMessage();
  }, [clearError, sendMessage]);

  /** The ending card's button: Continue after a cut-off answer, Retry after any other; the cap counts afresh. */
  const resolveEnding = useCallback((ending: EndingProblem) => resume(ending.next), [resume]);

  const clear = useCallback(() => {
    void halt().then(() => {
      setMessages([]);
      live.current.attempts = 0;
      setAutoFixExhausted(false);
      setStopped(false);
      setStepBase(0);
    });
  }, [halt, setMessages]);

  const cap = stepCapFor(messages, runMode);
  const resumable = !busy && wantsToContinue(messages);
  const atCap = resumable && !underStepCap(messages, cap, stepBase);
  const serverCap = !busy && messages.at(-1)?.metadata?.stepLimitReached === true;
  const last = messages.at(-1);
  const endingKey = last ? `${last.id}:${stepsSinceLastUser(messages)}` : null;
  const ending =
    !busy && !autoRetrying && !stopped && chat.error === undefined && last?.role === 'assistant' && !wantsToContinue(messages) && endingKey !== dismissedEnding
      ? endingProblem(last.metadata?.ending)
      : null;
  const stepLimit = atCap || serverCap ? { steps: Math.max(stepsSinceLastUser(messages) - stepBase, 1), mode: runMode } : null;

  return {
    messages,
    status,
    busy,
    error: chat.error,
    clearError,
    mode,
    setMode,
    /** The mode the current (or last) run uses; differs from `mode` while a change waits for the next message. */
    runMode,
    autoFix,
    setAutoFix,
    /** Whether the project's checks run after a turn that changed files (the mode's default until changed). */
    selfCheck: selfCheck.enabledFor(mode),
    setSelfCheck: selfCheck.setEnabled,
    /** The check running now ("Lint (npm run lint)"), or null. */
    checking: selfCheck.checking,
    autoFixExhausted,
    send,
    enqueue,
    stop,
    continueRun,
    retry,
    clear,
    stepLimit,
    /** Replaces the conversation's messages (rewinding to a checkpoint drops the later ones). */
    setMessages,
    /** Why the last step ended badly (a safety block, the output limit, nothing returned), with its next step. */
    ending,
    resolveEnding,
    dismissEnding: () => setDismissedEnding(endingKey),
    /** Approve, deny or always allow a call that waits for the user. */
    answerApproval,
    /** The command a call of the last step waits to have approved: the run is paused, not over (Stop ends it). */
    waitingFor: last?.role === 'assistant' ? waitingCommand(last) : null,
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

/** The command of the first call in the message that waits for the user's approval, or null. */
function waitingCommand(message: IdeUIMessage): string | null {
  for (const part of message.parts) {
    if (!isIdeToolPart(part) || !awaitsApproval(part)) continue;
    const name = toolNameOf(part);
    return (name && approvalCommand(name, part.input)) || 'a command';
  }
  return null;
}

/** The mode the conversation's last run was started with (its last user message's), if recorded. */
function lastRunMode(messages: readonly IdeUIMessage[]): AgentMode | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role === 'user') return message.metadata?.mode;
  }
  return undefined;
}
