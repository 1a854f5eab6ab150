'use client';

import { useEffect } from 'react';
import { useChatAvailable, useChatController } from '@/components/chat/chat-controller';
import type { WorkspaceStore } from '@/lib/workspace/types';
import { takePendingPrompt } from '../../lib/workspace/launcher/pending-prompt';

/**
 * Starts the agent on the prompt the launcher left for this workspace, as the conversation's first message,
 * once the chat is there. The prompt is taken before it is sent, so neither StrictMode's second effect run nor
 * a reload can send it twice. A tab that only reads the workspace leaves it for the tab that writes it.
 */
export function useSendPendingPrompt(store: WorkspaceStore | null): void {
  const controller = useChatController();
  const available = useChatAvailable(controller);
  useEffect(() => {
    if (!store || !controller || !available || store.getSnapshot().readOnly) return;
    const prompt = takePendingPrompt(store.getSnapshot().meta.id);
    if (prompt !== null) controller.send(prompt);
  }, [store, controller, available]);
}
