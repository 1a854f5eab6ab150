'use client';

import { Group, Panel, Separator } from 'react-resizable-panels';
import { FileTree } from '@/components/files/FileTree';
import { SearchPanel } from '@/components/search/SearchPanel';
import { PersistenceAlert } from '@/components/workspaces/PersistenceAlert';
import type { WorkspaceStore } from '@/lib/workspace/types';
import styles from './workbench.module.css';

/** The Files region: the tree above, search in files below. */
export function FilesColumn({ store }: { store: WorkspaceStore }) {
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
