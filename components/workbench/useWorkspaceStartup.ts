'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { TerminalRequests } from '@/lib/terminal/terminal-requests';
import type { Runtime } from '@/lib/runtime/port';
import { getTemplate, isTemplateId } from '@/lib/workspace/templates';
import type { WorkspaceStore } from '@/lib/workspace/types';
import { planStartup, runStartup, ServerCommandTracker, type SkippedStart } from '../../lib/workbench/startup-sequence';

export interface WorkspaceStartup {
  /** A start skipped because the install failed; null when there is nothing to say. */
  skipped: SkippedStart | null;
  dismiss(): void;
  /** Runs the skipped start command anyway. */
  startAnyway(): void;
}

/** Resolves with the exit code of the next process ending with exactly this command line. */
function nextExit(runtime: Runtime, command: string): Promise<number> {
  return new Promise((resolve) => {
    const stop = runtime.onProcessExit((exit) => {
      if (exit.command.trim() !== command) return;
      stop();
      resolve(exit.exitCode);
    });
  });
}

/**
 * What happens in the terminal when a workspace opens: its dependencies reinstall (node_modules is never
 * persisted), then a workspace fresh from a template starts its app, or a reopened one restarts the dev server
 * that was running when it was last open; both only once the install succeeded. The user's commands are
 * recorded, so a reload restores the last one into the shell's history, and the one serving a port is
 * remembered as the workspace's dev server.
 */
export function useWorkspaceStartup(
  store: WorkspaceStore | undefined,
  needsInstall: boolean,
  runtime: Runtime,
): { requests: TerminalRequests; startup: WorkspaceStartup } {
  const [requests] = useState(() => {
    const lastCommand = store?.getSnapshot().facts.lastCommand;
    return new TerminalRequests(lastCommand ? [lastCommand] : []);
  });
  const [skipped, setSkipped] = useState<SkippedStart | null>(null);
  const [tracker] = useState(() => new ServerCommandTracker(store?.getSnapshot().facts.startCommand ?? null));

  // Effects run twice under StrictMode; this ends true while the workspace is on screen.
  const alive = useRef(false);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  useEffect(() => {
    if (!store) return;
    const remember = (command: string | null | undefined) => {
      if (command !== undefined && !store.getSnapshot().readOnly) store.recordStartCommand(command);
    };
    const stops = [
      requests.onCommand((command) => {
        store.recordCommand(command);
        tracker.started(command.trim());
      }),
      runtime.onProcessExit((exit) => remember(tracker.exited(exit.command.trim()))),
      runtime.onPort((event) => {
        if (event.type === 'open') remember(tracker.portOpened());
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [store, requests, runtime, tracker]);

  // Once per store, although StrictMode runs effects twice: a second `npm install` would be wasted work.
  const startedFor = useRef<WorkspaceStore | null>(null);
  useEffect(() => {
    if (!store || startedFor.current === store) return;
    startedFor.current = store;
    const { meta, facts, readOnly } = store.getSnapshot();
    const template = meta.template && isTemplateId(meta.template) ? getTemplate(meta.template) : null;
    const plan = planStartup({
      needsInstall,
      readOnly,
      fresh: facts.lastCommand === null,
      templateStart: template?.start ?? null,
      startCommand: facts.startCommand ?? null,
    });
    void runStartup(plan, {
      run: (command) => requests.run(command),
      nextExit: (command) => nextExit(runtime, command),
      alive: () => alive.current,
      skipped: setSkipped,
      started: (command, why) => {
        tracker.adopt(command);
        store.recordStartCommand(command);
        // Recorded as the last command too, so a reload does not take the workspace for a fresh one again.
        if (why === 'template') store.recordCommand(command);
      },
    });
  }, [store, needsInstall, requests, runtime, tracker]);

  const dismiss = useCallback(() => setSkipped(null), []);
  const startAnyway = useCallback(() => {
    if (!skipped) return;
    requests.run(skipped.command, { focus: true });
    tracker.adopt(skipped.command);
    store?.recordStartCommand(skipped.command);
    if (skipped.why === 'template') store?.recordCommand(skipped.command);
    setSkipped(null);
  }, [skipped, requests, tracker, store]);

  return { requests, startup: { skipped, dismiss, startAnyway } };
}
