'use client';

import type { ReactNode } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';
import styles from './workbench.module.css';
import { WorkspaceTopBar } from './WorkspaceTopBar';

export interface LayoutSlots {
  files: ReactNode;
  filesActions?: ReactNode;
  editor: ReactNode;
  preview: ReactNode;
  terminal: ReactNode;
  agent: ReactNode;
}

/** The panes: file tree | editor | preview on top, terminal below, the agent column on the right. */
export function IdeLayout({ files, filesActions, editor, preview, terminal, agent }: LayoutSlots) {
  return (
    <>
    <WorkspaceTopBar />
    <main aria-label="Tabsmith IDE" className={styles.main}>
      <Group orientation="horizontal" id="tabsmith-columns">
        <Panel id="workbench" defaultSize="74" minSize="40">
          <Group orientation="vertical" id="tabsmith-rows">
            <Panel id="top" defaultSize="62" minSize="15">
              <Group orientation="horizontal" id="tabsmith-top">
                <Panel id="files" defaultSize="20" minSize="10" collapsible>
                  <Region label="Files" actions={filesActions}>
                    {files}
                  </Region>
                </Panel>
                <Separator aria-label="Resize files" className={styles.vsep} />
                <Panel id="editor" defaultSize="42" minSize="15">
                  <Region label="Editor">{editor}</Region>
                </Panel>
                <Separator aria-label="Resize preview" className={styles.vsep} />
                <Panel id="preview" defaultSize="38" minSize="15" collapsible>
                  <Region label="Preview">{preview}</Region>
                </Panel>
              </Group>
            </Panel>
            <Separator aria-label="Resize terminal" className={styles.hsep} />
            <Panel id="terminal" defaultSize="38" minSize="8" collapsible>
              <Region label="Terminal">{terminal}</Region>
            </Panel>
          </Group>
        </Panel>
        <Separator aria-label="Resize agent column" className={styles.vsep} />
        <Panel id="agent" defaultSize="26" minSize="14" collapsible>
          <Region label="Agent">{agent}</Region>
        </Panel>
      </Group>
    </main>
    </>
  );
}

function Region({ label, actions, children }: { label: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={label} className={styles.region}>
      <div className={styles.regionHeader}>
        <h2 className={styles.heading}>{label}</h2>
        {actions}
      </div>
      {/* Focusable by script only (F6 into an empty region); the ring shows whenever focus is inside. */}
      <div className={styles.body} tabIndex={-1} data-region-body="">
        {children}
      </div>
    </section>
  );
}

/** The same layout while the runtime boots or the workspace opens: every pane says what it waits for. */
export function WaitingLayout({ text }: { text: string }) {
  const placeholder = <p className={styles.placeholder}>{text}</p>;
  return <IdeLayout files={placeholder} editor={placeholder} preview={placeholder} terminal={placeholder} agent={placeholder} />;
}
