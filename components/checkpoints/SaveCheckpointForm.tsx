'use client';

import { useId, useState } from 'react';
import styles from './checkpoints.module.css';
import controls from '../ui/controls.module.css';

/** A one-field form for a checkpoint's name (saving a new one, renaming one). */
export function SaveCheckpointForm({
  label,
  initial = '',
  submitLabel,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial?: string;
  submitLabel: string;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial);
  const id = useId();
  const valid = name.trim() !== '';
  return (
    <form
      className={styles.nameForm}
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onSubmit(name.trim());
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          // Escape leaves the form, not the whole dialog.
          e.preventDefault();
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      <label htmlFor={id}>{label}</label>
      <input id={id} className={controls.field} value={name} maxLength={500} autoFocus onChange={(e) => setName(e.target.value)} />
      <button type="submit" className={controls.primaryButton} disabled={!valid}>
        {submitLabel}
      </button>
      <button type="button" className={controls.button} onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
