/**
 * Summaries kept with their conversation (keyed by the chat's id), so a conversation is summarised once per
 * cut rather than on every request, and survives a reload. Stored in localStorage when there is one (a few
 * KB per conversation), in memory otherwise (Node: tests and the bench). Subscribable, so the chat can show
 * where the context was compacted.
 */
import { z } from 'zod';
import { Listeners } from '@/lib/runtime/listeners';
import type { Compaction } from './compact';

const compactionSchema = z.object({
  throughKey: z.string().min(1),
  messageId: z.string().min(1),
  summary: z.string().min(1),
  responses: z.number().int().nonnegative(),
  units: z.number().int().nonnegative(),
  createdAt: z.number(),
});

const PREFIX = 'tabsmith:context-summary:';

export interface SummaryCache {
  get(chatId: string): Compaction | null;
  set(chatId: string, compaction: Compaction): void;
  /** Forgets the summaries of every chat whose id starts with this prefix (a deleted conversation or workspace). */
  forget(chatIdPrefix: string): void;
  /** The compaction whose marker belongs under this message, if any. */
  forMessage(messageId: string): Compaction | null;
  subscribe(listener: () => void): () => void;
}

type KeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export function createSummaryCache(storage: KeyValue | null): SummaryCache {
  const memory = new Map<string, Compaction>();
  const listeners = new Listeners<[]>();
  let loaded = false;
  const load = () => {
    if (loaded || !storage) return;
    loaded = true;
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (!key?.startsWith(PREFIX)) continue;
      try {
        const parsed = compactionSchema.safeParse(JSON.parse(storage.getItem(key) ?? 'null'));
        if (parsed.success) memory.set(key.slice(PREFIX.length), parsed.data);
      } catch {
        // an unreadable entry is as good as none: the conversation is summarised again when needed
      }
    }
  };
  return {
    get(chatId) {
      load();
      return memory.get(chatId) ?? null;
    },
    set(chatId, compaction) {
      load();
      memory.set(chatId, compaction);
      try {
        storage?.setItem(PREFIX + chatId, JSON.stringify(compaction));
      } catch {
        // storage full or blocked: the summary still serves this page's requests
      }
      listeners.emit();
    },
    forget(chatIdPrefix) {
      load();
      for (const chatId of [...memory.keys()]) {
        if (!chatId.startsWith(chatIdPrefix)) continue;
        memory.delete(chatId);
        try {
          storage?.removeItem(PREFIX + chatId);
        } catch {
          // blocked storage: the entry stays, harmless, and is overwritten if the id is ever reused
        }
      }
      listeners.emit();
    },
    forMessage(messageId) {
      load();
      for (const compaction of memory.values()) if (compaction.messageId === messageId) return compaction;
      return null;
    },
    subscribe: (listener) => listeners.add(listener),
  };
}

const browserStorage = (): KeyValue | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

/** The chat id useAgentChat gives a conversation; a workspace's chats share the prefix without a conversation. */
export function conversationChatId(workspaceId: string, conversationId?: string): string {
  return conversationId === undefined ? `workspace:${workspaceId}:` : `workspace:${workspaceId}:${conversationId}`;
}

/** The page's cache (shared by the transport, which writes it, and the chat, which shows markers). */
export const summaryCache: SummaryCache = createSummaryCache(browserStorage());
