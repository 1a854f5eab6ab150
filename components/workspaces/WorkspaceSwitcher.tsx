'use client';

import { useId, useRef, useState } from 'react';
import { useModal } from '@/components/files/ConfirmDialog';
import dialogStyles from '@/components/files/dialog.module.css';
import { TEMPLATES } from '@/lib/workspace/templates';
import type { WorkspaceStore } from '@/lib/workspace/types';
import { ExportButton } from './ExportButton';
import { navigateToWorkspace } from '../../lib/workspace/launcher/navigate';
import { templateOptions } from '../../lib/workspace/launcher/template-options';
import { useWorkspaceList } from './useWorkspaceList';
import { WorkspaceManager } from './WorkspaceManager';
import styles from './workspaces.module.css';

/**
 * The "Workspaces" button (for the Files region header or a top bar) and its dialog: the workspace list,
 * new/import, export of the current workspace, and closing it (back to the launcher).
 */
export function WorkspaceSwitcher({ store }: { store: WorkspaceStore }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.headerButton} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Workspaces
      </button>
      {open && <WorkspacesDialog store={store} onClose={() => setOpen(false)} />}
    </>
  );
}

function WorkspacesDialog({ store, onClose }: { store: WorkspaceStore; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useModal(ref);
  const titleId = useId();
  const [exportError, setExportError] = useState<string | null>(null);
  const meta = store.getSnapshot().meta;
  const list = useWorkspaceList();

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={`${dialogStyles.dialog} ${styles.switcherDialog}`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className={styles.dialogHead}>
        <h2 id={titleId}>Workspaces</h2>
        <button type="button" className={styles.closeX} aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      <p className={styles.muted}>
        Current: <strong>{meta.name}</strong>
      </p>
      {exportError && (
        <p role="alert" className={styles.alert}>
          {exportError}
        </p>
      )}
      <WorkspaceManager
        templates={templateOptions(TEMPLATES)}
        list={list}
        currentId={meta.id}
        extraActions={
          <>
            <ExportButton store={store} onError={setExportError} historyOption />
            <button type="button" onClick={() => navigateToWorkspace(null)}>
              Close workspace
            </button>
          </>
        }
      />
    </dialog>
  );
}
