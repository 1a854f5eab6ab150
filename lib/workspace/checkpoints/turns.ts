/**
 * Which agent message ends which turn, and what that turn's changes are measured between: the checkpoint taken
 * before its user message, and the one taken before the next user message of the conversation (or the live
 * workspace for the last turn) — or, when files were restored in between, the one taken just before the
 * first such restore. Pure, so the mapping is tested without a browser.
 */
import type { CheckpointMeta } from '@/lib/workspace/checkpoints';

interface MessageLike {
  id: string;
  role: string;
}

export interface Turn {
  /** The user message that started the turn. */
  userMessageId: string;
  /** The checkpoint before the turn (restoring it undoes the turn). */
  from: CheckpointMeta;
  /** The checkpoint before the next turn, or 'live'. */
  to: string | 'live';
  /** The turn's last agent message: where its summary shows. */
  endMessageId: string;
  /** Whether this is the conversation's last turn. */
  last: boolean;
}

export function turnCheckpoints(checkpoints: readonly CheckpointMeta[], conversationId: string): Map<string, CheckpointMeta> {
  const byMessage = new Map<string, CheckpointMeta>();
  for (const checkpoint of checkpoints) {
    if (checkpoint.kind !== 'turn' || checkpoint.conversationId !== conversationId || checkpoint.messageId === null) continue;
    const seen = byMessage.get(checkpoint.messageId);
    // Oldest wins: a message is checkpointed once, before its run.
    if (!seen || checkpoint.createdAt < seen.createdAt) byMessage.set(checkpoint.messageId, checkpoint);
  }
  return byMessage;
}

/** The turns of a conversation, keyed by the agent message that ends each. */
export function turnsByEndMessage(messages: readonly MessageLike[], checkpoints: readonly CheckpointMeta[], conversationId: string): Map<string, Turn> {
  const byMessage = turnCheckpoints(checkpoints, conversationId);
  const starts = messages.flatMap((message, index) => (message.role === 'user' ? [index] : []));
  const turns = new Map<string, Turn>();
  starts.forEach((start, n) => {
    const from = byMessage.get(messages[start]?.id ?? '');
    const end = n + 1 < starts.length ? (starts[n + 1] ?? messages.length) : messages.length;
    const endMessage = messages.slice(start + 1, end).findLast((message) => message.role === 'assistant');
    if (!from || !endMessage) return;
    const nextUser = starts
      .slice(n + 1)
      .map((index) => messages[index]?.id ?? '')
      .find((id) => byMessage.has(id));
    const next = nextUser === undefined ? undefined : byMessage.get(nextUser);
    // A restore since the turn changed what comes after it: the state just before the first such restore is
    // where the turn ended, so its review still shows what it did (and can restore it again).
    const restoredAfter = checkpoints
      .filter((c) => c.kind === 'before-restore' && c.createdAt >= from.createdAt && (!next || c.createdAt <= next.createdAt))
      .sort((a, b) => a.createdAt - b.createdAt)[0];
    const to = restoredAfter?.id ?? next?.id ?? 'live';
    turns.set(endMessage.id, { userMessageId: from.messageId ?? '', from, to, endMessageId: endMessage.id, last: next === undefined });
  });
  return turns;
}

/** The checkpoint before the conversation's last turn (what "Restore to before this turn" goes back to). */
export function lastTurnCheckpoint(messages: readonly MessageLike[], checkpoints: readonly CheckpointMeta[], conversationId: string): CheckpointMeta | null {
  const byMessage = turnCheckpoints(checkpoints, conversationId);
  const lastUser = messages.findLast((message) => message.role === 'user');
  return lastUser ? (byMessage.get(lastUser.id) ?? null) : null;
}
