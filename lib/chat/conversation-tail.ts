/**
 * The last state of a conversation whose IndexedDB write had not committed when the page went away (a reload
 * right after an answer arrived): an unfinished transaction dies with the page, so on `pagehide` the state is
 * also kept in this tab's sessionStorage, which a reload keeps, and read back when the conversation opens
 * again if it is newer than what IndexedDB holds. Best effort: a conversation too large for sessionStorage
 * (images) is not kept there, and IndexedDB's copy is used as before.
 */
import type { ConversationData } from './conversation-store';

const KEY = (workspaceId: string, id: string) => `tabsmith:conversation-tail:${workspaceId}:${id}`;

interface ConversationTail {
  savedAt: number;
  content: Pick<ConversationData, 'mode' | 'messages'>;
}

export function keepTail(
  workspaceId: string,
  id: string,
  content: Pick<ConversationData, 'mode' | 'messages'>,
  storage: Storage | undefined = globalThis.sessionStorage,
): void {
  try {
    storage?.setItem(KEY(workspaceId, id), JSON.stringify({ savedAt: Date.now(), content } satisfies ConversationTail));
  } catch {
    // Over the quota: IndexedDB's last committed copy stays what a reload shows.
  }
}

/** The kept tail, once (it is removed as it is read); null when there is none or it is not readable. */
export function takeTail(workspaceId: string, id: string, storage: Storage | undefined = globalThis.sessionStorage): ConversationTail | null {
  try {
    const raw = storage?.getItem(KEY(workspaceId, id));
    if (!raw) return null;
    storage?.removeItem(KEY(workspaceId, id));
    const tail = JSON.parse(raw) as Partial<ConversationTail>;
    return typeof tail.savedAt === 'number' && tail.content && Array.isArray(tail.content.messages) ? (tail as ConversationTail) : null;
  } catch {
    return null;
  }
}

export function dropTail(workspaceId: string, id: string, storage: Storage | undefined = globalThis.sessionStorage): void {
  try {
    storage?.removeItem(KEY(workspaceId, id));
  } catch {
    // Nothing kept, nothing to drop.
  }
}
