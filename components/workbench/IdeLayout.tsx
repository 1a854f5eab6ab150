'use client';

import type { ReactNode } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';
import { EditorArea } from '@/components/editor/EditorArea';
import { FileTree } from '@/components/files/FileTree';
import { PreviewPanel } from '@/components/preview/PreviewPanel';
import { QuickOpen } from '@/components/quick-open/QuickOpen';
import { SearchPanel } from '@/components/search/SearchPanel';
import { TerminalPanel } from '@/components/terminal/TerminalPanel';
import type { TerminalRequests } from '@/components/terminal/terminal-requests';
import { PersistenceAlert } from '@/components/workspaces/PersistenceAlert';
import { WorkspaceSwitcher } from '@/components/workspaces/WorkspaceSwitcher';
import type { WorkspaceStore } from '@/lib/workspace/types';
import styles from './workbench.module.css';

interface IdeLayoutProps {
  /** Null until the workspace is open: the panes that need it say what they wait for. */
  store: WorkspaceStore | null;
  /** Null until a runtime is booted. */
  terminalRequests: TerminalRequests | null;
  waiting: string;
}

/** The panes: file tree | editor | preview on top, terminal below, the agent column on the right. */
export function IdeLayout({ store, terminalRequests, waiting }: IdeLayoutProps) {
  const placeholder = <p className={styles.placeholder}>{waiting}</p>;
  return (
    <main aria-label="Tabsmith IDE" className={styles.main}>
      {store && <QuickOpen store={store} />}
      <Group orientation="horizontal" id="tabsmith-columns">
        <Panel id="workbench" defaultSize="78" minSize="40">
          <Group orientation="vertical" id="tabsmith-rows">
            <Panel id="top" defaultSize="62" minSize="15">
              <Group orientation="horizontal" id="tabsmith-top">
                <Panel id="files" defaultSize="20" minSize="10" collapsible>
                  <Region label="Files" actions={store && <WorkspaceSwitcher store={store} />}>
                    {store ? <FilesColumn store={store} /> : placeholder}
                  </Region>
                </Panel>
                <Separator aria-label="Resize files" className={styles.vsep} />
                <Panel id="editor" defaultSize="42" minSize="15">
                  <Region label="Editor">{store ? <EditorArea store={store} /> : placeholder}</Region>
                </Panel>
                <Separator aria-label="Resize preview" className={styles.vsep} />
                <Panel id="preview" defaultSize="38" minSize="15" collapsible>
                  <Region label="Preview">{store ? <PreviewPanel /> : placeholder}</Region>
                </Panel>
              </Group>
            </Panel>
            <Separator aria-label="Resize terminal" className={styles.hsep} />
            <Panel id="terminal" defaultSize="38" minSize="8" collapsible>
              <Region label="Terminal">
                {store && terminalRequests ? <TerminalPanel requests={terminalRequests} /> : placeholder}
              </Region>
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
  );
}

function FilesColumn({ store }: { store: WorkspaceStore }) {
  return (
    <Group orientation="vertical" id="tabsmith-files">
      <Panel id="tree" defaultSize="65" minSize="20">
        <div className={styles.fill}>
          <PersistenceAlert store={store} />
          <FileTree store={store} />
        </div>
      </Panel>
      <Separator aria-label="Resize search" className={styles.hsep} />
      <Panel id="search" defaultSize="35" minSize="10" collapsible>
        <div className={styles.fill}>
          <SearchPanel store={store} />
        </div>
      </Panel>
    </Group>
  );
}

function Region({ label, actions, children }: { label: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={label} className={styles.region}>
      <div className={styles.regionHeader}>
        <h2 className={styles.heading}>{label}</h2>
        {actions}
      </div>
      <div className={styles.body}>{children}</div>
    </section>
  );
}
