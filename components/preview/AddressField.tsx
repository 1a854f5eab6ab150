'use client';

import { useState, type FormEvent, type KeyboardEvent } from 'react';
import styles from './preview.module.css';

interface AddressFieldProps {
  /** The open server ports, in the order they opened. */
  ports: readonly number[];
  /** The shown server's port, or null when none runs. */
  port: number | null;
  /** The server's real root URL, for the tooltip. */
  root: string | null;
  /** The path the preview shows now. */
  path: string;
  onSelectPort(port: number): void;
  onGo(path: string): void;
}

/**
 * The preview's address: the server as the app knows it (localhost:5173) and an editable path. The server part
 * is the port picker, so the toolbar needs no separate one and the address keeps its room in a narrow pane.
 * Enter loads the path, Esc puts back the one shown. The full URL the IDE loads is in the tooltip, never in
 * the way of the path.
 */
export function AddressField({ ports, port, root, path, onSelectPort, onGo }: AddressFieldProps) {
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
      <select
        aria-label="Preview port"
        // The arrow shows only when there is a choice; one server is just the address's host.
        className={ports.length > 1 ? `${styles.host} ${styles.hostChoice}` : styles.host}
        value={port ?? ''}
        disabled={ports.length === 0}
        onChange={(event) => onSelectPort(Number(event.target.value))}
      >
        {ports.length === 0 && <option value="">No open port</option>}
        {ports.map((p) => (
          <option key={p} value={p}>{`localhost:${p}`}</option>
        ))}
      </select>
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
