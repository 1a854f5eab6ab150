'use client';

import { useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/files/ConfirmDialog';
import { errorMessage } from '@/lib/error-message';
import { deleteCheckpoint, renameCheckpoint, takeCheckpoint, type CheckpointKind, type CheckpointMeta } from '@/lib/workspace/checkpoints';
import { useCheckpoints, type CheckpointsValue } from './CheckpointsProvider';
import { CheckpointDialog, UndoRestoreNotice } from './CheckpointDialog';
import { SaveCheckpointForm } from './SaveCheckpointForm';
import styles from './checkpoints.module.css';
import controls from '../ui/controls.module.css';

const KIND_TEXT: Record<CheckpointKind, string> = {
  turn: 'Agent turn',
  named: 'Named',
  auto: 'Automatic',
  'before-restore': 'Before a restore',
  import: 'Before an import',
  template: 'Before a template change',
  'visual-edit': 'Before a visual edit',
};

type Pending = { action: 'restore' | 'rewind' | 'delete'; checkpoint: CheckpointMeta } | null;

/** The checkpoints the open conversation can go back to: its own turns plus every other kind. */
export function visibleCheckpoints(checkpoints: readonly CheckpointMeta[], conversationId: string): CheckpointMeta[] {
  return checkpoints.filter((checkpoint) => checkpoint.kind !== 'turn' || checkpoint.conversationId === conversationId);
}

/** The "Checkpoints" button of the chat and the timeline dialog it opens. */
export function CheckpointTimelineButton() {
  const context = useCheckpoints();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  if (!context) return null;
  return (
    <>
      <button ref={opener} type="button" className={controls.button} onClick={() => setOpen(true)} aria-haspopup="dialog">
        Checkpoints
      </button>
      {open && (
        <CheckpointTimeline
          context={context}
          onClose={() => {
            setOpen(false);
            // After the dialog is gone: while it is open the page behind it is inert and cannot take focus.
            window.setTimeout(() => opener.current?.focus(), 0);
          }}
        />
      )}
    </>
  );
}

function CheckpointTimeline({ context, onClose }: { context: CheckpointsValue; onClose: () => void }) {
  const [pending, setPending] = useState<Pending>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const { workspaceId, store, conversationId } = context;
  const act = async (work: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await work();
    } catch (e) {
      setProblem(errorMessage(e));
    }
  };
  const confirm = () => {
    if (!pending) return;
    const { action, checkpoint } = pending;
    setPending(null);
    if (action === 'restore') void context.restore(checkpoint);
    else if (action === 'rewind' && checkpoint.messageId) void context.rewind(checkpoint.messageId);
    else if (action === 'delete') void act(() => deleteCheckpoint(workspaceId, checkpoint.id));
  };
  const list = visibleCheckpoints(context.checkpoints, conversationId);

  return (
    <CheckpointDialog className={styles.timelineDialog} title="Checkpoints" closeLabel="Close checkpoints" onClose={onClose} busy={pending !== null}>
      {saving ? (
        <SaveCheckpointForm
          label="Name of the checkpoint"
          submitLabel="Save"
          onCancel={() => setSaving(false)}
          onSubmit={(name) => {
            setSaving(false);
            void act(() => takeCheckpoint(store, { kind: 'named', label: name, conversationId }));
          }}
        />
      ) : (
        <button type="button" className={controls.primaryButton} onClick={() => setSaving(true)}>
          Save checkpoint…
        </button>
      )}
      {(problem ?? context.error) && (
        <p role="alert" className={controls.error}>
          {problem ?? context.error}
        </p>
      )}
      <UndoRestoreNotice context={context} />
      {list.length === 0 && <p className={controls.muted}>No checkpoints yet. One is taken before every agent turn.</p>}
      <ol aria-label="Checkpoint timeline" className={styles.timeline}>
        {list.map((checkpoint) => (
          <li key={checkpoint.id} aria-label={`${checkpoint.label} (${KIND_TEXT[checkpoint.kind]})`} className={styles.timelineItem}>
            {renaming === checkpoint.id ? (
              <SaveCheckpointForm
                label={`New name for ${checkpoint.label}`}
                initial={checkpoint.label}
                submitLabel="Rename"
                onCancel={() => setRenaming(null)}
                onSubmit={(name) => {
                  setRenaming(null);
                  void act(() => renameCheckpoint(workspaceId, checkpoint.id, name));
                }}
              />
            ) : (
              <div className={styles.timelineText}>
                <strong>{checkpoint.label}</strong>
                <span className={`${controls.muted} ${styles.timelineDetail}`}>
                  {KIND_TEXT[checkpoint.kind]} · {new Date(checkpoint.createdAt).toLocaleString()} · {checkpoint.fileCount} files
                </span>
              </div>
            )}
            <div className={styles.timelineActions}>
              <button
                type="button"
                className={controls.button}
                onClick={() => setPending({ action: 'restore', checkpoint })}
                aria-label={`Restore ${checkpoint.label}`}
              >
                Restore
              </button>
              {context.canRewind(checkpoint) && (
                <button
                  type="button"
                  className={controls.button}
                  disabled={context.busy}
                  onClick={() => setPending({ action: 'rewind', checkpoint })}
                  aria-label={`Rewind conversation to here (before ${checkpoint.label})`}
                >
                  Rewind conversation to here
                </button>
              )}
              {checkpoint.kind === 'named' && (
                <>
                  <button type="button" className={controls.button} onClick={() => setRenaming(checkpoint.id)} aria-label={`Rename ${checkpoint.label}`}>
                    Rename
                  </button>
                  <button
                    type="button"
                    className={controls.button}
                    onClick={() => setPending({ action: 'delete', checkpoint })}
                    aria-label={`Delete ${checkpoint.label}`}
                  >
                    Delete
                  </button>
                </>
              )}
            </div>
          </li>
        ))}
      </ol>
      {pending && (
        <ConfirmDialog
          title={
            pending.action === 'restore'
              ? `Restore “${pending.checkpoint.label}”?`
              : pending.action === 'rewind'
                ? 'Rewind the conversation to here?'
                : `Delete “${pending.checkpoint.label}”?`
          }
          confirmLabel={pending.action === 'restore' ? 'Restore' : pending.action === 'rewind' ? 'Rewind' : 'Delete'}
          danger
          onCancel={() => setPending(null)}
          onConfirm={confirm}
        >
          <p>
            {pending.action === 'delete'
              ? 'The checkpoint is deleted; your files stay as they are.'
              : pending.action === 'rewind'
                ? 'The files go back to before this turn and the messages from it on are removed from the conversation. The current files are checkpointed first.'
                : 'The files go back to this checkpoint. The current files are checkpointed first, so you can undo this.'}
          </p>
        </ConfirmDialog>
      )}
    </CheckpointDialog>
  );
}
