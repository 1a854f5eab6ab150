/**
 * The checkpoint taken before a user message starts an agent run, tagged with that message and its
 * conversation, so the turn's changes are what differs from it afterwards. A failed checkpoint never blocks
 * the message: the turn just has no review.
 */
import { takeCheckpoint } from '@/lib/workspace/checkpoints';
import type { WorkspaceStore } from '@/lib/workspace/types';

const LABEL_CHARS = 80;

export function turnLabel(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > LABEL_CHARS ? `${line.slice(0, LABEL_CHARS - 1)}…` : line || 'Agent turn';
}

export async function checkpointTurn(store: WorkspaceStore, turn: { conversationId: string; messageId: string; text: string }): Promise<void> {
  try {
    await takeCheckpoint(store, { kind: 'turn', label: turnLabel(turn.text), conversationId: turn.conversationId, messageId: turn.messageId });
  } catch (error) {
    console.warn('[tabsmith] checkpoint before the agent turn failed', error);
  }
}
