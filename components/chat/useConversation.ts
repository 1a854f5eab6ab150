'use client';

/**
 * Loading a workspace's conversation once, and saving it back: debounced while it changes, at once when a
 * response finishes, and on pagehide (a reload must not lose the last message).
 */
import { useEffect, useRef, useState } from 'react';
import type { ChatStatus } from 'ai';
import type { AgentMode, IdeUIMessage } from '@/lib/agent/messages';
import { loadConversation, saveConversation, settleInterrupted, type ConversationData } from './conversation-store';
import { errorMessage } from '../../lib/error-message';

const SAVE_DEBOUNCE_MS = 400;

export type LoadState = { phase: 'loading' } | { phase: 'ready'; data: ConversationData; loadError: string | null };

export function useLoadedConversation(workspaceId: string): LoadState {
  const [state, setState] = useState<{ id: string; value: LoadState } | null>(null);
  useEffect(() => {
    let cancelled = false;
    loadConversation(workspaceId).then(
      (data) => {
        if (cancelled) return;
        const restored: ConversationData = data
          ? { ...data, messages: settleInterrupted(data.messages) }
          : { version: 1, mode: 'balanced', messages: [] };
        setState({ id: workspaceId, value: { phase: 'ready', data: restored, loadError: null } });
      },
      (error: unknown) => {
        if (cancelled) return;
        const message = errorMessage(error);
        setState({ id: workspaceId, value: { phase: 'ready', data: { version: 1, mode: 'balanced', messages: [] }, loadError: `The saved conversation could not be read: ${message}` } });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [workspaceId]);
  return state?.id === workspaceId ? state.value : { phase: 'loading' };
}

export function useConversationSaver(workspaceId: string, messages: IdeUIMessage[], mode: AgentMode, status: ChatStatus): string | null {
  const [saveError, setSaveError] = useState<string | null>(null);
  const latest = useRef<ConversationData>({ version: 1, mode, messages });
  const dirty = useRef(false);
  const first = useRef(true);

  useEffect(() => {
    latest.current = { version: 1, mode, messages };
    // The first render shows what was just loaded: nothing to write.
    if (first.current) {
      first.current = false;
      return;
    }
    dirty.current = true;
  }, [messages, mode]);

  useEffect(() => {
    const save = () => {
      if (!dirty.current) return;
      dirty.current = false;
      saveConversation(workspaceId, latest.current).then(
        () => setSaveError(null),
        (error: unknown) => setSaveError(`The conversation could not be saved: ${errorMessage(error)}`),
      );
    };
    // Finished (ready/error): write now; while streaming, coalesce the many small updates.
    const timer = window.setTimeout(save, status === 'ready' || status === 'error' ? 0 : SAVE_DEBOUNCE_MS);
    window.addEventListener('pagehide', save);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('pagehide', save);
    };
  }, [workspaceId, messages, mode, status]);

  return saveError;
}
