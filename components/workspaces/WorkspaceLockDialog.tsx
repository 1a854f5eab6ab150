'use client';

import { useId, useRef } from 'react';
import { useModal } from '@/components/files/ConfirmDialog';
import dialogStyles from '@/components/files/dialog.module.css';
import { navigateToWorkspace } from '../../lib/workspace/launcher/navigate';

interface WorkspaceLockDialogProps {
  /** The workspace's name when known (the list has it); the dialog works without it. */
  name?: string | null;
  onOpenReadOnly: () => void;
  onTakeOver: () => void;
  busy?: boolean;
}

/**
 * Another tab holds this workspace for writing (Web Locks): two writers would interleave saves, so this tab
 * asks. Read-only is safe; take-over makes the other tab read-only; or go back to the list.
 */
export function WorkspaceLockDialog({ name, onOpenReadOnly, onTakeOver, busy }: WorkspaceLockDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useModal(ref);
  const titleId = useId();

  return (
    // No onCancel close: Escape must not leave the page in a half-open state; "Back to workspaces" is the way out.
    <dialog ref={ref} aria-labelledby={titleId} className={dialogStyles.dialog} onCancel={(e) => e.preventDefault()}>
      <h2 id={titleId} className={dialogStyles.title}>
        This workspace is open in another tab
      </h2>
      <p>
        {name ? <strong>{name}</strong> : 'It'} can only be edited in one tab at a time, so that saves from two tabs never mix. You can look at it here without
        changing anything, or take it over: the other tab then becomes read-only.
      </p>
      <div className={dialogStyles.actions}>
        <button type="button" onClick={() => navigateToWorkspace(null)}>
          Back to workspaces
        </button>
        <button type="button" disabled={busy} onClick={onOpenReadOnly} autoFocus>
          Open read-only
        </button>
        <button type="button" className={dialogStyles.primary} disabled={busy} onClick={onTakeOver}>
          Take over
        </button>
      </div>
    </dialog>
  );
}
