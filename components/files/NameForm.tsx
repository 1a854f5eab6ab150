'use client';

import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { errorMessage } from '../../lib/files/errors';
import styles from './tree.module.css';

interface NameFormProps {
  /** The input's accessible name, e.g. "New file name". */
  label: string;
  /** Shown before the input so sighted users see where the item goes, e.g. "in src/". */
  hint?: string;
  initial?: string;
  /** Checks the name before submitting; returns the problem to show, or null. */
  validate?: (name: string) => string | null;
  /** Resolves when done; a rejection (a WorkspaceError) stays on screen next to the input. */
  onSubmit: (name: string) => Promise<void>;
  onCancel: () => void;
}

/**
 * The inline name input for new files, new folders and renames. Errors stay beside the input (and nothing
 * is created) so the user can fix the name instead of starting over.
 */
export function NameForm({ label, hint, initial = '', validate, onSubmit, onCancel }: NameFormProps) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const name = value.trim();
    const problem = name ? (validate?.(name) ?? null) : 'Enter a name.';
    if (problem) {
      setError(problem);
      return;
    }
    if (name === initial) {
      onCancel();
      return;
    }
    setBusy(true);
    try {
      await onSubmit(name);
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };

  return (
    <form className={styles.nameForm} onSubmit={(e) => void submit(e)}>
      {hint && <span className={styles.hint}>{hint}</span>}
      <input
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={value}
        autoFocus
        spellCheck={false}
        disabled={busy}
        onChange={(e) => {
          setValue(e.target.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        // Selecting the name without the extension is what people want when renaming "app.js".
        onFocus={(e) => {
          const dot = e.target.value.lastIndexOf('.');
          e.target.setSelectionRange(0, dot > 0 ? dot : e.target.value.length);
        }}
      />
      <button type="submit" disabled={busy}>
        OK
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
      {error && (
        <p id={errorId} role="alert" className={styles.inlineError}>
          {error}
        </p>
      )}
    </form>
  );
}
