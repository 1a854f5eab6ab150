'use client';

import { useChatAvailable, useChatController, type ChatController } from './chat-controller';
import styles from './chat.module.css';

/** Long outputs are cut to their tail: the error is almost always at the end. */
const MAX_ERROR_CHARS = 4000;

export function fixMessage(errorText: string): string {
  const text = errorText.trim();
  return `Fix this error: ${text.length > MAX_ERROR_CHARS ? `…${text.slice(-MAX_ERROR_CHARS)}` : text}`;
}

interface FixWithAgentProps {
  /** The error as the user sees it (preview error message, failed command with its output tail). */
  errorText: string;
  /** Defaults to the controller from ChatControllerProvider. */
  controller?: ChatController;
  className?: string;
}

/** "Fix with agent": sends "Fix this error: <text>" to the chat. Disabled while no chat panel is mounted. */
export function FixWithAgent({ errorText, controller, className }: FixWithAgentProps) {
  const fromContext = useChatController();
  const target = controller ?? fromContext;
  const available = useChatAvailable(target);
  return (
    <button
      type="button"
      className={className ?? styles.fixButton}
      disabled={!available || errorText.trim() === ''}
      onClick={() => target?.send(fixMessage(errorText))}
    >
      Fix with agent
    </button>
  );
}
