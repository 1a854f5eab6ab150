'use client';

import { memo } from 'react';
import type { IdeUIMessage } from '@/lib/agent/messages';
import { TurnSummary } from '@/components/checkpoints/TurnSummary';
import { SentImage } from './AttachmentViews';
import { Markdown } from './Markdown';
import { MessageContextInfo } from './MessageContextInfo';
import { MODE_LABELS } from '../../lib/chat/modes-ui';
import { ToolCallView } from './ToolCallView';
import { TurnChecks } from './TurnChecks';
import { isIdeToolPart } from '../../lib/chat/tool-parts';
import styles from './chat.module.css';

interface MessageViewProps {
  message: IdeUIMessage;
  onRevealFile: (path: string) => void;
}

/** One message: the user's text, or the agent's text, reasoning and tool calls in the order they streamed. */
export const MessageView = memo(function MessageView({ message, onRevealFile }: MessageViewProps) {
  const isUser = message.role === 'user';
  const mode = message.metadata?.mode;
  return (
    <article aria-label={isUser ? 'You' : 'Agent'} className={isUser ? styles.userMessage : styles.agentMessage}>
      <header className={styles.messageHeader}>
        <span className={styles.author}>{isUser ? 'You' : 'Agent'}</span>
        {!isUser && mode && <span className={styles.badge}>{MODE_LABELS[mode]}</span>}
      </header>
      {message.parts.map((part, i) => {
        if (part.type === 'text') {
          return isUser ? (
            <p key={i} className={styles.userText}>
              {part.text}
            </p>
          ) : (
            <Markdown key={i} text={part.text} />
          );
        }
        if (part.type === 'reasoning') {
          return part.text.trim() === '' ? null : (
            <details key={i} className={styles.reasoning}>
              <summary>Reasoning</summary>
              <Markdown text={part.text} />
            </details>
          );
        }
        if (part.type === 'file') return <SentImage key={i} part={part} />;
        if (isIdeToolPart(part)) return <ToolCallView key={part.toolCallId} part={part} onRevealFile={onRevealFile} />;
        return null;
      })}
      {!isUser && <TurnSummary messageId={message.id} />}
      {!isUser && message.metadata?.checks && <TurnChecks checks={message.metadata.checks} />}
      <MessageContextInfo message={message} />
    </article>
  );
});
