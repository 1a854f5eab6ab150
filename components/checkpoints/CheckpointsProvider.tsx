'use client';

/**
 * The checkpoints of the open workspace as the chat shows them: the list (re-read whenever it changes), the
 * turns of the open conversation, and the actions every view shares — restore (all or some paths), undo the
 * last restore, rewind the conversation. One place so a restore from a review, the timeline or an error
 * suggestion all leave the same "Undo restore" behind and tell the agent once.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { IdeUIMessage } from '@/lib/agent/messages';
import { errorMessage } from '@/lib/error-message';
import { listCheckpoints, restoreCheckpoint, subscribeCheckpoints, type CheckpointMeta } from '@/lib/workspace/checkpoints';
import type { WorkspaceStore } from '@/lib/workspace/types';
import { noteRestored } from '../../lib/workspace/checkpoints/restore-notice';
import { turnCheckpoints, turnsByEndMessage, type Turn } from '../../lib/workspace/checkpoints/turns';

interface LastRestore {
  label: string;
  /** The checkpoint taken just before the restore: restoring it undoes the restore. */
  before: CheckpointMeta;
  /** Paths the runtime refused or that were locked. */
  problems: string[];
}

export interface CheckpointsValue {
  store: WorkspaceStore;
  workspaceId: string;
  conversationId: string;
  busy: boolean;
  checkpoints: CheckpointMeta[];
  turns: Map<string, Turn>;
  /** Bumps whenever the live files may differ from what a view last diffed. */
  version: number;
  lastRestore: LastRestore | null;
  error: string | null;
  restore: (checkpoint: CheckpointMeta, paths?: string[]) => Promise<boolean>;
  undoRestore: () => Promise<void>;
  dismissRestore: () => void;
  /** Restores the files to before `messageId`'s turn and drops that message and everything after it. */
  rewind: (messageId: string) => Promise<void>;
  canRewind: (checkpoint: CheckpointMeta) => boolean;
  refresh: () => void;
}

const CheckpointsContext = createContext<CheckpointsValue | null>(null);

/** The checkpoints of the chat around it; null outside a chat (views then render nothing). */
export function useCheckpoints(): CheckpointsValue | null {
  return useContext(CheckpointsContext);
}

interface ProviderProps {
  store: WorkspaceStore;
  workspaceId: string;
  conversationId: string;
  messages: IdeUIMessage[];
  setMessages: (messages: IdeUIMessage[]) => void;
  busy: boolean;
  children: ReactNode;
}

export function CheckpointsProvider({ store, workspaceId, conversationId, messages, setMessages, busy, children }: ProviderProps) {
  const [checkpoints, setCheckpoints] = useState<CheckpointMeta[]>([]);
  const [version, setVersion] = useState(0);
  const [lastRestore, setLastRestore] = useState<LastRestore | null>(null);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(() => {
    listCheckpoints(workspaceId).then(setCheckpoints, (e: unknown) => setError(`Checkpoints could not be read: ${errorMessage(e)}`));
  }, [workspaceId]);
  useEffect(() => {
    refresh();
    return subscribeCheckpoints(workspaceId, refresh);
  }, [workspaceId, refresh]);
  // A run that ends has changed the live files: the last turn's counts are read again.
  const [wasBusy, setWasBusy] = useState(busy);
  if (wasBusy !== busy) {
    setWasBusy(busy);
    if (!busy) setVersion((v) => v + 1);
  }

  const restore = useCallback(
    async (checkpoint: CheckpointMeta, paths?: string[]) => {
      setError(null);
      try {
        const result = await restoreCheckpoint(store, checkpoint.id, paths ? { paths } : {});
        const what = paths && paths.length === 1 ? `${paths[0]?.replace(/^\/+/, '')} from “${checkpoint.label}”` : `“${checkpoint.label}”`;
        noteRestored(workspaceId, paths ? `${checkpoint.label} (only ${paths.join(', ')})` : checkpoint.label);
        setLastRestore({
          label: what,
          before: result.before,
          problems: [...result.skipped.map((p) => `${p} (locked)`), ...result.failed.map((f) => `${f.path} (${f.reason})`)],
        });
        return true;
      } catch (e) {
        setError(`Restore failed: ${errorMessage(e)}`);
        return false;
      } finally {
        setVersion((v) => v + 1);
      }
    },
    [store, workspaceId],
  );

  const undoRestore = useCallback(async () => {
    if (!lastRestore) return;
    const { before } = lastRestore;
    setError(null);
    try {
      await restoreCheckpoint(store, before.id);
      noteRestored(workspaceId, before.label);
      setLastRestore(null);
    } catch (e) {
      setError(`Undo failed: ${errorMessage(e)}`);
    } finally {
      setVersion((v) => v + 1);
    }
  }, [lastRestore, store, workspaceId]);

  const turnsByMessage = useMemo(() => turnCheckpoints(checkpoints, conversationId), [checkpoints, conversationId]);
  const canRewind = useCallback(
    (checkpoint: CheckpointMeta) =>
      checkpoint.kind === 'turn' && checkpoint.conversationId === conversationId && messages.some((m) => m.id === checkpoint.messageId),
    [conversationId, messages],
  );

  const rewind = useCallback(
    async (messageId: string) => {
      const checkpoint = turnsByMessage.get(messageId);
      const index = messages.findIndex((message) => message.id === messageId);
      if (!checkpoint || index < 0) return;
      if (await restore(checkpoint)) setMessages(messages.slice(0, index));
    },
    [turnsByMessage, messages, restore, setMessages],
  );

  const turns = useMemo(() => turnsByEndMessage(messages, checkpoints, conversationId), [messages, checkpoints, conversationId]);
  const value = useMemo<CheckpointsValue>(
    () => ({
      store,
      workspaceId,
      conversationId,
      busy,
      checkpoints,
      turns,
      version,
      lastRestore,
      error,
      restore,
      undoRestore,
      dismissRestore: () => setLastRestore(null),
      rewind,
      canRewind,
      refresh,
    }),
    [store, workspaceId, conversationId, busy, checkpoints, turns, version, lastRestore, error, restore, undoRestore, rewind, canRewind, refresh],
  );
  return <CheckpointsContext.Provider value={value}>{children}</CheckpointsContext.Provider>;
}
