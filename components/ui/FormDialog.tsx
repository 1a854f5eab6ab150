'use client';

import { useId, type FormEvent, type ReactNode } from 'react';
import { useModalDialog } from '@/components/ui/useModalDialog';
import dialogStyles from '@/components/files/dialog.module.css';

interface FormDialogProps {
  /** The heading, also the dialog's accessible name. */
  title: string;
  /** Shown as an alert above the buttons; its id is `errorId`, which the fields it is about point at. */
  error: string | null;
  errorId: string;
  submitLabel: string;
  /** Disables the submit button while the work runs. */
  busy?: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  children: ReactNode;
}

/** A modal form: a title, the caller's fields, the error if any, then Cancel and the submit button. */
export function FormDialog({ title, error, errorId, submitLabel, busy, onSubmit, onClose, children }: FormDialogProps) {
  const { ref, onCancel } = useModalDialog(onClose);
  const titleId = useId();
  return (
    <dialog ref={ref} aria-labelledby={titleId} className={dialogStyles.dialog} onCancel={onCancel}>
      <form onSubmit={onSubmit}>
        <h2 id={titleId} className={dialogStyles.title}>
          {title}
        </h2>
        {children}
        {error && (
          <p id={errorId} role="alert" className={dialogStyles.error}>
            {error}
          </p>
        )}
        <div className={dialogStyles.actions}>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={dialogStyles.primary} disabled={busy}>
            {submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
