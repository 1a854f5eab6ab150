'use client';

import { EditorArea } from '@/components/editor/EditorArea';
import { PreviewPanel } from '@/components/preview/PreviewPanel';
import { usePreviewState } from '@/components/preview/usePreviewState';
import { QuickOpen } from '@/components/quick-open/QuickOpen';
import { FailedCommandNotice } from '@/components/terminal/FailedCommandNotice';
import { TerminalPanel } from '@/components/terminal/TerminalPanel';
import { WorkspaceSwitcher } from '@/components/workspaces/WorkspaceSwitcher';
import type { Runtime } from '@/lib/runtime/port';
import type { WorkspaceStore } from '@/lib/workspace/types';
import { FilesColumn } from './FilesColumn';
import { IdeLayout } from './IdeLayout';
import { useWorkspaceStartup } from './useWorkspaceStartup';
import styles from './workbench.module.css';

interface ReadyWorkspaceProps {
  runtime: Runtime;
  store: WorkspaceStore;
  needsInstall: boolean;
}

/** The IDE once the runtime is booted and the workspace is open: every pane live. */
export function ReadyWorkspace({ runtime, store, needsInstall }: ReadyWorkspaceProps) {
  const terminalRequests = useWorkspaceStartup(store, needsInstall);
  const preview = usePreviewState(runtime);
  const fixWithAgent = (_text: string) => undefined;

  return (
    <>
      <QuickOpen store={store} />
      <IdeLayout
        files={<FilesColumn store={store} />}
        filesActions={<WorkspaceSwitcher store={store} />}
        editor={<EditorArea store={store} />}
        preview={<PreviewPanel preview={preview} onFix={fixWithAgent} />}
        terminal={
          <div className={styles.fill}>
            <FailedCommandNotice runtime={runtime} requests={terminalRequests} onFix={fixWithAgent} />
            <TerminalPanel requests={terminalRequests} />
          </div>
        }
        agent={<p className={styles.placeholder}>The agent chat will live in this column.</p>}
      />
    </>
  );
}
