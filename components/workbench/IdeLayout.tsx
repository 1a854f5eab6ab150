'use client';

import { Group, Panel, Separator, useDefaultLayout } from 'react-resizable-panels';
import { PaneToggles } from './PaneToggles';
import { SettingsButton } from '@/components/settings/SettingsButton';
import topbar from './topbar.module.css';
import { PHONE_QUERY, PhoneLayout, useMediaQuery } from './PhoneLayout';
import { Region, type LayoutSlots } from './layout-parts';
import { PANE_SIZES, usePanes, type PaneId } from './usePanes';
import styles from './workbench.module.css';
import { WorkspaceTopBar } from './WorkspaceTopBar';

/**
 * Pane sizes, hidden panes included, are kept in this browser's localStorage per group, so the layout a person
 * made survives a reload. Nothing in it is private: sizes and which panes show.
 */
function useSavedLayout(id: string) {
  return useDefaultLayout({ id, storage: typeof window === 'undefined' ? undefined : window.localStorage });
}

/** A hideable pane's sizes as the panel takes them (strings without a unit are percentages of the group). */
function paneSizes(id: PaneId): { defaultSize: string; minSize: string } {
  const { defaultSize, minSize } = PANE_SIZES[id];
  return { defaultSize: `${defaultSize}`, minSize: `${minSize}` };
}

/**
 * The panes: file tree | editor | preview on top, terminal below, the agent column on the right; below
 * PHONE_QUERY's width one pane at a time, chosen by tabs.
 */
export function IdeLayout(slots: LayoutSlots) {
  return useMediaQuery(PHONE_QUERY) ? <PhoneLayout {...slots} /> : <WideLayout {...slots} />;
}

function WideLayout({ files, filesActions, editor, preview, terminal, agent }: LayoutSlots) {
  const panes = usePanes();
  const columns = useSavedLayout('tabsmith-columns');
  const rows = useSavedLayout('tabsmith-rows');
  const top = useSavedLayout('tabsmith-top');
  return (
    <>
      <WorkspaceTopBar
        actions={
          <>
            <PaneToggles panes={panes} />
            <SettingsButton className={topbar.toggle} />
          </>
        }
      />
      <main aria-label="Tabsmith IDE" className={styles.main}>
        <Group orientation="horizontal" id="tabsmith-columns" {...columns}>
          <Panel id="workbench" defaultSize="74" minSize="40">
            <Group orientation="vertical" id="tabsmith-rows" {...rows}>
              <Panel id="top" defaultSize="62" minSize="15">
                <Group orientation="horizontal" id="tabsmith-top" {...top}>
                  <Panel id="files" {...paneSizes('files')} collapsible panelRef={panes.refs.files} onResize={panes.onResize('files')}>
                    <Region label="Files" actions={filesActions} hidden={panes.hidden.files}>
                      {files}
                    </Region>
                  </Panel>
                  <Separator aria-label="Resize files" className={styles.vsep} />
                  <Panel id="editor" defaultSize="42" minSize="15">
                    <Region label="Editor">{editor}</Region>
                  </Panel>
                  <Separator aria-label="Resize preview" className={styles.vsep} />
                  <Panel id="preview" {...paneSizes('preview')} collapsible panelRef={panes.refs.preview} onResize={panes.onResize('preview')}>
                    <Region label="Preview" hidden={panes.hidden.preview}>
                      {preview}
                    </Region>
                  </Panel>
                </Group>
              </Panel>
              <Separator aria-label="Resize terminal" className={styles.hsep} />
              <Panel id="terminal" {...paneSizes('terminal')} collapsible panelRef={panes.refs.terminal} onResize={panes.onResize('terminal')}>
                <Region label="Terminal" hidden={panes.hidden.terminal}>
                  {terminal}
                </Region>
              </Panel>
            </Group>
          </Panel>
          <Separator aria-label="Resize agent column" className={styles.vsep} />
          <Panel id="agent" {...paneSizes('agent')} collapsible panelRef={panes.refs.agent} onResize={panes.onResize('agent')}>
            <Region label="Agent" hidden={panes.hidden.agent}>
              {agent}
            </Region>
          </Panel>
        </Group>
      </main>
    </>
  );
}

/** The same layout while the runtime boots or the workspace opens: every pane says what it waits for. */
export function WaitingLayout({ text }: { text: string }) {
  const placeholder = <p className={styles.placeholder}>{text}</p>;
  return <IdeLayout files={placeholder} editor={placeholder} preview={placeholder} terminal={placeholder} agent={placeholder} />;
}
