'use client';

/**
 * The transport to POST /api/ai. Its body is evaluated per request, so every step carries the run's mode
 * (fixed when its user message was sent) and a fresh look at the workspace (names and facts only). The
 * messages it sends are bounded (lib/agent/context): the stored conversation keeps everything, the request
 * carries references, trimmed outputs and a cached summary of older turns instead. The user's model choice and
 * own key (Settings) travel as headers on each request.
 */
import { DefaultChatTransport } from 'ai';
import { useState, type RefObject } from 'react';
import { readApprovalSettings, type ApprovalSettings } from '@/lib/agent/approvals/policy';
import { jsonBytes } from '@/lib/agent/context/budget';
import { prepareMessages } from '@/lib/agent/context/prepare';
import { recentlyChangedFiles } from '@/lib/agent/context/recent-files';
import { SUMMARISE_API, summariseVia } from '@/lib/agent/context/summarise-client';
import { summaryCache } from '@/lib/agent/context/summary-cache';
import { agentModeSchema, type AgentMode, type IdeUIMessage } from '@/lib/agent/messages';
import type { Nudge } from '@/lib/agent/step-ending';
import { loadModelOptions } from '@/lib/settings/model-options-client';
import { modeRequestHeaders } from '@/lib/settings/request-headers';
import { loadSettings } from '@/lib/settings/settings-store';
import type { WorkspaceStore } from '@/lib/workspace/types';
import { openFilePaths, readManifest } from './workspace-extras';
import { workspaceStateFrom } from './workspace-state';

const CHAT_API = '/api/ai';

function headersRecord(headers: HeadersInit | undefined): Record<string, string> {
  return headers === undefined ? {} : Object.fromEntries(new Headers(headers).entries());
}

function createChatTransport(getBody: () => object | Promise<object>): DefaultChatTransport<IdeUIMessage> {
  return new DefaultChatTransport<IdeUIMessage>({
    api: CHAT_API,
    body: getBody,
    prepareSendMessagesRequest: async ({ id, messages, body, headers, trigger, messageId }) => {
      const rest: Record<string, unknown> = { ...body, id, trigger, messageId };
      if (rest.workspaceState && typeof rest.workspaceState === 'object')
        rest.workspaceState = { ...rest.workspaceState, recentFiles: recentlyChangedFiles(messages) };
      const mode: AgentMode = agentModeSchema.catch('balanced').parse(rest.mode);
      // The first message can beat the settings' first read from IndexedDB: wait for it (it is read once).
      await Promise.all([loadSettings(), loadModelOptions().catch(() => null)]);
      const settingsHeaders = modeRequestHeaders(mode);
      const prepared = await prepareMessages(messages, {
        chatId: id,
        cache: summaryCache,
        summarise: summariseVia(SUMMARISE_API, mode, fetch, settingsHeaders),
        otherBytes: jsonBytes(rest),
      });
      return { body: { ...rest, messages: prepared.messages }, headers: { ...headersRecord(headers), ...settingsHeaders } };
    },
  });
}

/** One transport per chat; it reads the run's mode and the (current) store from `live` when it sends. */
interface TransportLive {
  runMode: AgentMode;
  store: WorkspaceStore;
  nudge: Nudge | undefined;
  /** The approval settings the latest request carried: the tab applies exactly these to that step's calls. */
  sentApprovals: ApprovalSettings | undefined;
}

export function useChatTransport(live: RefObject<TransportLive>): DefaultChatTransport<IdeUIMessage> {
  const [transport] = useState(() =>
    createChatTransport(async () => {
      const { runMode, store, nudge } = live.current;
      // A nudge belongs to the one request it was set for.
      live.current.nudge = undefined;
      const snapshot = store.getSnapshot();
      const approvals = readApprovalSettings(snapshot.meta.approvals);
      live.current.sentApprovals = approvals;
      const workspaceState = { ...workspaceStateFrom(snapshot), openFiles: openFilePaths(store), manifest: await readManifest(store) };
      return { mode: runMode, workspaceState, approvals, ...(nudge ? { nudge } : {}) };
    }),
  );
  return transport;
}
