/**
 * A workspace's conversations in IndexedDB (`conversations` store, key [workspaceId, id]). The first
 * conversation a workspace had is `main`; later ones get random ids. Which one the user had open is kept in
 * the records themselves (`openedAt`), so a reload reopens it without another store.
 */
import { z } from 'zod';
import { agentModeSchema, type AgentMode, type IdeUIMessage } from '@/lib/agent/messages';
import { openDatabase } from '@/lib/workspace/db';
import type { StoredConversation } from './conversation-record';
import { awaitsApproval, closeAsError, isIdeToolPart, isSettled } from './tool-parts';
import { conversationChatId, summaryCache } from '@/lib/agent/context/summary-cache';

export const MAIN_CONVERSATION = 'main';
/** Longest name a user can give a conversation. */
export const MAX_TITLE_LENGTH = 80;

export interface ConversationData {
  version: 1;
  mode: AgentMode;
  messages: IdeUIMessage[];
  /** The name the user gave it; null shows the first message instead. */
  title: string | null;
  createdAt: number;
  /** When the user last switched to it: the newest is reopened on load. */
  openedAt: number;
}

/** What the switcher lists: no messages, only what names and orders a conversation. */
export interface ConversationSummary {
  id: string;
  title: string;
  /** The user named it (else the title follows the first message). */
  named: boolean;
  createdAt: number;
  openedAt: number;
}

/** Stored data is untrusted (older versions, other tabs): fields that do not fit fall back to defaults. */
const storedDataSchema = z.object({
  mode: agentModeSchema.catch('balanced'),
  messages: z.array(z.unknown()).catch([]),
  title: z.string().max(MAX_TITLE_LENGTH).nullable().catch(null),
  createdAt: z.number().catch(0),
  openedAt: z.number().catch(0),
});

/** The mode a new conversation starts in. */
export const NEW_CONVERSATION_MODE: AgentMode = 'balanced';

export function emptyConversation(now = Date.now()): ConversationData {
  return { version: 1, mode: NEW_CONVERSATION_MODE, messages: [], title: null, createdAt: now, openedAt: now };
}

function newConversationId(): string {
  return `c-${crypto.randomUUID()}`;
}

/** The name to show: the user's, else the start of the first message, else a placeholder. */
export function conversationTitle(data: Pick<ConversationData, 'title' | 'messages'>): string {
  if (data.title) return data.title;
  const first = data.messages.find((message) => message.role === 'user');
  const text = first?.parts
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return 'New conversation';
  return text.length > 48 ? `${text.slice(0, 47)}…` : text;
}

async function withDb<T>(run: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>): Promise<T> {
  const db = await openDatabase();
  try {
    return await run(db);
  } finally {
    db.close();
  }
}

export async function listConversations(workspaceId: string): Promise<ConversationSummary[]> {
  const records = await withDb((db) => db.getAllFromIndex('conversations', 'byWorkspace', workspaceId));
  return records
    .map((record) => {
      const data = parseData(record.data);
      return (
        data && {
          id: record.id,
          title: conversationTitle(data),
          named: data.title !== null,
          createdAt: data.createdAt || record.updatedAt,
          openedAt: data.openedAt,
        }
      );
    })
    .filter((summary): summary is ConversationSummary => summary !== null)
    .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
}

/** The stored conversation with the time of its last write (to compare with a newer copy kept elsewhere). */
export async function loadConversationRecord(workspaceId: string, id: string): Promise<{ data: ConversationData; updatedAt: number } | null> {
  const stored = await withDb((db) => db.get('conversations', [workspaceId, id]));
  const data = stored ? parseData(stored.data) : null;
  return stored && data ? { data, updatedAt: stored.updatedAt } : null;
}

/**
 * Creates an empty conversation, opened now, and returns its id. Its creation time is kept later than every
 * other conversation's in the workspace, so the list shows them in the order they were made even when two are
 * made within the same millisecond.
 */
export async function createConversation(workspaceId: string, now = Date.now()): Promise<string> {
  const id = newConversationId();
  await withDb(async (db) => {
    const tx = db.transaction('conversations', 'readwrite');
    const existing = await tx.store.index('byWorkspace').getAll(workspaceId);
    const latest = Math.max(0, ...existing.map((record) => parseData(record.data)?.createdAt || record.updatedAt));
    const createdAt = Math.max(now, latest + 1);
    await tx.store.put({ workspaceId, id, updatedAt: createdAt, data: emptyConversation(createdAt) });
    await tx.done;
  });
  return id;
}

/**
 * Writes a conversation's messages and mode. Its name and dates stay as stored, so a rename made while the chat
 * streams is not overwritten by the chat's next save.
 */
export async function saveConversation(workspaceId: string, id: string, content: Pick<ConversationData, 'mode' | 'messages'>): Promise<void> {
  // Messages from useChat are plain data but may hold proxies/frozen objects; structuredClone checks that
  // they survive IndexedDB's clone before the transaction starts.
  const cloned = structuredClone(content);
  await withDb(async (db) => {
    const tx = db.transaction('conversations', 'readwrite');
    const stored = await tx.store.get([workspaceId, id]);
    const base = (stored && parseData(stored.data)) || emptyConversation();
    const record: StoredConversation = { workspaceId, id, updatedAt: Date.now(), data: { ...base, ...cloned } };
    await tx.store.put(record);
    await tx.done;
  });
}

/** Changes a few fields of a stored conversation without touching its messages (rename, reopen). */
export async function updateConversation(workspaceId: string, id: string, change: Partial<Pick<ConversationData, 'title' | 'openedAt'>>): Promise<void> {
  await withDb(async (db) => {
    const tx = db.transaction('conversations', 'readwrite');
    const stored = await tx.store.get([workspaceId, id]);
    const data = stored ? parseData(stored.data) : null;
    if (stored && data) await tx.store.put({ ...stored, data: { ...data, ...change } });
    await tx.done;
  });
}

export async function deleteConversation(workspaceId: string, id: string): Promise<void> {
  await withDb((db) => db.delete('conversations', [workspaceId, id]));
  summaryCache.forget(conversationChatId(workspaceId, id));
}

export function parseData(data: unknown): ConversationData | null {
  if (typeof data !== 'object' || data === null) return null;
  const parsed = storedDataSchema.parse(data);
  const messages = parsed.messages.filter(
    (m): m is IdeUIMessage => typeof m === 'object' && m !== null && typeof (m as IdeUIMessage).id === 'string' && Array.isArray((m as IdeUIMessage).parts),
  );
  return { version: 1, mode: parsed.mode, messages, title: parsed.title, createdAt: parsed.createdAt, openedAt: parsed.openedAt };
}

/**
 * A conversation saved mid-run holds calls that never got a result and text still marked streaming; sent
 * back as they are, the model would see tool calls without results. Close them as interrupted. A call that
 * waits for the user's approval in the last message stays as it is: nothing of it ran, and its card can still
 * be answered after the reload.
 */
export function settleInterrupted(messages: IdeUIMessage[]): IdeUIMessage[] {
  return messages.map((message, index) => {
    let changed = false;
    const last = index === messages.length - 1;
    const parts = message.parts.map((part) => {
      if (isIdeToolPart(part)) {
        if (isSettled(part) || (last && awaitsApproval(part))) return part;
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
