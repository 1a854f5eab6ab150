'use client';

import { useState } from 'react';
import { ConfirmDialog } from '@/components/files/ConfirmDialog';
import { NameForm } from '@/components/files/NameForm';
import { errorMessage } from '@/lib/files/errors';
import { describeUpdated } from '@/lib/ui/workspace-url';
import type { WorkspaceMeta } from '@/lib/workspace/types';
import { templateName, type TemplateOption } from '../../lib/workspace/launcher/template-options';
import type { WorkspaceList } from './useWorkspaceList';
import styles from './workspaces.module.css';

interface WorkspaceListViewProps {
  list: WorkspaceList;
  /** The workspace open in this tab, if any: it cannot be deleted from under itself. */
  currentId?: string | null;
  onOpen: (id: string) => void;
  /** For the template each workspace came from ("Vite + React · updated …"). */
  templates: readonly TemplateOption[];
  /** Where failures of list actions are shown (the launcher's or the dialog's alert). */
  onError: (message: string | null) => void;
}

/** The saved workspaces, newest first, each with Open, Rename, Duplicate and Delete. */
export function WorkspaceListView({ list, currentId, onOpen, templates, onError }: WorkspaceListViewProps) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WorkspaceMeta | null>(null);
  const [busy, setBusy] = useState(false);

  if (list.loadError)
    return (
      <p role="alert" className={styles.alert}>
        {list.loadError}
      </p>
    );
  if (!list.workspaces) return <p className={styles.muted}>Loading workspaces…</p>;
  if (list.workspaces.length === 0) return <p className={styles.muted}>No workspaces yet. Create one from a template, or import a .zip or a folder.</p>;

  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      onError(null);
    } catch (error) {
      onError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ul aria-label="Saved workspaces" className={styles.list}>
        {list.workspaces.map((ws) => {
          const current = ws.id === currentId;
          return (
            <li key={ws.id} aria-label={ws.name} className={current ? `${styles.item} ${styles.current}` : styles.item}>
              {renaming === ws.id ? (
                <NameForm
                  label={`New name for ${ws.name}`}
                  initial={ws.name}
                  onSubmit={async (name) => {
                    await list.rename(ws.id, name);
                    setRenaming(null);
                  }}
                  onCancel={() => setRenaming(null)}
                />
              ) : (
                <div className={styles.itemText}>
                  <span className={styles.name}>{ws.name}</span>
                  <span className={styles.muted}>
                    {current ? 'Open in this tab · ' : ''}
                    {ws.template ? `${templateName(templates, ws.template)} · ` : ''}updated{' '}
                    <time dateTime={new Date(ws.updatedAt).toISOString()}>{describeUpdated(ws.updatedAt)}</time>
                  </span>
                </div>
              )}
              <div className={styles.itemActions}>
                <button type="button" aria-label={`Open ${ws.name}`} disabled={busy || current} onClick={() => onOpen(ws.id)}>
                  Open
                </button>
                <button
                  type="button"
                  aria-label={`Rename ${ws.name}`}
                  // The open store keeps its own copy of the metadata and would write the old name back.
                  disabled={busy || current}
                  title={current ? 'Close this workspace first to rename it' : undefined}
                  onClick={() => setRenaming(ws.id)}
                >
                  Rename
                </button>
                <button type="button" aria-label={`Duplicate ${ws.name}`} disabled={busy} onClick={() => void act(() => list.duplicate(ws.id))}>
                  Duplicate
                </button>
                <button
                  type="button"
                  aria-label={`Delete ${ws.name}`}
                  // Deleting the open workspace would race its own pending saves; close it first.
                  disabled={busy || current}
                  title={current ? 'Close this workspace first to delete it' : undefined}
                  className={styles.dangerText}
                  onClick={() => setDeleting(ws)}
                >
                  Delete
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {deleting && (
        <ConfirmDialog
          title={`Delete workspace "${deleting.name}"?`}
          confirmLabel="Delete"
          danger
          busy={busy}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const id = deleting.id;
            setDeleting(null);
            void act(() => list.remove(id));
          }}
        >
          <p>Its files, tabs and conversations are deleted from this browser. Export it as a .zip first to keep a copy.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
