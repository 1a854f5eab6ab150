'use client';

import { useState } from 'react';
import { ConfirmDialog } from '@/components/files/ConfirmDialog';
import type { FileChange } from '@/lib/workspace/checkpoints';
import { useCheckpoints } from './CheckpointsProvider';
import { CheckpointDialog, UndoRestoreNotice } from './CheckpointDialog';
import { FileDiff } from './FileDiff';
import type { Turn } from '../../lib/workspace/checkpoints/turns';
import { summaryText, useTurnChanges } from './useTurnChanges';
import styles from './checkpoints.module.css';
import controls from '../ui/controls.module.css';

/** Store paths are "/"-rooted; people read them relative to the workspace. */
const shown = (path: string) => path.replace(/^\/+/, '');

const STATUS_TEXT: Record<FileChange['status'], string> = { added: 'added', modified: 'modified', deleted: 'deleted' };

/**
 * A turn's review in a modal dialog: the files it changed, the diff of the chosen one, and the two ways back —
 * one file, or everything to before the turn. The counts are read afresh when it opens.
 */
export function TurnReview({ turn, onClose }: { turn: Turn; onClose: () => void }) {
  const context = useCheckpoints();
  const { changes, error } = useTurnChanges(context?.workspaceId ?? '', context?.store ?? null, turn, context?.version ?? 0);
  const [selected, setSelected] = useState<string | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const [working, setWorking] = useState(false);

  if (!context) return null;
  const current = changes?.find((change) => change.path === selected) ?? changes?.[0] ?? null;

  const restore = async (paths?: string[]) => {
    setWorking(true);
    await context.restore(turn.from, paths);
    setWorking(false);
  };

  return (
    <CheckpointDialog
      className={styles.reviewDialog}
      title={`Changes of this turn${changes ? `: ${summaryText(changes)}` : ''}`}
      closeLabel="Close the review"
      onClose={onClose}
      busy={confirmAll}
    >
      <p className={controls.muted}>
        Before: “{turn.from.label}”, {new Date(turn.from.createdAt).toLocaleString()}
      </p>
      {error && (
        <p role="alert" className={controls.error}>
          The changes could not be read: {error}
        </p>
      )}
      {context.error && (
        <p role="alert" className={controls.error}>
          {context.error}
        </p>
      )}
      {changes && changes.length === 0 && <p>This turn changed no files.</p>}
      {changes && changes.length > 0 && (
        <div className={styles.reviewBody}>
          <ul aria-label="Changed files" className={styles.fileList}>
            {changes.map((change) => (
              <li key={change.path}>
                <button
                  type="button"
                  aria-current={current?.path === change.path ? 'true' : undefined}
                  className={current?.path === change.path ? styles.fileActive : styles.file}
                  onClick={() => setSelected(change.path)}
                >
                  {shown(change.path)} <span className={styles[change.status]}>{STATUS_TEXT[change.status]}</span>{' '}
                  <span className={styles.counts}>{change.binary ? 'binary' : `+${change.additions} −${change.deletions}`}</span>
                </button>
              </li>
            ))}
          </ul>
          {current && (
            <section aria-label={`Diff of ${shown(current.path)}`} className={styles.diffPane}>
              <div className={styles.diffHeader}>
                <span>{shown(current.path)}</span>
                <button
                  type="button"
                  className={controls.button}
                  disabled={working}
                  onClick={() => void restore([current.path])}
                  aria-label={`Restore this file: ${shown(current.path)}`}
                >
                  Restore this file
                </button>
              </div>
              <FileDiff key={current.path} change={current} />
            </section>
          )}
        </div>
      )}
      <UndoRestoreNotice context={context} />
      <div className={styles.actions}>
        <button type="button" className={controls.dangerButton} disabled={working || !changes || changes.length === 0} onClick={() => setConfirmAll(true)}>
          Restore all to before this turn
        </button>
      </div>
      {confirmAll && (
        <ConfirmDialog
          title="Restore all files to before this turn?"
          confirmLabel="Restore all"
          danger
          onCancel={() => setConfirmAll(false)}
          onConfirm={() => {
            setConfirmAll(false);
            void restore();
          }}
        >
          <p>The current files are checkpointed first, so you can undo this restore.</p>
        </ConfirmDialog>
      )}
    </CheckpointDialog>
  );
}
