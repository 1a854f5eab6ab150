'use client';

import { useCallback, useState } from 'react';
import { AuditLog } from '@/components/audit/AuditLog';
import { CommandCenter } from '@/components/commands/CommandCenter';
import { ChatControllerProvider } from '@/components/chat/chat-controller';
import { ChatPanel } from '@/components/chat/ChatPanel';
import { ComputerUsePanel } from '@/components/computer-use/ComputerUsePanel';
import { createComputerUseManager } from '@/lib/computer-use/manager';
import { fixMessage } from '@/components/chat/FixWithAgent';
import { EditorArea } from '@/components/editor/EditorArea';
import { findPreviewFrame, PreviewPanel } from '@/components/preview/PreviewPanel';
import { usePreviewState } from '@/components/preview/usePreviewState';
import { RuntimeHealthNotice } from '@/components/runtime/RuntimeHealthNotice';
import { FailedCommandNotice } from '@/components/terminal/FailedCommandNotice';
import { TerminalPanel } from '@/components/terminal/TerminalPanel';
import { WorkspaceSwitcher } from '@/components/workspaces/WorkspaceSwitcher';
import { revealLine } from '@/lib/editor/reveal';
import { PickedElementSlot } from '@/lib/chat/element-attachment';
import type { Runtime } from '@/lib/runtime/port';
import type { WorkspaceStore } from '@/lib/workspace/types';
import { AgentColumn } from './AgentColumn';
import { FilesColumn } from './FilesColumn';
import { IdeLayout } from './IdeLayout';
import { OpenWorkspaceProvider } from './open-workspace';
import { usePersistentSlots } from './persistent-slots';
import { StartupNotice } from './StartupNotice';
import { useAgentRuntime } from './useAgentRuntime';
import { useRuntimeRestart } from './useRuntimeRestart';
import { useWorkspaceStartup } from './useWorkspaceStartup';
import styles from './workbench.module.css';

interface ReadyWorkspaceProps {
  runtime: Runtime;
  store: WorkspaceStore;
  needsInstall: boolean;
}

/** The IDE once the runtime is booted and the workspace is open: every pane live, the agent included. */
export function ReadyWorkspace({ runtime, store, needsInstall }: ReadyWorkspaceProps) {
  const { requests: terminalRequests, startup } = useWorkspaceStartup(store, needsInstall, runtime);
  useRuntimeRestart(runtime, store, terminalRequests);
  const preview = usePreviewState(runtime);
  // One computer-use manager: sessions the user starts and the agent's preview_check show in the same panel.
  const [computerUse] = useState(() => createComputerUseManager(findPreviewFrame));
  const { controller, toolClient } = useAgentRuntime(runtime, store, terminalRequests, computerUse);
  const [showAudit, setShowAudit] = useState(false);
  // An element picked in the preview waits here for the chat's next message.
  const [pickedElement] = useState(() => new PickedElementSlot());
  const workspaceId = store.getSnapshot().meta.id;
  // Palette commands ("Run the workspace"): the user asked, so the terminal takes focus to show the run.
  const runInTerminal = useCallback((command: string) => terminalRequests.run(command, { focus: true }), [terminalRequests]);

  const fixWithAgent = useCallback((errorText: string) => void controller.send(fixMessage(errorText)), [controller]);
  const revealFile = useCallback(
    (path: string) =>
      void store.openFile(path).then(
        () => revealLine(path, 1),
        () => undefined,
      ),
    [store],
  );

  // Rendered once, whichever layout the window's width picks (see persistent-slots.tsx).
  const { places, portals } = usePersistentSlots({
    files: <FilesColumn store={store} />,
    filesActions: <WorkspaceSwitcher store={store} />,
    editor: <EditorArea store={store} />,
    preview: <PreviewPanel preview={preview} onFix={fixWithAgent} onElementPicked={pickedElement.set} />,
    terminal: (
      <div className={styles.fill}>
        <RuntimeHealthNotice runtime={runtime} />
        <StartupNotice startup={startup} />
        <FailedCommandNotice runtime={runtime} requests={terminalRequests} onFix={fixWithAgent} />
        <TerminalPanel requests={terminalRequests} onStopAll={() => toolClient?.cancelAll()} />
      </div>
    ),
    agent: (
      <AgentColumn
        chat={
          toolClient ? (
            <ChatPanel
              store={store}
              toolClient={toolClient}
              workspaceId={workspaceId}
              previewErrors={preview[0].errors}
              onRevealFile={revealFile}
              controller={controller}
              pickedElement={pickedElement}
            />
          ) : (
            <p className={styles.placeholder}>Starting the agent…</p>
          )
        }
        computerUse={<ComputerUsePanel getPreviewFrame={findPreviewFrame} manager={computerUse} />}
        footer={
          <details className={styles.audit} onToggle={(e) => setShowAudit(e.currentTarget.open)}>
            <summary>Agent audit log</summary>
            {showAudit && <AuditLog workspaceId={workspaceId} />}
          </details>
        }
      />
    ),
  });

  return (
    <ChatControllerProvider controller={controller}>
      <OpenWorkspaceProvider store={store}>
        <CommandCenter store={store} runtime={runtime} runInTerminal={runInTerminal} />
        <IdeLayout {...places} />
        {portals}
      </OpenWorkspaceProvider>
    </ChatControllerProvider>
  );
}
