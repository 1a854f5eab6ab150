'use client';

import { useEffect } from 'react';
import type { TerminalRequests } from '@/lib/terminal/terminal-requests';
import type { Runtime } from '@/lib/runtime/port';
import { openDatabase } from '@/lib/workspace/db';
import { restoreIntoRuntime } from '@/lib/workspace/restore';
import type { WorkspaceStore } from '@/lib/workspace/types';
import { errorMessage } from '@/lib/error-message';

/**
 * When the runtime replaces a stuck engine, the new one starts empty: put the saved files back and reinstall
 * dependencies in the terminal, as opening the workspace does.
 */
export function useRuntimeRestart(runtime: Runtime, store: WorkspaceStore, requests: TerminalRequests): void {
  useEffect(() => {
    if (!runtime.onRestart) return;
    return runtime.onRestart(() => {
      void (async () => {
        try {
          const restored = await restoreIntoRuntime(runtime, store, await openDatabase());
          if (restored.needsInstall) requests.run('npm install');
        } catch (error) {
          console.error('Restoring the workspace after a runtime restart failed', errorMessage(error));
        }
      })();
    });
  }, [runtime, store, requests]);
}
