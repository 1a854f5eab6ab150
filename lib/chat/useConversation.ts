'use client';

/**
 * A workspace's conversations for the chat panel: the list, the open one (the last opened, on load), and
 * new / rename / delete / switch. The open conversation's messages are saved back while it changes:
 * debounced while streaming, at once when a response finishes, and on pagehide (a reload must not lose the
 * last message).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatStatus } from 'ai';
import type { AgentMode, IdeUIMessage } from '@/lib/agent/messages';
import {
  createConversation,
  deleteConversation,
  emptyConversation,
  listConversations,
  loadConversationRecord,
  parseData,
  MAIN_CONVERSATION,
  saveConversation,
  settleInterrupted,
  updateConversation,
  type ConversationData,
  type ConversationSummary,
} from './conversation-store';
import { errorMessage } from '../error-message';
import { dropTail, keepTail, takeTail } from './conversation-tail';

const SAVE_DEBOUNCE_MS = 400;

export interface OpenConversation {
  workspaceId: string;
  id: string;
  data: ConversationData;
}

export interface Conversations {
  /** Null while the first load runs. */
  open: OpenConversation | null;
  list: ConversationSummary[];
  loadError: string | null;
  create(): Promise<void>;
  switchTo(id: string): Promise<void>;
  rename(id: string, title: string): Promise<void>;
  remove(id: string): Promise<void>;
}

/** The conversation to reopen: the one opened last (a fresh workspace has none yet: `main`, unsaved). */
function lastOpened(list: readonly ConversationSummary[]): string {
  return [...list].sort((a, b) => b.openedAt - a.openedAt || b.createdAt - a.createdAt)[0]?.id ?? MAIN_CONVERSATION;
}

async function openOne(workspaceId: string, id: string): Promise<OpenConversation> {
  const record = await loadConversationRecord(workspaceId, id);
  // A state the page kept on its way out, newer than the last write that committed: that is what was shown.
  const tail = takeTail(workspaceId, id);
  let data = record?.data ?? null;
  if (tail && tail.savedAt > (record?.updatedAt ?? 0)) {
    const kept = parseData({ ...(data ?? emptyConversation()), ...tail.content });
    if (kept) {
      data = kept;
      await saveConversation(workspaceId, id, tail.content).catch(() => undefined);
    }
  }
  return { workspaceId, id, data: data ? { ...data, messages: settleInterrupted(data.messages) } : emptyConversation() };
}

type Pick = (list: ConversationSummary[]) => string | Promise<string>;

/** Runs the change `pick` makes (it returns the conversation to open) and reads back the list and that conversation. */
async function reload(workspaceId: string, pick: Pick): Promise<{ list: ConversationSummary[]; open: OpenConversation }> {
  const id = await pick(await listConversations(workspaceId));
  const open = await openOne(workspaceId, id);
  return { list: await listConversations(workspaceId), open };
}

export function useConversations(workspaceId: string): Conversations {
  const [open, setOpen] = useState<OpenConversation | null>(null);
  const [list, setList] = useState<ConversationSummary[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  /** Only the newest request may show its result (a slow load must not replace a later switch). */
  const generation = useRef(0);

  const show = useCallback(
    (pick: Pick) => {
      const mine = ++generation.current;
      return reload(workspaceId, pick).then(
        (result) => {
          if (mine !== generation.current) return;
          setList(result.list);
          setOpen(result.open);
          setLoadError(null);
        },
        (error: unknown) => {
          if (mine !== generation.current) return;
          setOpen({ workspaceId, id: MAIN_CONVERSATION, data: emptyConversation() });
          setLoadError(`The saved conversations could not be read: ${errorMessage(error)}`);
        },
      );
    },
    [workspaceId],
  );

  useEffect(() => {
    void show(lastOpened);
  }, [show]);

  const switchTo = useCallback(
    (id: string) =>
      show(async () => {
        await updateConversation(workspaceId, id, { openedAt: Date.now() });
        return id;
      }),
    [show, workspaceId],
  );
  const create = useCallback(() => show(() => createConversation(workspaceId)), [show, workspaceId]);
  const rename = useCallback(
    async (id: string, title: string) => {
      await updateConversation(workspaceId, id, { title: title.trim() || null });
      setList(await listConversations(workspaceId));
      setOpen((current) => (current && current.id === id ? { ...current, data: { ...current.data, title: title.trim() || null } } : current));
    },
    [workspaceId],
  );
  const remove = useCallback(
    (id: string) =>
      show(async () => {
        await deleteConversation(workspaceId, id);
        const rest = await listConversations(workspaceId);
        if (open && open.id !== id && rest.some((c) => c.id === open.id)) return open.id;
        if (rest.length > 0) return lastOpened(rest);
        return createConversation(workspaceId);
      }),
    [show, workspaceId, open],
  );

  return { open: open?.workspaceId === workspaceId ? open : null, list, loadError, create, switchTo, rename, remove };
}

export function useConversationSaver(
  workspaceId: string,
  conversationId: string,
  messages: IdeUIMessage[],
  mode: AgentMode,
  status: ChatStatus,
): string | null {
  const [saveError, setSaveError] = useState<string | null>(null);
  const latest = useRef({ mode, messages });
  const dirty = useRef(false);
  const first = useRef(true);

  useEffect(() => {
    latest.current = { mode, messages };
    // The first render shows what was just loaded: nothing to write.
    if (first.current) {
      first.current = false;
      return;
    }
    dirty.current = true;
  }, [messages, mode]);

  /** Writes started and not yet committed: a page leaving now would lose them. */
  const inFlight = useRef(0);

  const save = useCallback(() => {
    if (!dirty.current) return;
    dirty.current = false;
    inFlight.current += 1;
    saveConversation(workspaceId, conversationId, latest.current)
      .then(
        () => {
          setSaveError(null);
          // Committed, and nothing newer waits: a copy kept on the way out is stale now.
          if (inFlight.current === 1 && !dirty.current) dropTail(workspaceId, conversationId);
        },
        (error: unknown) => setSaveError(`The conversation could not be saved: ${errorMessage(error)}`),
      )
      .finally(() => (inFlight.current -= 1));
  }, [workspaceId, conversationId]);
  // Switching conversations unmounts the chat: what the debounce still held is written first.
  useEffect(() => save, [save]);

  useEffect(() => {
    // Finished (ready/error): write now; while streaming, coalesce the many small updates.
    const timer = window.setTimeout(save, status === 'ready' || status === 'error' ? 0 : SAVE_DEBOUNCE_MS);
    // A write still running when the page goes dies with it: keep the state where a reload finds it.
    const leaving = () => {
      if (dirty.current || inFlight.current > 0) keepTail(workspaceId, conversationId, latest.current);
      save();
    };
    window.addEventListener('pagehide', leaving);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('pagehide', leaving);
    };
  }, [save, messages, mode, status, workspaceId, conversationId]);

  return saveError;
}
