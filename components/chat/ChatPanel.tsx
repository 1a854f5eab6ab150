'use client';

import { useEffect, useRef, useState } from 'react';
import { CheckpointsProvider } from '@/components/checkpoints/CheckpointsProvider';
import { CheckpointTimelineButton } from '@/components/checkpoints/CheckpointTimeline';
import { RestoreBeforeTurn, RestoreStatus } from '@/components/checkpoints/RestoreStatus';
import { ConfirmDialog } from '@/components/files/ConfirmDialog';
import type { WorkspaceStore } from '@/lib/workspace/types';
import type { ChatController } from './chat-controller';
import { ApprovalAnswerProvider } from './ApprovalCard';
import { Composer } from './Composer';
import { chatErrorText, fixedInSettings } from '../../lib/chat/errors';
import { requestCommand } from '@/lib/commands/bus';
import { FixWithAgent } from './FixWithAgent';
import { MessageView } from './MessageView';
import { MODE_LABELS } from '../../lib/chat/modes-ui';
import type { ToolRunner } from '../../lib/chat/tool-runner';
import { MAX_AUTO_FIX_ATTEMPTS, useAgentChat } from '../../lib/chat/useAgentChat';
import { ConversationBar } from './ConversationBar';
import { KeyNotice } from '@/components/settings/KeyNotice';
import { conversationTitle } from '../../lib/chat/conversation-store';
import { capturePreview } from '../../lib/chat/preview-attachment';
import type { PickedElementSlot } from '@/lib/chat/element-attachment';
import { applyVisualEdit } from '@/lib/visual-edit/apply';
import { useRunInProgress } from '../../lib/chat/run-state';
import { useConversations, useConversationSaver, type Conversations, type OpenConversation } from '../../lib/chat/useConversation';
import styles from './chat.module.css';
import controls from '../ui/controls.module.css';

interface PreviewError {
  message: string;
  at: number;
}

interface ChatPanelProps {
  store: WorkspaceStore;
  toolClient: ToolRunner;
  workspaceId: string;
  /** Errors the preview reported, newest last; the latest is offered to the agent. */
  previewErrors?: readonly PreviewError[];
  /** Opens a file in the editor ("/"-rooted workspace path). */
  onRevealFile: (path: string) => void;
  /** Lets FixWithAgent buttons elsewhere send to this chat. */
  controller?: ChatController;
  /** An element picked in the preview, sent with the next message. */
  pickedElement?: PickedElementSlot;
}

/** Moves keyboard focus to the Approve button of the newest approval card, scrolled into view. */
function focusApproval(log: HTMLElement | null) {
  const cards = log?.querySelectorAll<HTMLElement>('[data-approval]');
  const approve = cards?.[cards.length - 1]?.querySelector<HTMLButtonElement>('button');
  approve?.scrollIntoView({ block: 'nearest' });
  approve?.focus();
}

/** The agent column: opens the workspace's last used conversation, then runs the chat keyed by conversation. */
export function ChatPanel(props: ChatPanelProps) {
  const conversations = useConversations(props.workspaceId);
  const { open } = conversations;
  if (!open) return <p className={styles.placeholder}>Loading the conversation…</p>;
  return <ChatSession key={`${open.workspaceId}/${open.id}`} {...props} open={open} conversations={conversations} />;
}

function ChatSession({
  store,
  toolClient,
  workspaceId,
  previewErrors = [],
  onRevealFile,
  controller,
  pickedElement,
  open,
  conversations,
}: ChatPanelProps & { open: OpenConversation; conversations: Conversations }) {
  const chat = useAgentChat({ workspaceId, conversationId: open.id, store, toolClient, initial: open.data });
  const errorText = chat.error ? chatErrorText(chat.error) : null;
  const saveError = useConversationSaver(workspaceId, open.id, chat.messages, chat.mode, chat.status);
  const [confirmClear, setConfirmClear] = useState(false);
  const logRef = useFollowBottom(chat.messages);

  const { enqueue } = chat;
  useEffect(() => controller?.register(enqueue), [controller, enqueue]);

  const lastPreviewError = previewErrors.at(-1);
  const running = useRunInProgress(chat);
  const notice = conversations.loadError ?? saveError;
  const title = conversationTitle({ title: conversations.list.find((c) => c.id === open.id && c.named)?.title ?? open.data.title, messages: chat.messages });

  return (
    <CheckpointsProvider
      store={store}
      workspaceId={workspaceId}
      conversationId={open.id}
      messages={chat.messages}
      setMessages={chat.setMessages}
      busy={running}
    >
      <ApprovalAnswerProvider value={chat.answerApproval}>
        <div className={styles.panel}>
          <ConversationBar conversations={conversations} openId={open.id} openTitle={title} busy={running} />
          <CheckpointTimelineButton />
          <div ref={logRef} role="log" aria-label="Conversation" className={styles.log}>
            {chat.messages.length === 0 && (
              <>
                <p className={styles.placeholder}>Ask the agent to build, change or fix something in this workspace.</p>
                <KeyNotice mode={chat.mode} />
              </>
            )}
            {chat.messages.map((message) => (
              <MessageView key={message.id} message={message} onRevealFile={onRevealFile} />
            ))}
            {chat.status === 'submitted' && <p className={controls.muted}>Thinking…</p>}
            {chat.stepLimit && (
              <div className={styles.notice}>
                <p>
                  Step limit reached ({chat.stepLimit.steps} steps in {MODE_LABELS[chat.stepLimit.mode]} mode)
                </p>
                <button type="button" className={controls.primaryButton} onClick={chat.continueRun}>
                  Continue
                </button>
              </div>
            )}
            {chat.canContinue && (
              <div className={styles.notice}>
                <p>Stopped. The finished tool calls are kept.</p>
                <button type="button" className={controls.button} onClick={chat.continueRun}>
                  Continue
                </button>
              </div>
            )}
            {chat.ending && (
              <div role="alert" className={styles.errorBox}>
                <p>{chat.ending.text}</p>
                <button type="button" className={controls.primaryButton} onClick={() => chat.ending && chat.resolveEnding(chat.ending)}>
                  {chat.ending.next === 'continue' ? 'Continue' : 'Retry'}
                </button>
                <button type="button" className={controls.button} onClick={chat.dismissEnding}>
                  Dismiss
                </button>
              </div>
            )}
            {chat.waitingFor !== null && (
              <p role="status" className={styles.placeholder}>
                The agent waits for your approval to run <code>{chat.waitingFor}</code>.{' '}
                <button type="button" className={controls.linkButton} onClick={() => focusApproval(logRef.current)}>
                  Go to the request
                </button>
              </p>
            )}
            {chat.checking !== null && (
              <p role="status" className={styles.placeholder}>
                Checking the agent's work: {chat.checking}…
              </p>
            )}
            {chat.autoFixExhausted && <p className={styles.error}>Stopped after {MAX_AUTO_FIX_ATTEMPTS} automatic fix attempts</p>}
            {errorText !== null && (
              <div role="alert" className={styles.errorBox}>
                <p>Error: {errorText}</p>
                {fixedInSettings(errorText) && (
                  <button type="button" className={controls.primaryButton} onClick={() => requestCommand('workbench.settings')}>
                    Open Settings
                  </button>
                )}
                <button type="button" className={controls.button} onClick={chat.retry}>
                  Retry
                </button>
                <button type="button" className={controls.button} onClick={chat.clearError}>
                  Dismiss
                </button>
                <RestoreBeforeTurn messages={chat.messages} />
              </div>
            )}
          </div>
          <RestoreStatus />
          {notice && (
            <p role="status" className={styles.error}>
              {notice}
            </p>
          )}
          {chat.busy && chat.mode !== chat.runMode && (
            <p className={controls.muted}>
              This run stays in {MODE_LABELS[chat.runMode]} mode; {MODE_LABELS[chat.mode]} applies from your next message.
            </p>
          )}
          {lastPreviewError && (
            <div className={styles.previewError}>
              <span className={styles.previewErrorText} title={lastPreviewError.message}>
                Preview error: {lastPreviewError.message}
              </span>
              <FixWithAgent errorText={lastPreviewError.message} controller={controller ?? inlineController(enqueue)} />
            </div>
          )}
          <Composer
            mode={chat.mode}
            onModeChange={chat.setMode}
            busy={chat.busy || chat.waitingFor !== null}
            autoFix={chat.autoFix}
            selfCheck={chat.selfCheck}
            onSelfCheckChange={chat.setSelfCheck}
            onAutoFixChange={chat.setAutoFix}
            onSend={(text, files) => chat.send(text, { files })}
            onAttachPreview={capturePreview}
            pickedElement={pickedElement}
            onEditElement={(element, edit) => applyVisualEdit(store, element, edit)}
            onStop={chat.stop}
            onClear={() => setConfirmClear(true)}
            canClear={chat.messages.length > 0}
          />
          {confirmClear && (
            <ConfirmDialog
              title="Clear the conversation?"
              confirmLabel="Clear"
              danger
              onCancel={() => setConfirmClear(false)}
              onConfirm={() => {
                setConfirmClear(false);
                chat.clear();
              }}
            >
              <p>The messages of this workspace are deleted. Files the agent wrote stay.</p>
            </ConfirmDialog>
          )}
        </div>
      </ApprovalAnswerProvider>
    </CheckpointsProvider>
  );
}

/** Without a shared controller, the preview error's button still reaches this panel. */
function inlineController(send: (text: string) => void): ChatController {
  return { send: (text) => (send(text), true), isAvailable: () => true, subscribe: () => () => {}, register: () => () => {} };
}

/** Keeps the log scrolled to the newest output, unless the user scrolled up to read. */
function useFollowBottom(dependency: unknown) {
  const ref = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  useEffect(() => {
    const log = ref.current;
    if (!log) return;
    const onScroll = () => {
      following.current = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
    };
    log.addEventListener('scroll', onScroll);
    return () => log.removeEventListener('scroll', onScroll);
  }, []);
  useEffect(() => {
    const log = ref.current;
    if (log && following.current) log.scrollTop = log.scrollHeight;
  }, [dependency]);
  return ref;
}
