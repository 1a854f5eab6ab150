'use client';

/**
 * The transport to POST /api/ai. Its body is evaluated per request, so every step carries the run's mode
 * (fixed when its user message was sent) and a fresh look at the workspace (names and facts only).
 */
import { DefaultChatTransport } from 'ai';
import { useState, type RefObject } from 'react';
import type { AgentMode, IdeUIMessage } from '@/lib/agent/messages';
import type { WorkspaceStore } from '@/lib/workspace/types';
import { workspaceStateFrom } from './workspace-state';

export const CHAT_API = '/api/ai';

export function createChatTransport(getBody: () => object): DefaultChatTransport<IdeUIMessage> {
  return new DefaultChatTransport<IdeUIMessage>({ api: CHAT_API, body: getBody });
}

/** One transport per chat; it reads the run's mode and the (current) store from `live` when it sends. */
export function useChatTransport(live: RefObject<{ runMode: AgentMode; store: WorkspaceStore }>): DefaultChatTransport<IdeUIMessage> {
  const [transport] = useState(() =>
    createChatTransport(() => ({ mode: live.current.runMode, workspaceState: workspaceStateFrom(live.current.store.getSnapshot()) })),
  );
  return transport;
}
