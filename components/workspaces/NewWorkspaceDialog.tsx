'use client';

import { useId, useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/ui/FormDialog';
import { errorMessage } from '@/lib/files/errors';
import type { TemplateId } from '@/lib/workspace/templates/types';
import type { TemplateOption } from '../../lib/workspace/launcher/template-options';
import styles from './workspaces.module.css';

interface NewWorkspaceDialogProps {
  templates: readonly TemplateOption[];
  /** Creates the workspace; a rejection is shown in the dialog and nothing is left behind. */
  onCreate: (name: string, template: TemplateId | null) => Promise<void>;
  onClose: () => void;
}

/** "New workspace": a name and a template (radio group), created without any network. */
export function NewWorkspaceDialog({ templates, onCreate, onClose }: NewWorkspaceDialogProps) {
  // Prefixes the ids of the templates' descriptions.
  const descriptionId = useId();
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
    <FormDialog
      title="New workspace"
      error={error}
      errorId={errorId}
      submitLabel={busy ? 'Creating…' : 'Create'}
      busy={busy}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
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
              aria-describedby={`${descriptionId}-${t.id}`}
              checked={t.id === template}
              onChange={() => setTemplate(t.id)}
            />
            <span>
              <strong>{t.name}</strong>
              <span id={`${descriptionId}-${t.id}`} className={styles.muted}>
                {t.description}
              </span>
            </span>
          </label>
        ))}
      </div>
    </FormDialog>
  );
}
