'use client';

/**
 * A small imperative handle on the chat, so other panes (preview errors, failed terminal commands) can send
 * the agent a message without knowing about useChat. The lead creates one per workspace view, passes it to
 * ChatPanel (which registers its sender) and provides it to FixWithAgent buttons through context.
 */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { Listeners } from '@/lib/runtime/listeners';

export interface ChatController {
  /** Sends a user message to the agent; queued by the panel when a run is in progress. False when no panel is mounted. */
  send(text: string): boolean;
  /** True while a ChatPanel is registered. */
  isAvailable(): boolean;
  subscribe(listener: () => void): () => void;
  /** Called by ChatPanel; returns the unregister function. */
  register(sender: (text: string) => void): () => void;
}

export function createChatController(): ChatController {
  let sender: ((text: string) => void) | null = null;
  const listeners = new Listeners<[]>();
  const notify = () => listeners.emit();
  return {
    send(text) {
      if (!sender) return false;
      sender(text);
      return true;
    },
    isAvailable: () => sender !== null,
    subscribe: (listener) => listeners.add(listener),
    register(next) {
      sender = next;
      notify();
      return () => {
        if (sender === next) sender = null;
        notify();
      };
    },
  };
}

const ChatControllerContext = createContext<ChatController | null>(null);

export function ChatControllerProvider({ controller, children }: { controller: ChatController; children: ReactNode }) {
  return <ChatControllerContext.Provider value={controller}>{children}</ChatControllerContext.Provider>;
}

export function useChatController(): ChatController | null {
  return useContext(ChatControllerContext);
}

/** Re-renders when a panel registers or goes away. */
export function useChatAvailable(controller: ChatController | null): boolean {
  return useSyncExternalStore(
    (listener) => controller?.subscribe(listener) ?? (() => {}),
    () => controller?.isAvailable() ?? false,
    () => false,
  );
}
