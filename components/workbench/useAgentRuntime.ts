'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { createChatController } from '@/components/chat/chat-controller';
import { createPreviewCheckHook } from '@/lib/computer-use/manager';
import { findPreviewFrame } from '@/components/preview/PreviewPanel';
import { createPreviewLogsHook } from '@/lib/preview/preview-logs';
import type { SessionManager } from '@/lib/computer-use/session-types';
import type { TerminalRequests } from '@/lib/terminal/terminal-requests';
import { recordAudit } from '@/lib/agent/audit';
import { getTabId } from '@/lib/agent/tab-id';
import { createToolClient, type ToolClient } from '@/lib/agent/tool-client';
import { Listeners } from '@/lib/runtime/listeners';
import type { Runtime } from '@/lib/runtime/port';
import { openDatabase } from '@/lib/workspace/db';
import type { WorkspaceStore } from '@/lib/workspace/types';
import { startExecutor } from '@/worker/executor';

/**
 * The agent's side of the tab: the executor (behind this tab's BroadcastChannel) acting on the runtime and
 * the store, the chat's client for it, and the controller that lets "Fix with agent" buttons talk to the chat.
 * Background processes the agent starts show in the terminal's "Agent" tab; every call is audited; preview_check
 * runs a computer-use session on the preview through the panel's manager.
 */
export function useAgentRuntime(runtime: Runtime, store: WorkspaceStore, terminalRequests: TerminalRequests, computerUse: SessionManager) {
  const [controller] = useState(createChatController);
  // The client lives as long as the effect that made it (StrictMode makes and closes one first).
  const [current] = useState(() => new CurrentClient());
  const toolClient = useSyncExternalStore(current.subscribe, current.get, () => null);

  useEffect(() => {
    const tabId = getTabId();
    const db = openDatabase();
    const executor = startExecutor({
      tabId,
      runtime,
      store,
      audit: (entry) => db.then((opened) => recordAudit(opened, entry)),
      onBackgroundProcess: (process, command) => terminalRequests.showProcess(process, command),
      previewCheck: createPreviewCheckHook(computerUse),
      previewLogs: createPreviewLogsHook(findPreviewFrame),
    });
    const client = createToolClient({ tabId });
    current.set(client);
    return () => {
      current.set(null);
      client.close();
      executor.stop();
    };
  }, [runtime, store, terminalRequests, current, computerUse]);

  return { controller, toolClient };
}

/** A tiny external store for the live tool client. */
class CurrentClient {
  private client: ToolClient | null = null;
  private readonly listeners = new Listeners<[]>();
  readonly get = () => this.client;
  readonly subscribe = (listener: () => void) => this.listeners.add(listener);
  set(client: ToolClient | null): void {
    this.client = client;
    this.listeners.emit();
  }
}
