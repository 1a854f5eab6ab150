'use client';

/**
 * The agent checks its work: after a turn that changed files, the tab runs the project's own checks (tests,
 * type check, lint: lib/agent/self-check) and reads the preview's errors while a server runs, records the results in the turn's last message, and when one
 * failed hands back a request to fix it, which the chat sends as the next message within the fix-attempt cap.
 * On by default in Balanced and Deep; Fast only when the user turns it on.
 */
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { AgentMode, IdeUIMessage } from '@/lib/agent/messages';
import { CHECK_LABELS, checksFor, type ProjectCheck } from '@/lib/agent/self-check/project-checks';
import { failedChecks, fixRequest, type TurnChecks } from '@/lib/agent/self-check/results';
import type { WorkspaceStore } from '@/lib/workspace/types';
import { runChecks, turnChangedFiles } from './self-check';
import type { ToolRunner } from './tool-runner';
import { readManifest } from './workspace-extras';

export const selfCheckByDefault = (mode: AgentMode): boolean => mode !== 'fast';

interface SelfCheckDeps {
  store: WorkspaceStore;
  toolClient: ToolRunner;
  setMessages: (update: (messages: IdeUIMessage[]) => IdeUIMessage[]) => void;
}

interface AfterTurn {
  mode: AgentMode;
  /** Fix attempts left in this run (shared with Auto-fix). */
  attemptsLeft: number;
  /** The user pressed Stop while the checks ran: record what ran, ask for nothing. */
  stopped: () => boolean;
}

export function useSelfCheck({ store, toolClient, setMessages }: SelfCheckDeps) {
  /** null: the mode decides; a boolean: the user's choice, for every mode, until the conversation closes. */
  const [choice, setChoice] = useState<boolean | null>(null);
  const [running, setRunning] = useState<ProjectCheck | null>(null);
  // The latest values for afterTurn, which the chat calls outside render.
  const deps = useRef({ store, toolClient, choice });
  useLayoutEffect(() => {
    deps.current = { store, toolClient, choice };
  });

  const enabledFor = useCallback((mode: AgentMode) => choice ?? selfCheckByDefault(mode), [choice]);

  /** Runs the checks after a turn; returns the fix request to send, or null when there is nothing to fix. */
  const afterTurn = useCallback(
    async (message: IdeUIMessage, turn: AfterTurn): Promise<string | null> => {
      const current = deps.current;
      if (message.role !== 'assistant' || !(current.choice ?? selfCheckByDefault(turn.mode)) || !turnChangedFiles(message)) return null;
      const snapshot = current.store.getSnapshot();
      const checks = checksFor(await readManifest(current.store), snapshot.facts.ports.length > 0);
      if (checks.length === 0) return null;
      let results;
      try {
        results = await runChecks(checks, current.toolClient, setRunning, turn.stopped);
      } finally {
        setRunning(null);
      }
      // Only the preview was to be read and it had no page: nothing was checked, so nothing is shown.
      if (results.length === 0) return null;
      const failed = failedChecks({ results });
      const exhausted = failed.length > 0 && turn.attemptsLeft <= 0;
      const recorded: TurnChecks = { results, ...(exhausted ? { exhausted } : {}) };
      setMessages((messages) => messages.map((m) => (m.id === message.id ? { ...m, metadata: { ...m.metadata, checks: recorded } } : m)));
      if (failed.length === 0 || exhausted || turn.stopped()) return null;
      return fixRequest(failed);
    },
    [setMessages],
  );

  return {
    enabledFor,
    setEnabled: setChoice,
    /** The check running now, worded for a status line; null when none is. */
    checking: running ? `${CHECK_LABELS[running.kind]} (${running.command})` : null,
    afterTurn,
  };
}
