/**
 * The conversation of a workspace in IndexedDB (`conversations` store, key [workspaceId, 'main']). One
 * conversation per workspace for now; the id leaves room for more.
 */
import { agentModeSchema, type AgentMode, type IdeUIMessage } from '@/lib/agent/messages';
import { openDatabase, type StoredConversation } from '@/lib/workspace/db';
import { closeAsError, isIdeToolPart, isSettled } from './tool-parts';

export const MAIN_CONVERSATION = 'main';

export interface ConversationData {
  version: 1;
  mode: AgentMode;
  messages: IdeUIMessage[];
}

export async function loadConversation(workspaceId: string): Promise<ConversationData | null> {
  const db = await openDatabase();
  try {
    const stored = await db.get('conversations', [workspaceId, MAIN_CONVERSATION]);
    return stored ? parseData(stored.data) : null;
  } finally {
    db.close();
  }
}

export async function saveConversation(workspaceId: string, data: ConversationData): Promise<void> {
  const db = await openDatabase();
  try {
    // Messages from useChat are plain data but may hold proxies/frozen objects; structuredClone checks that
    // they survive IndexedDB's clone before the transaction starts.
    const record: StoredConversation = { workspaceId, id: MAIN_CONVERSATION, updatedAt: Date.now(), data: structuredClone(data) };
    await db.put('conversations', record);
  } finally {
    db.close();
  }
}

export async function deleteConversation(workspaceId: string): Promise<void> {
  const db = await openDatabase();
  try {
    await db.delete('conversations', [workspaceId, MAIN_CONVERSATION]);
  } finally {
    db.close();
  }
}

/** Stored data is untrusted (older versions, other tabs): keep only what has the expected shape. */
function parseData(data: unknown): ConversationData | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  const mode = agentModeSchema.safeParse(record.mode);
  if (!Array.isArray(record.messages)) return null;
  const messages = record.messages.filter(
    (m): m is IdeUIMessage => typeof m === 'object' && m !== null && typeof (m as IdeUIMessage).id === 'string' && Array.isArray((m as IdeUIMessage).parts),
  );
  return { version: 1, mode: mode.success ? mode.data : 'balanced', messages };
}

/**
 * A conversation saved mid-run holds calls that never got a result and text still marked streaming; sent
 * back as they are, the model would see tool calls without results. Close them as interrupted.
 */
export function settleInterrupted(messages: IdeUIMessage[]): IdeUIMessage[] {
  return messages.map((message) => {
    let changed = false;
    const parts = message.parts.map((part) => {
      if (isIdeToolPart(part)) {
        if (isSettled(part)) return part;
        changed = true;
        return closeAsError(part, 'Interrupted: the page was reloaded before this call finished.');
      }
      if ((part.type === 'text' || part.type === 'reasoning') && part.state === 'streaming') {
        changed = true;
        return { ...part, state: 'done' } as typeof part;
      }
      return part;
    });
    return changed ? { ...message, parts } : message;
  });
}
