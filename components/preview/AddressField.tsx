'use client';

import { useState, type FormEvent, type KeyboardEvent } from 'react';
import styles from './preview.module.css';

interface AddressFieldProps {
  /** The shown server's port, or null when none runs. */
  port: number | null;
  /** The server's real root URL, for the tooltip. */
  root: string | null;
  /** The path the preview shows now. */
  path: string;
  onGo(path: string): void;
}

/**
 * The preview's address: the server as the app knows it (localhost:5173) and an editable path. Enter loads the
 * path, Esc puts back the one shown. The full URL the IDE loads is in the tooltip, never in the way of the path.
 */
export function AddressField({ port, root, path, onGo }: AddressFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onGo(draft ?? path);
    setDraft(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && draft !== null) {
      event.preventDefault();
      setDraft(null);
    }
  };
  return (
    <form className={styles.address} onSubmit={submit} title={root ?? undefined}>
      <span className={styles.host} aria-hidden="true">{port === null ? '' : `localhost:${port}`}</span>
      <input
        aria-label="Preview address (path)"
        className={styles.path}
        value={draft ?? path}
        disabled={port === null}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => setDraft(null)}
      />
    </form>
  );
}
