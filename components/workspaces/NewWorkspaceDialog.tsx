'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import { useModal } from '@/components/files/ConfirmDialog';
import { errorMessage } from '@/lib/files/errors';
import type { TemplateId } from '@/lib/workspace/templates/types';
import type { TemplateOption } from '../../lib/workspace/launcher/template-options';
import dialogStyles from '@/components/files/dialog.module.css';
import styles from './workspaces.module.css';

interface NewWorkspaceDialogProps {
  templates: readonly TemplateOption[];
  /** Creates the workspace; a rejection is shown in the dialog and nothing is left behind. */
  onCreate: (name: string, template: TemplateId | null) => Promise<void>;
  onClose: () => void;
}

/** "New workspace": a name and a template (radio group), created without any network. */
export function NewWorkspaceDialog({ templates, onCreate, onClose }: NewWorkspaceDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useModal(ref);
  const titleId = useId();
  const errorId = useId();
  const [name, setName] = useState('');
  const [template, setTemplate] = useState<TemplateId>(templates[0]?.id ?? 'empty');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      // A blank name falls back to the template's, which is what most people would type anyway.
      const chosen = templates.find((t) => t.id === template);
      await onCreate(name.trim() || chosen?.name || 'Untitled', template === 'empty' ? null : template);
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={dialogStyles.dialog}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <form onSubmit={(e) => void submit(e)}>
        <h2 id={titleId} className={dialogStyles.title}>
          New workspace
        </h2>
        <label className={styles.field}>
          <span>Workspace name</span>
          <input
            value={name}
            autoFocus
            placeholder={templates.find((t) => t.id === template)?.name}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
          />
        </label>
        <div role="radiogroup" aria-label="Template" className={styles.templates}>
          {templates.map((t) => (
            <label key={t.id} className={t.id === template ? `${styles.template} ${styles.templateChosen}` : styles.template}>
              <input
                type="radio"
                name="template"
                value={t.id}
                // The name is the template's alone; the description is read as its description.
                aria-label={t.name}
                aria-describedby={`${titleId}-${t.id}`}
                checked={t.id === template}
                onChange={() => setTemplate(t.id)}
              />
              <span>
                <strong>{t.name}</strong>
                <span id={`${titleId}-${t.id}`} className={styles.muted}>
                  {t.description}
                </span>
              </span>
            </label>
          ))}
        </div>
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
            {busy ? 'Creating…' : 'Create'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
