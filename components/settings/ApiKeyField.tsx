'use client';

import { useId, useState, type FormEvent } from 'react';
import { apiKeySchema, type ProviderOption } from '@/lib/agent/model-options';
import { errorMessage } from '@/lib/error-message';
import styles from './settings.module.css';
import controls from '../ui/controls.module.css';

interface ApiKeyFieldProps {
  provider: ProviderOption;
  saved: string | undefined;
  onSave(key: string | undefined): Promise<unknown>;
}

/**
 * One provider's key: typed into a password field and saved with Enter or "Save key"; once saved only its last
 * four characters show, with "Remove key". An invalid key is refused with the reason and the field keeps it.
 */
export function ApiKeyField({ provider, saved, onSave }: ApiKeyFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [value, setValue] = useState('');
  const [visible, setVisible] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = `${provider.label} API key`;
  const serverNote = provider.serverKey
    ? 'The server has its own key; yours is used instead when you add one.'
    : provider.keyRequired
      ? 'The server has no key: add yours to use this provider.'
      : 'Optional for this server.';

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = apiKeySchema.safeParse(value);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'That is not a valid key.');
    try {
      await onSave(parsed.data);
      setValue('');
      setVisible(false);
    } catch (caught) {
      setError(`Could not save the key: ${errorMessage(caught)}`);
    }
  };

  if (saved) {
    return (
      <div className={styles.keyRow}>
        <span className={styles.label}>{label}</span>
        <span className={styles.savedKey}>Saved in this browser, ending in “{saved.slice(-4)}”</span>
        <button type="button" className={styles.button} onClick={() => void onSave(undefined)} aria-label={`Remove key (${provider.label})`}>
          Remove key
        </button>
      </div>
    );
  }
  return (
    <form className={styles.keyRow} onSubmit={save}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <input
        id={inputId}
        className={`${controls.field} ${styles.keyInput}`}
        type={visible ? 'text' : 'password'}
        autoComplete="off"
        spellCheck={false}
        value={value}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          setValue(e.target.value);
          setError(null);
        }}
      />
      <button type="button" className={styles.button} aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
        {visible ? 'Hide' : 'Show'}
      </button>
      <button type="submit" className={styles.button} disabled={value.trim() === ''} aria-label={`Save key (${provider.label})`}>
        Save key
      </button>
      {error && (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <p id={hintId} className={styles.hint}>
        Kept in this browser only and sent only to this app's server, with your requests. {serverNote}
      </p>
    </form>
  );
}
