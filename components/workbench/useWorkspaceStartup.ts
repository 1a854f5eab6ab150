'use client';

import { useEffect, useRef, useState } from 'react';
import { TerminalRequests } from '@/components/terminal/terminal-requests';
import { getTemplate, isTemplateId } from '@/lib/workspace/templates';
import type { WorkspaceStore } from '@/lib/workspace/types';

/**
 * What happens in the terminal when a workspace opens: its dependencies reinstall (node_modules is never
 * persisted) and a workspace fresh from a template starts its app, both visibly in the active terminal tab.
 * The user's commands are recorded, so a reload restores the last one into the shell's history.
 */
export function useWorkspaceStartup(store: WorkspaceStore | undefined, needsInstall: boolean): TerminalRequests {
  const [requests] = useState(() => {
    const lastCommand = store?.getSnapshot().facts.lastCommand;
    return new TerminalRequests(lastCommand ? [lastCommand] : []);
  });

  useEffect(() => {
    if (!store) return;
    return requests.onCommand((command) => store.recordCommand(command));
  }, [store, requests]);

  // Once per store, although StrictMode runs effects twice: a second `npm install` would be wasted work.
  const startedFor = useRef<WorkspaceStore | null>(null);
  useEffect(() => {
    if (!store || startedFor.current === store) return;
    startedFor.current = store;
    const { meta, facts } = store.getSnapshot();
    if (needsInstall) requests.run('npm install');
    // Never ran anything yet: a workspace just made from a template. Start it, so its preview shows.
    const template = meta.template && isTemplateId(meta.template) ? getTemplate(meta.template) : null;
    if (facts.lastCommand === null && template?.start && !store.getSnapshot().readOnly) {
      requests.run(template.start);
      store.recordCommand(template.start);
    }
  }, [store, needsInstall, requests]);

  return requests;
}
