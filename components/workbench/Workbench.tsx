'use client';

import { useState, type ReactNode } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';
import { FileList } from '@/components/files/FileList';
import { PreviewPanel } from '@/components/preview/PreviewPanel';
import { RuntimeProvider } from '@/components/runtime/RuntimeContext';
import { useRuntimeBoot, type RuntimeBootState } from '@/components/runtime/useRuntimeBoot';
import { StatusBar } from '@/components/status/StatusBar';
import { TerminalPanel } from '@/components/terminal/TerminalPanel';
import { TerminalRequests } from '@/components/terminal/terminal-requests';
import { IsolationWarning } from './IsolationWarning';
import styles from './workbench.module.css';

/** The IDE shell: file tree | editor | preview on top, terminal below, the agent column on the right. */
export default function Workbench() {
  const { state, switchToOffline } = useRuntimeBoot();
  const [terminalRequests] = useState(() => new TerminalRequests());
  const runtime = state.phase === 'ready' ? state.runtime : null;

  const needsRuntime = (content: ReactNode) => (runtime ? content : <p className={styles.placeholder}>{waitingText(state)}</p>);

  return (
    <div className={styles.app}>
      <IsolationWarning />
      {state.phase === 'failed' && <BootFailure state={state} onSwitch={switchToOffline} />}
      <RuntimeProvider value={runtime}>
        <main aria-label="Tabsmith IDE" className={styles.main}>
          <Group orientation="horizontal" id="tabsmith-columns">
            <Panel id="workbench" defaultSize="78" minSize="40">
              <Group orientation="vertical" id="tabsmith-rows">
                <Panel id="top" defaultSize="62" minSize="15">
                  <Group orientation="horizontal" id="tabsmith-top">
                    <Panel id="files" defaultSize="18" minSize="8" collapsible>
                      <Region label="Files">{runtime ? <FileList /> : null}</Region>
                    </Panel>
                    <Separator aria-label="Resize files" className={styles.vsep} />
                    <Panel id="editor" defaultSize="42" minSize="15">
                      <Region label="Editor">
                        <p className={styles.placeholder}>No file open. Files you open from the tree appear here.</p>
                      </Region>
                    </Panel>
                    <Separator aria-label="Resize preview" className={styles.vsep} />
                    <Panel id="preview" defaultSize="40" minSize="15" collapsible>
                      <Region label="Preview">{needsRuntime(<PreviewPanel />)}</Region>
                    </Panel>
                  </Group>
                </Panel>
                <Separator aria-label="Resize terminal" className={styles.hsep} />
                <Panel id="terminal" defaultSize="38" minSize="8" collapsible>
                  <Region label="Terminal">{needsRuntime(<TerminalPanel requests={terminalRequests} />)}</Region>
                </Panel>
              </Group>
            </Panel>
            <Separator aria-label="Resize agent column" className={styles.vsep} />
            <Panel id="agent" defaultSize="22" minSize="12" collapsible>
              <Region label="Agent">
                <p className={styles.placeholder}>The agent chat will live in this column.</p>
              </Region>
            </Panel>
          </Group>
        </main>
      </RuntimeProvider>
      <StatusBar state={state} />
    </div>
  );
}

function Region({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section aria-label={label} className={styles.region}>
      <h2 className={styles.heading}>{label}</h2>
      <div className={styles.body}>{children}</div>
    </section>
  );
}

function waitingText(state: RuntimeBootState): string {
  if (state.phase === 'booting') return state.detail;
  return 'No runtime is running.';
}

/** Shown once, above the panes: why the runtime did not start and the way out. */
function BootFailure({ state, onSwitch }: { state: Extract<RuntimeBootState, { phase: 'failed' }>; onSwitch: () => void }) {
  return (
    <div role="alert" className={styles.bootFailed}>
      <p>{state.message}</p>
      {state.canSwitchToOffline && (
        <button type="button" onClick={onSwitch}>
          Switch to the offline runtime
        </button>
      )}
    </div>
  );
}
