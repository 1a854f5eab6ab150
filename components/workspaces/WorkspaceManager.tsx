'use client';

import { useCallback, useState, type ReactNode } from 'react';
import type { WorkspaceMeta } from '@/lib/workspace/types';
import { DropZone, ImportButtons } from './ImportControls';
import { GitImportDialog } from './GitImportDialog';
import { NewWorkspaceDialog } from './NewWorkspaceDialog';
import { navigateToWorkspace } from '../../lib/workspace/launcher/navigate';
import { useImport } from './useImport';
import { WorkspaceListView } from './WorkspaceListView';
import type { TemplateOption } from '../../lib/workspace/launcher/template-options';
import type { WorkspaceList } from './useWorkspaceList';
import styles from './workspaces.module.css';

interface WorkspaceManagerProps {
  /** The "New workspace" picker's choices, Empty first (see templateOptions). */
  templates: readonly TemplateOption[];
  /** The saved workspaces (useWorkspaceList), shared with whatever else the page does with them. */
  list: WorkspaceList;
  currentId?: string | null;
  /** Extra toolbar controls (the switcher adds "Export as zip" and "Close workspace"). */
  extraActions?: ReactNode;
}

/**
 * Everything about the list of workspaces: new (from a template), import (zip, folder, drop, Git), and the list
 * itself. Used by the launcher (no workspace open) and by the "Workspaces" dialog.
 */
export function WorkspaceManager({ templates, list, currentId = null, extraActions }: WorkspaceManagerProps) {
  const [creating, setCreating] = useState(false);
  const [cloning, setCloning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = useCallback((id: string) => navigateToWorkspace(id), []);
  const onImported = useCallback((meta: WorkspaceMeta) => navigateToWorkspace(meta.id), []);
  const importer = useImport(list, onImported);
  const busy = importer.progress !== null;

  return (
    <DropZone onDrop={(transfer) => void importer.importDrop(transfer)} disabled={busy}>
      <div role="toolbar" aria-label="Workspace actions" className={styles.toolbar}>
        <button type="button" className={styles.primary} disabled={busy} onClick={() => setCreating(true)}>
          New workspace
        </button>
        <ImportButtons
          progress={importer.progress}
          onZip={(file) => void importer.importZipFile(file)}
          onFolder={(files) => void importer.importFolderFiles(files)}
          onGit={() => setCloning(true)}
        />
        {extraActions}
      </div>
      {importer.progress && (
        <div className={styles.progressRow}>
          <p role="status" className={styles.progress}>
            {importer.progress}
          </p>
          {importer.cancellable && (
            <button type="button" onClick={importer.cancel}>
              Cancel import
            </button>
          )}
        </div>
      )}
      {(importer.error ?? error) && (
        <div role="alert" className={styles.alert}>
          <span>{importer.error ?? error}</span>
          <button
            type="button"
            onClick={() => {
              importer.clearError();
              setError(null);
            }}
          >
            Dismiss
          </button>
        </div>
      )}
      <WorkspaceListView list={list} currentId={currentId} onOpen={open} templates={templates} onError={setError} />
      {cloning && <GitImportDialog onClose={() => setCloning(false)} onClone={(url, branch) => void importer.importGit(url, branch)} />}
      {creating && (
        <NewWorkspaceDialog
          templates={templates}
          onClose={() => setCreating(false)}
          onCreate={async (name, template) => {
            const meta = await list.create({ name, template });
            navigateToWorkspace(meta.id);
          }}
        />
      )}
    </DropZone>
  );
}
